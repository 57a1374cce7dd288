import AnimplotCanvas
import AnimplotPlatform

/// Rasterises SVG documents with librsvg's `rsvg-convert` (Debian: librsvg2-bin), run as a
/// subprocess, so that an SVG reference and the SVG drawn now are compared as pixels by the
/// same renderer.
///
/// A subprocess rather than linking librsvg: only SVG cases need it, the CLI keeps its small
/// set of libraries, and a missing tool is one clear message instead of a build failure.
public struct SVGRasterizer: Sendable, Hashable {
  /// The program's path.
  public var executable: String

  /// The command looked for on `PATH`.
  public static let command = "rsvg-convert"

  /// What to install when the command is missing.
  public static let installHint = "install librsvg2-bin (Debian, Ubuntu) or librsvg (Homebrew)"

  public init(executable: String) { self.executable = executable }

  /// `rsvg-convert` found in the directories of `searchPath` (the `PATH` value), if any.
  public static func find(searchPath: String?) -> SVGRasterizer? {
    for directory in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = directory + "/" + command
      if access(candidate, X_OK) == 0 { return SVGRasterizer(executable: candidate) }
    }
    return nil
  }

  /// The SVG document `svg` as a PNG file's bytes and as decoded pixels.
  /// - Parameter name: names the document in errors.
  public func rasterize(svg: [UInt8], name: String) throws(SVGRasterizingError) -> RasterizedSVG {
    let input = try TemporaryFile(suffix: ".svg", name: name)
    defer { input.remove() }
    let output = try TemporaryFile(suffix: ".png", name: name)
    defer { output.remove() }
    try input.write(svg, name: name)
    try run([executable, "--format", "png", "--output", output.path, input.path], name: name)
    do {
      let png = try FileSystem.readBytes(path: output.path)
      return RasterizedSVG(png: png, image: try ImageFile.decode(pngBytes: png, path: name))
    } catch {
      throw SVGRasterizingError(name: name, reason: "\(Self.command) wrote no valid PNG: \(error)")
    }
  }

  /// Runs `arguments` and waits; standard error is kept for the message when it fails.
  private func run(_ arguments: [String], name: String) throws(SVGRasterizingError) {
    let errors = try TemporaryFile(suffix: ".txt", name: name)
    defer { errors.remove() }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_TRUNC, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw SVGRasterizingError(
        name: name, reason: "cannot run \(executable): \(SystemError(errno: spawned))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    let exited = status & 0x7f == 0
    let code = (status >> 8) & 0xff
    guard exited && code == 0 else {
      let text = (try? FileSystem.readBytes(path: errors.path)).map {
        String(decoding: $0, as: UTF8.self)
      }
      let message = text?.split(separator: "\n").first.map(String.init) ?? ""
      throw SVGRasterizingError(
        name: name,
        reason: "\(Self.command) failed (\(exited ? "exit \(code)" : "signal \(status & 0x7f)"))"
          + (message.isEmpty ? "" : ": " + message))
    }
  }
}

/// An SVG document drawn as pixels.
public struct RasterizedSVG: Sendable, Hashable {
  /// The PNG file `rsvg-convert` wrote.
  public var png: [UInt8]
  /// Its pixels.
  public var image: RGBAImage
}

/// An SVG that could not be rasterised, and why.
public struct SVGRasterizingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The document's name (its path, or the case's).
  public var name: String
  public var reason: String

  public var description: String { "\(name): cannot rasterise the SVG: \(reason)" }
}

/// A file in the temporary folder (`TMPDIR`, else `/tmp`), made with a unique name.
private struct TemporaryFile {
  let path: String
  /// Its slot in the list of files removed on SIGINT and SIGTERM.
  let slot: Int32

  init(suffix: String, name: String) throws(SVGRasterizingError) {
    let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((folder + "/animplot-svg-XXXXXX" + suffix).utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
    guard fd >= 0 else {
      throw SVGRasterizingError(
        name: name, reason: "cannot make a temporary file in \(folder): \(SystemError(errno: errno))")
    }
    close(fd)
    path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    slot = SignalCleanup.add(path)
  }

  func write(_ bytes: [UInt8], name: String) throws(SVGRasterizingError) {
    let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    let result = fd >= 0 ? FileDescriptor.write(fd, bytes) : .failure(SystemError(errno: errno))
    if fd >= 0 { close(fd) }
    if case .failure(let error) = result {
      throw SVGRasterizingError(name: name, reason: "cannot write \(path): \(error)")
    }
  }

  func remove() {
    unlink(path)
    SignalCleanup.remove(slot)
  }
}
