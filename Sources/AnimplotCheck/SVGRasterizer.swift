import AnimplotCanvas
import AnimplotGolden
import AnimplotPlatform

/// Rasterises SVG documents with librsvg's `rsvg-convert` (Debian: librsvg2-bin), run as a
/// subprocess, so that an SVG reference and the SVG drawn now are compared as pixels by the
/// same renderer.
///
/// A subprocess rather than linking librsvg: only SVG cases need it, the CLI keeps its small
/// set of libraries, and a missing tool is one clear message instead of a build failure.
///
/// What it may cost is bounded before and while it runs: the size the document declares is
/// weighed first (`SVGDeclaredSize`, at most `Limits.imagePixels`) and given to `rsvg-convert`
/// as its size, so that it never rasterises a larger picture; its processor time is limited
/// (`processorSeconds`); and a signal that ends animplot kills it.
package struct SVGRasterizer: Sendable, Hashable {
  /// The program's path.
  package var executable: String

  /// The processor time one rasterising may take (Linux), `Limits.rasterizingSeconds`.
  package var processorSeconds = Limits.rasterizingSeconds

  /// The command looked for on `PATH`.
  package static let command = "rsvg-convert"

  /// What to install when the command is missing.
  package static let installHint = "install librsvg2-bin (Debian, Ubuntu) or librsvg (Homebrew)"

  package init(executable: String) { self.executable = executable }

  /// `rsvg-convert` found in the directories of `searchPath` (the `PATH` value), if any.
  package static func find(searchPath: String?) -> SVGRasterizer? {
    for directory in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = directory + "/" + command
      if FileSystem.isExecutable(candidate) { return SVGRasterizer(executable: candidate) }
    }
    return nil
  }

  /// The SVG document `svg` as a PNG file's bytes and as decoded pixels.
  /// - Parameter name: names the document in errors.
  package func rasterize(svg: [UInt8], name: String) throws(SVGRasterizingError) -> RasterizedSVG {
    let size: SVGDeclaredSize
    do {
      size = try SVGDeclaredSize(of: svg)
    } catch {
      throw SVGRasterizingError(name: name, reason: error.reason)
    }
    if let excess = size.excess { throw SVGRasterizingError(name: name, reason: excess) }
    let input = try temporaryFile(suffix: ".svg", name: name)
    defer { input.remove() }
    let output = try temporaryFile(suffix: ".png", name: name)
    defer { output.remove() }
    do {
      try input.write(svg)
    } catch {
      throw SVGRasterizingError(name: name, reason: "cannot write \(input.path): \(error)")
    }
    // The PNG on its standard output: given `--output`, rsvg-convert writes through a file of
    // its own beside it (`.goutputstream-XXXXXX`), which a signal that kills it leaves behind.
    try run(
      [executable, "--format", "png", "--width", size.widthArgument, "--height", size.heightArgument, input.path],
      output: output.path, name: name)
    do {
      let png = try FileSystem.readBytes(path: output.path)
      return RasterizedSVG(png: png, image: try ImageFile.decode(pngBytes: png, path: name))
    } catch {
      throw SVGRasterizingError(name: name, reason: "\(Self.command) wrote no valid PNG: \(error)")
    }
  }

  /// Runs `arguments` with standard output into `output` and waits; standard error is kept for
  /// the message when it fails.
  private func run(_ arguments: [String], output: String, name: String) throws(SVGRasterizingError) {
    let errors = try temporaryFile(suffix: ".txt", name: name)
    defer { errors.remove() }
    let termination: Subprocess.Termination
    switch Subprocess.run(
      executable, arguments: arguments, output: output, errors: errors.path, processorSeconds: processorSeconds)
    {
    case .success(let ended): termination = ended
    case .failure(let error):
      throw SVGRasterizingError(name: name, reason: "cannot run \(executable): \(error)")
    }
    if termination == .exited(0) { return }
    if termination == .signalled(Subprocess.processorLimitSignal) {
      throw SVGRasterizingError(
        name: name,
        reason: "\(Self.command) took more than \(processorSeconds) s of processor time, the limit of one SVG; it was stopped")
    }
    let text = (try? FileSystem.readBytes(path: errors.path)).map { String(decoding: $0, as: UTF8.self) }
    let message = text?.split(separator: "\n").first.map(String.init) ?? ""
    let how =
      switch termination {
      case .exited(let code): "exit \(code)"
      case .signalled(let signal): "signal \(signal)"
      }
    throw SVGRasterizingError(
      name: name, reason: "\(Self.command) failed (\(how))" + (message.isEmpty ? "" : ": " + message))
  }

  /// A new temporary file (`TemporaryFile`) ending in `suffix`.
  private func temporaryFile(suffix: String, name: String) throws(SVGRasterizingError) -> TemporaryFile {
    do {
      return try TemporaryFile(prefix: "svg", suffix: suffix)
    } catch {
      throw SVGRasterizingError(name: name, reason: "cannot make a temporary file in \(error.path): \(error.error)")
    }
  }
}

/// An SVG document drawn as pixels.
package struct RasterizedSVG: Sendable, Hashable {
  /// The PNG file `rsvg-convert` wrote.
  package var png: [UInt8]
  /// Its pixels.
  package var image: RGBAImage
}

/// An SVG that could not be rasterised, and why.
package struct SVGRasterizingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The document's name (its path, or the case's).
  package var name: String
  package var reason: String

  package var description: String { "\(name): cannot rasterise the SVG: \(reason)" }
}
