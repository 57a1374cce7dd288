import AnimplotTestSupport
import Foundation
import Testing

/// Runs the built `animplot` binary, as a user would.
enum CLI {
  static let repository = Repository.root

  /// The binary under test (`Repository.binary`: `$ANIMPLOT_BINARY`, else the debug build).
  static var binary: URL { Repository.binary }

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `animplot ARGS` with `stdin` as its standard input; `environment` changes the
  /// test's environment (a `nil` value removes the variable). Through files (`Run`).
  static func run(
    _ arguments: [String], stdin: String? = nil, stdinData: Data? = nil, in directory: URL? = nil,
    environment: [String: String?] = [:]
  ) throws -> Result {
    let run = try Run.of(
      binary, arguments, stdin: Data((stdin ?? "").utf8) + (stdinData ?? Data()), in: directory,
      environment: environment)
    return Result(status: run.status, stdout: run.output, stderr: run.errors)
  }

  /// A fresh temporary directory, inside one folder per test run. Folders left by earlier
  /// runs (their process is gone) are removed the first time, so tests do not fill /tmp.
  static func temporaryDirectory() throws -> URL {
    let dir = runFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  private static let runFolder: URL = {
    let fm = FileManager.default
    let tmp = fm.temporaryDirectory
    let prefix = "animplot-e2e-"
    for name in (try? fm.contentsOfDirectory(atPath: tmp.path)) ?? [] where name.hasPrefix(prefix) {
      let owner = Int32(name.dropFirst(prefix.count)) ?? 0
      if owner <= 0 || (kill(owner, 0) != 0 && errno == ESRCH) {
        try? fm.removeItem(at: tmp.appendingPathComponent(name))
      }
    }
    return tmp.appendingPathComponent("\(prefix)\(getpid())")
  }()
}
