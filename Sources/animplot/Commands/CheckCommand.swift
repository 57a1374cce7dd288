import AnimplotCommandLine
import AnimplotPlatform
import AnimplotServe
import ArgumentParser
import Dispatch

/// `animplot check DIR`: golden-image regression over a folder of cases (docs/check.md); with
/// `--review`, the failed and new cases in the browser to approve or reject.
struct CheckCommand: ParsableCommand {
  static let configuration = CheckArguments.configuration

  @OptionGroup var arguments: CheckArguments

  @Flag(help: "After the run, serve its failed and new cases in the browser to approve (the output becomes the reference) or reject; the URL is the first line printed (docs/check.md, 'Review').")
  var review = false

  /// With --review: where it listens and its token (made and printed when not given).
  @OptionGroup var server: ServerOptions

  func validate() throws {
    if !review && server.given { throw ValidationError("--host, --port and --token go with --review") }
  }

  func run() throws {
    guard review else { return try arguments.run() }
    // The review writes references: a token always. The URL first, then the run's lines.
    let token = self.server.token ?? Access.newToken()
    let host = self.server.host, port = self.server.port
    let server = Server(host: host, port: port, token: token)
    // The outputs to approve and the images to show are kept on disk, not in memory.
    let spill: SpillFile
    do {
      spill = try SpillFile()
    } catch {
      throw CLIError("check --review: \(error)")
    }
    let api = ReviewAPI(folder: arguments.folder, spill: spill)
    // The review decides what is written: the run itself records nothing unless --record says.
    var recording = self.arguments
    if recording.record == nil { recording.record = .never }
    let arguments = recording
    let outcome = Locked<Result<Bool, CLIError>?>(nil)
    try Server.block(host: host, port: port) {
      try await server.run(
        routes: { router in
          api.routes(router, token: token) {
            // Done: the summary, and check's exit code for what is left (once the page has its
            // answer).
            Terminal.write(api.summary(), to: 1)
            let passed = outcome.withLock { $0.flatMap { try? $0.get() } } ?? false
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
              ThisProcess.exit(passed || api.everyCaseApproved ? 0 : 1)
            }
          }
        },
        ready: { port in
          Terminal.write(Server.url(host: host, port: port, token: token) + "\n", to: 1)
          // The run, once the server listens (the page waits for it).
          DispatchQueue.global().async {
            let result: Result<Bool, CLIError>
            do {
              let report = try arguments.check(keeping: spill)
              api.load(report)
              result = .success(report.passed)
            } catch let error as CLIError {
              result = .failure(error)
            } catch {
              result = .failure(CLIError("\(error)"))
            }
            outcome.withLock { $0 = result }
            if case .failure(let error) = result {
              Terminal.error(error.message)
              ThisProcess.exit(error.exitCode)
            }
            if api.count == 0 {
              Terminal.write("review: every case passed; nothing to review\n", to: 1)
              ThisProcess.exit(0)
            }
            Terminal.write("review: \(api.count) case\(api.count == 1 ? "" : "s") to review at the URL above; Done on the page (or Ctrl-C) ends it\n", to: 1)
          }
        })
    }
  }
}
