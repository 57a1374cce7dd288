import Foundation

/// A program run to its end by a test: its exit status and what it wrote.
package struct Run: Sendable {
  package var status: Int32
  package var stdout: Data
  package var stderr: Data

  /// Standard output as text.
  package var output: String { String(decoding: stdout, as: UTF8.self) }
  /// Standard error as text.
  package var errors: String { String(decoding: stderr, as: UTF8.self) }

  /// Runs `executable` with `arguments` in `directory` (the repository when `nil`), `stdin` on
  /// its standard input; `environment` changes the test's environment (a `nil` value removes
  /// the variable). Standard input and both outputs go through files, never pipes: no pipe
  /// fills while another is written, whatever the program writes.
  package static func of(
    _ executable: URL, _ arguments: [String], stdin: Data = Data(), in directory: URL? = nil,
    environment: [String: String?] = [:]
  ) throws -> Run {
    let fm = FileManager.default
    let folder = fm.temporaryDirectory.appendingPathComponent("animplot-run-\(UUID().uuidString)")
    try fm.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: folder) }
    let (inURL, outURL, errURL) = (
      folder.appendingPathComponent("in"), folder.appendingPathComponent("out"), folder.appendingPathComponent("err")
    )
    try stdin.write(to: inURL)
    for url in [outURL, errURL] { fm.createFile(atPath: url.path, contents: nil) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? Repository.root
    if !environment.isEmpty {
      var merged = ProcessInfo.processInfo.environment
      for (name, value) in environment { merged[name] = value }
      process.environment = merged
    }
    let (input, output, errors) = (
      try FileHandle(forReadingFrom: inURL), try FileHandle(forWritingTo: outURL), try FileHandle(forWritingTo: errURL)
    )
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    for handle in [input, output, errors] { try handle.close() }
    return Run(status: process.terminationStatus, stdout: try Data(contentsOf: outURL), stderr: try Data(contentsOf: errURL))
  }

  /// Runs python3 (from `PATH`) with `arguments` in the repository.
  package static func python(_ arguments: [String], stdin: Data = Data()) throws -> Run {
    try of(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments, stdin: stdin)
  }
}
