import AnimplotCommandLine
import AnimplotPlatform
import AnimplotServe
import ArgumentParser
import Dispatch

/// `animplot serve`: the editors in the browser.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the Graph Editor, Dope Sheet and Timeline of files in the browser: look, hover, zoom, scrub, play and (with --edit) edit.",
    discussion: """
      Prints the URL to open on its first line, then serves until stopped (Ctrl-C). It listens \
      on loopback only unless --host says otherwise, and then needs a token (made and printed \
      unless --token gives one); with --edit always. It serves its page and the files named, \
      nothing else. The API the page uses is in docs/serve.md.

      Examples:
        animplot serve walk.json
        animplot serve walk.json run.glb --port 0 --open
        animplot serve walk.json --edit
      """)

  @OptionGroup var arguments: ServeArguments

  func run() throws {
    let plan = try arguments.plan()
    let server = Server(host: plan.host, port: plan.port, token: plan.token)
    let open = arguments.open
    try Server.block(host: plan.host, port: plan.port) {
      try await server.serve(plan.api) { port in
        let url = Server.url(host: plan.host, port: port, token: plan.token)
        Terminal.write(url + "\n", to: 1)
        // Not here: the server answers once this returns, and a browser xdg-open waits for
        // would wait for the page.
        if open { DispatchQueue.global().async { ServeArguments.openBrowser(url) } }
      }
    }
  }
}
