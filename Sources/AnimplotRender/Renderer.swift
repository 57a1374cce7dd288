import AnimplotCairo
import AnimplotCanvas
import AnimplotCore
import AnimplotIO

/// A view whose picture's size its options decide: weighed before its content is made
/// (`Renderer.render`), so that a picture too large to draw is refused before the work of
/// making it (a morph's outlines of 100,000 points took 3.4 s to align).
package protocol SizedView {
  /// - Throws: `RenderError`, as drawing a picture of that size as `format` would.
  func checkPictureSize(with renderer: Renderer, format: OutputFormat) throws(RenderError)
}

/// The render pipeline: input → actions → view → rendition → output bytes.
///
/// ```swift
/// let renderer = Renderer(settings: RenderSettings(scale: 2))
/// let png = try renderer.render(.file("walk.json"), view: GraphView(), as: .png)
/// ```
///
/// The per-process costs are paid once whatever the number of renderers (the font face is
/// shared, PNG encoding needs no set-up), so a renderer is cheap to make: give each thread its
/// own (it is not thread-safe) and change `settings` between pictures as needed.
public final class Renderer {
  /// How pictures become bytes.
  public var settings: RenderSettings

  public init(settings: RenderSettings = RenderSettings()) {
    self.settings = settings
  }

  /// The bytes of `view` of the actions in `input`, in `format`.
  /// - Parameters:
  ///   - input: where the actions come from.
  ///   - view: how they are shown, with its options.
  ///   - selection: which action of a multi-action file, and which channels.
  ///   - format: the output's format.
  /// - Throws: `RenderError` naming the input: unreadable or badly formed, no such action or
  ///   channel, a format the view does not write, a backend failure.
  public func render<View: PlotView>(
    _ input: Input, view: View, selection: ActionSelection = ActionSelection(), as format: OutputFormat
  ) throws(RenderError) -> [UInt8] {
    try checkFormat(format, for: View.self)
    let actions = try selection.actions(
      of: input.document(), every: View.showsEveryAction, file: input.name)
    return try render(actions, view: view, as: format, name: input.name)
  }

  /// The bytes of `view` of `actions` (handles already recalculated, as loading does), in
  /// `format`.
  /// - Parameters:
  ///   - actions: the actions shown (one unless the view shows every action).
  ///   - view: how they are shown, with its options.
  ///   - format: the output's format.
  ///   - name: names the actions in errors.
  public func render<View: PlotView>(
    _ actions: [Action], view: View, as format: OutputFormat, name: String = "<actions>"
  ) throws(RenderError) -> [UInt8] {
    try checkFormat(format, for: View.self)
    let content: View.Content
    do {
      // A picture too large to make is refused before the work of making it.
      try (view as? any SizedView)?.checkPictureSize(with: self, format: format)
      content = try view.content(of: actions)
      // Weighed before any format lays it out (a layout's JSON builds every curve's path too).
      try (content as? any WeighedDrawing)?.checkDrawingWork(scale: settings.scale)
    } catch {
      throw RenderError(error.kind, "\(name): \(error.description)", decoding: error.decoding)
    }
    do {
      return try format.encode(content, with: self)
    } catch {
      throw RenderError(error.kind, "\(name): \(error.description)", decoding: error.decoding)
    }
  }

  /// The values of every channel of `action` at `frames`, as Blender evaluates them.
  public static func evaluate(_ action: Action, at frames: [Double]) -> ValueTable {
    ValueTable(action: action, frames: frames)
  }

  private func checkFormat<View: PlotView>(_ format: OutputFormat, for view: View.Type) throws(RenderError) {
    guard format.accepts(View.Content.self) else {
      throw RenderError(
        .request,
        "\(View.name) does not write \(format.name); use "
          + OutputFormat.list(View.outputFormats.map(\.name)))
    }
  }

  // MARK: Backends

  /// Refuses a picture of `size` that `format` could not be drawn on at the renderer's scale
  /// (`CairoCanvas.checkSize`: its sides; a PNG's device pixels), as drawing it would.
  package func checkCanvas(_ size: Size, format: OutputFormat) throws(RenderError) {
    let surface: CairoCanvas.Format
    switch format {
    case .png: surface = .png
    case .svg, .animatedSVG: surface = .svg
    case .pdf: surface = .pdf
    default: return
    }
    do {
      try CairoCanvas.checkSize(width: Int(size.width), height: Int(size.height), scale: settings.scale, format: surface)
    } catch {
      throw RenderError(.backend, "cannot render: \(error)")
    }
  }

  /// `drawable` drawn on a Cairo surface of `format` at the renderer's settings.
  /// - Throws: `RenderError`: `.request` for a drawing past its limit (`WeighedDrawing`,
  ///   `LaidOutDrawing`), `.backend` when the surface cannot be made or Cairo fails.
  public func cairo(_ drawable: any Drawable, format: CairoCanvas.Format) throws(RenderError) -> [UInt8] {
    try (drawable as? any WeighedDrawing)?.checkDrawingWork(scale: settings.scale)
    // A size no surface can have is refused before the layout is made.
    do {
      try CairoCanvas.checkSize(
        width: Int(drawable.size.width), height: Int(drawable.size.height), scale: settings.scale, format: format)
    } catch {
      throw RenderError(.backend, "cannot render: \(error)")
    }
    // Laid out once, and weighed, before anything is drawn, or the surface made (a refused
    // picture made one of up to 256 MB first).
    let picture = try (drawable as? any LaidOutDrawing)?.laidOut(scale: settings.scale, format: format) ?? drawable
    let canvas: CairoCanvas
    do {
      canvas = try CairoCanvas(
        width: Int(drawable.size.width), height: Int(drawable.size.height), scale: settings.scale,
        format: format, pngCompression: settings.pngCompression)
    } catch {
      throw RenderError(.backend, "cannot render: \(error)")
    }
    do {
      canvas.svgText = settings.svgText
      picture.draw(on: canvas)
      // Every pixel of a picture is opaque (a fractional scale covers its edges partly).
      if format == .png { canvas.makePartlyCoveredPixelsOpaque() }
      return try canvas.finish()
    } catch {
      throw RenderError(.backend, "cannot render: \(error)")
    }
  }
}
