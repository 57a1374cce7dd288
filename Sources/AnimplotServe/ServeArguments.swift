import AnimplotCommandLine
import AnimplotPlatform
import AnimplotText
import ArgumentParser

/// `serve`'s options.
package struct ServeArguments: ParsableArguments {
  package init() {}

  @Argument(help: "The files to serve (any kind animplot reads).")
  package var inputs: [String]

  @OptionGroup package var server: ServerOptions

  @Flag(help: "Open the page in the default browser (xdg-open).")
  package var open = false

  @Flag(help: "Allow editing and saving the served action files (needs a token; made when --token is absent).")
  package var edit = false

  package func validate() throws {
    if inputs.contains("-") { throw ValidationError("serve reads files it can read again; not standard input ('-')") }
  }

  /// What a server of these options serves: the files read (a bad one refused here, before it
  /// listens), the token, the API.
  package func plan() throws -> (host: String, port: Int, token: String?, api: ServeAPI) {
    let files: ServedFiles
    do {
      files = try ServedFiles(paths: inputs)
    } catch {
      throw CLIError(error.message)
    }
    let token = server.token ?? (Access.needsToken(host: server.host, edit: edit) ? Access.newToken() : nil)
    return (server.host, server.port, token, ServeAPI(files: files, editing: edit))
  }

  /// Opens `url` with xdg-open, if there is one; says so on standard error when not.
  static package func openBrowser(_ url: String) {
    guard let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first(where: FileSystem.isExecutable) else {
      Terminal.error("animplot serve: no xdg-open to open the page with; open \(url)")
      return
    }
    // xdg-open returns once the browser is started.
    _ = Subprocess.run(opener, arguments: [opener, url])
  }
}
