import AnimplotCanvas
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// Headless Chromium, when installed.
enum Browser {
  static let names = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"]
  static let chromium = names.lazy.compactMap { name in
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
      .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }.first

  /// What the tests that open a page need: skipped without Chromium, failed without it when CI
  /// is set (`make test` installs Debian's chromium-headless-shell when CI is set).
  static let requirement = Requirement(
    what: "headless Chromium",
    missing: "none of \(names.joined(separator: ", ")) on PATH",
    howToRun: "install it (Debian: apt-get install chromium-headless-shell) and run make test",
    isMet: chromium != nil)

  /// A screenshot of `page`, `width`×`height`.
  static func screenshot(_ page: URL, in root: URL, width: Int, height: Int) throws -> RGBAImage {
    let shot = root.appendingPathComponent(page.deletingPathExtension().lastPathComponent + ".png")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium!)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
      "--user-data-dir=" + root.appendingPathComponent("profile").path, "--virtual-time-budget=500",
      "--screenshot=" + shot.path, "--window-size=\(width),\(height)", page.absoluteString,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(90)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning { process.terminate() }
    try #require(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
    return try ImageFile.read(path: shot.path)
  }

  /// The DOM of `page` once its scripts have run, as Chromium serialises it.
  static func dom(_ page: URL, in root: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium!)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu",
      "--user-data-dir=" + root.appendingPathComponent("profile").path, "--virtual-time-budget=500",
      "--dump-dom", page.absoluteString,
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
    return String(decoding: data, as: UTF8.self)
  }
}
