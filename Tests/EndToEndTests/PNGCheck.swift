import Foundation

/// Debian's `pngcheck`, when installed: an independent judge of the PNG and APNG files written.
enum PNGCheck {
  static let path = ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether `pngcheck -q` accepts the file; `true` when pngcheck is not installed.
  static func accepts(_ file: URL) throws -> Bool {
    guard let path else { return true }
    let check = Process()
    check.executableURL = URL(fileURLWithPath: path)
    check.arguments = ["-q", file.path]
    check.standardOutput = FileHandle.nullDevice
    try check.run()
    check.waitUntilExit()
    return check.terminationStatus == 0
  }
}
