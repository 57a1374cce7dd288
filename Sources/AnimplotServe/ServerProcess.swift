import AnimplotCommandLine
import AnimplotPlatform
import Dispatch

extension Server {
  /// Runs `body` (a server) to its end from synchronous code: the command line's verbs are
  /// synchronous; a server is not.
  /// - Throws: `CLIError` when the server could not start (the port is taken, say).
  package static func block(host: String, port: Int, _ body: @escaping @Sendable () async throws -> Void) throws {
    let failure = Locked<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        try await body()
      } catch {
        failure.withLock { $0 = "cannot listen on \(host):\(port): \(error)" }
      }
      done.signal()
    }
    done.wait()
    if let message = failure.withLock({ $0 }) { throw CLIError(message) }
  }
}
