import AnimplotTestSupport
import Foundation
import Testing

/// check's rsvg-convert never outlives it: a signal that ends check kills it.
@Suite struct RasterizingChildTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalEndingCheckKillsItsRasterizer(signal: Int32) throws {
    let dir = try CLI.temporaryDirectory()
    let bin = dir.appendingPathComponent("bin")
    let cases = dir.appendingPathComponent("cases")
    for folder in [bin, cases] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
    // An rsvg-convert that says who it is and never ends.
    let pidFile = dir.appendingPathComponent("rasterizer.pid").path
    let script = bin.appendingPathComponent("rsvg-convert").path
    try Data("#!/bin/sh\necho $$ > '\(pidFile).tmp' && mv '\(pidFile).tmp' '\(pidFile)'\nexec sleep 300\n".utf8)
      .write(to: URL(fileURLWithPath: script))
    chmod(script, 0o755)
    try FileManager.default.copyItem(
      atPath: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json").path,
      toPath: cases.appendingPathComponent("a.json").path)
    try Data("graph --width 64 --height 48\n".utf8).write(to: cases.appendingPathComponent("a.args"))
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"48\"/>".utf8)
      .write(to: cases.appendingPathComponent("a.svg"))
    let environment = ProcessInfo.processInfo.environment.filter { $0.key != "PATH" && $0.key != "CI" }
      .map { "\($0.key)=\($0.value)" } + ["PATH=\(bin.path):/usr/bin:/bin"]
    let check = try Spawn.withDefaultSignals(
      [CLI.binary.path, "check", cases.path, "--record", "never", "--artifacts", dir.appendingPathComponent(".a").path],
      environment: environment)
    var rasterizer: pid_t?
    // Up to two minutes: a loaded machine (CI runs the suites side by side) starts a debug
    // build slowly.
    for _ in 0..<60_000 where rasterizer == nil {
      rasterizer = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
        pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      if rasterizer == nil { usleep(2000) }
    }
    guard let rasterizer else {
      kill(check, SIGKILL)
      Issue.record("check never ran rsvg-convert (signal \(signal))")
      return
    }
    kill(check, signal)
    var status: Int32 = 0
    waitpid(check, &status, 0)
    #expect(status & 0x7F == signal, "ended by the signal \(signal), not status \(status)")
    // Gone, or a zombie not yet reaped by its new parent; never still sleeping.
    func running() -> Bool {
      guard let stat = try? String(contentsOfFile: "/proc/\(rasterizer)/stat", encoding: .utf8) else {
        return kill(rasterizer, 0) == 0
      }
      return !stat.contains(") Z ")
    }
    var alive = running()
    for _ in 0..<2_500 where alive {
      usleep(2000)
      alive = running()
    }
    #expect(!alive, "rsvg-convert (\(rasterizer)) outlived check ended by signal \(signal)")
    if alive { kill(rasterizer, SIGKILL) }
  }
}
