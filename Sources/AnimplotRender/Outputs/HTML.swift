import AnimplotCairo
import AnimplotCanvas
import AnimplotCore
import AnimplotPlots
import AnimplotText

extension OutputFormat {
  /// One self-contained HTML page for documents (`animplot graph FILE -o plot.html`): the
  /// picture as PNG layers in `data:` URIs, each visible channel's values at every device column
  /// of the plot (the library's evaluation, as `eval` gives them), a hover readout and channel
  /// toggles, with no network access, external script or font (docs/serve.md, "Interactive
  /// HTML"). The same input gives the same bytes.
  public static let html = OutputFormat(
    id: "html", name: "html", fileExtensions: ["html", "htm"], accepts: { $0 is any InteractiveDescribing.Type },
    encode: { (content, renderer) throws(RenderError) in
      let plot = try (content as! any InteractiveDescribing).interactivePlot(with: renderer)
      return Array(plot.html.utf8)
    })
}

/// A picture the interactive HTML can show: drawn in layers, with its channels' values across
/// its plot.
package protocol InteractiveDescribing: Drawable {
  /// The page's content, its layers drawn with `renderer`'s settings.
  func interactivePlot(with renderer: Renderer) throws(RenderError) -> InteractivePlot
}

/// What the interactive HTML holds: the picture's layers and, for each channel shown, where it
/// lies and its values at every device column of the plot.
package struct InteractivePlot: Sendable {
  /// `graph` (channels are curves over a value axis) or `dopesheet` (channels are rows).
  var kind: String
  var title: String
  /// The picture's size in logical pixels (CSS pixels in the page), its PNGs' in device pixels.
  var size: Size
  var scale: Double
  /// The page's colours: the editor's background and text.
  var background: Color
  var text: Color
  /// The PNG layers, bottom first; the first is opaque, the others drawn over it.
  var layers: [[UInt8]]
  /// The plot (the Graph Editor's curves, the Dope Sheet's key area), device pixels.
  var plot: Rect
  /// The Graph Editor's values from the plot's bottom to its top.
  var values: ClosedRange<Double>?
  /// The first device column of the plot and the frame at the middle of each column, as a
  /// 32-bit float (the frames the values are evaluated at).
  var firstColumn: Int
  var frames: [Double]
  var channels: [Channel]

  /// A channel shown.
  struct Channel: Sendable {
    var label: String
    /// `dataPath[index]`.
    var address: String
    /// The curve's colour (none in the Dope Sheet).
    var color: Color?
    /// The layer that draws it alone (the Graph Editor's curves), if any.
    var layer: Int?
    /// Value → plotted value (Normalize): `(value + offset) × factor`.
    var mapping: ValueMapping = .identity
    /// Its row in the channel list, and (Dope Sheet) its band across the key area, device pixels.
    var row: Rect?
    var band: Rect?
    /// Its values at `frames`.
    var values: [Float]
  }

  /// Columns of `rect`'s device pixels, and the frame at each one's middle by `frame(atX:)`.
  static func columns(of rect: Rect, frame: (Double) -> Double) -> (first: Int, frames: [Double]) {
    let first = Int(rect.minX.rounded(.down)), end = Int(rect.maxX.rounded(.up))
    return (first, (first..<max(first, end)).map { Double(Float(frame(Double($0) + 0.5))) })
  }

  /// A PNG of `size` at `renderer`'s scale drawn by `draw`: opaque (as every picture is) or,
  /// for a layer drawn over others, with what it leaves uncovered transparent.
  static func png(
    size: Size, renderer: Renderer, opaque: Bool, draw: (any Canvas) -> Void
  ) throws(RenderError) -> [UInt8] {
    do {
      let canvas = try CairoCanvas(
        width: Int(size.width), height: Int(size.height), scale: renderer.settings.scale, format: .png,
        pngCompression: renderer.settings.pngCompression)
      draw(canvas)
      if opaque { canvas.makePartlyCoveredPixelsOpaque() }
      return try canvas.finish()
    } catch {
      throw RenderError(.backend, "cannot render: \(error)")
    }
  }
}

/// A canvas that passes on the drawing calls of one layer only, and every change of clip and
/// transform: drawn on it, an editor leaves the other layers' pixels out.
final class LayerCanvas: Canvas {
  let base: any Canvas
  /// Whether the calls made now belong to the layer drawn.
  var isDrawing = false

  init(_ base: any Canvas) { self.base = base }

  var size: Size { base.size }
  var fontMetrics: any FontMetrics { base.fontMetrics }
  var deviceScale: Double { base.deviceScale }
  func fill(_ path: Path, color: Color) { if isDrawing { base.fill(path, color: color) } }
  func stroke(_ path: Path, color: Color, style: StrokeStyle) { if isDrawing { base.stroke(path, color: color, style: style) } }
  func text(_ text: String, at point: Point, style: TextStyle, anchor: TextAnchor) {
    if isDrawing { base.text(text, at: point, style: style, anchor: anchor) }
  }
  func markers(_ shape: Path, at points: [Point], fill: Color?, stroke: (Color, StrokeStyle)?) {
    if isDrawing { base.markers(shape, at: points, fill: fill, stroke: stroke) }
  }
  func save() { base.save() }
  func restore() { base.restore() }
  func clip(to path: Path) { base.clip(to: path) }
  func concatenate(_ transform: Transform) { base.concatenate(transform) }
}

// MARK: The page

extension InteractivePlot {
  /// The page: the layers as `<img>` elements, the data as JSON, the style and script of
  /// `InteractivePage`.
  var html: String {
    let width = jsonNumber(size.width), height = jsonNumber(size.height)
    var images = ""
    for (i, layer) in layers.enumerated() {
      images +=
        "<img src=\"data:image/png;base64,\(base64Encoded(layer))\" width=\"\(width)\" height=\"\(height)\" "
        + "alt=\"\(i == 0 ? markupEscaped(title, attribute: true) : "")\" data-layer=\"\(i)\">\n"
    }
    // Inside <script>, "</" could end the element, and "<!--" followed by "<script" makes the
    // element swallow the page's own script: JSON may write every "<" as "\u003c" (in a string,
    // the only place JSON has one).
    let data = json.replacing("<", with: "\\u003c")
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="animplot">
      <title>\(markupEscaped(title))</title>
      <style>
      :root { --background: \(background.hex); --text: \(text.hex); }
      \(InteractivePage.style)</style>
      </head>
      <body>
      <figure class="animplot" id="animplot" data-kind="\(kind)">
      <div class="stack" style="width: \(width)px">
      \(images)<div class="line" hidden></div><div class="dot" hidden></div><div class="readout" role="status" hidden></div>
      </div>
      <figcaption class="toggles" aria-label="channels"></figcaption>
      </figure>
      <script type="application/json" id="animplot-data">
      \(data)
      </script>
      <script>
      \(InteractivePage.script)</script>
      </body>
      </html>

      """
  }

  /// The data the script reads.
  var json: String {
    var fields: [(key: String, value: String)] = [
      ("kind", jsonStringLiteral(kind)),
      ("pixelWidth", jsonNumber((size.width * scale).rounded(.up))),
      ("pixelHeight", jsonNumber((size.height * scale).rounded(.up))),
      ("plot", Self.json(plot)),
    ]
    if let values { fields.append(("values", jsonArray([jsonNumber(values.lowerBound), jsonNumber(values.upperBound)]))) }
    fields.append(("columns", jsonObject([("x", String(firstColumn)), ("frames", jsonArray(frames.map(jsonNumber)))])))
    let channels = channels.map { c in
      var f: [(key: String, value: String)] = [("label", jsonStringLiteral(c.label)), ("address", jsonStringLiteral(c.address))]
      if let color = c.color { f.append(("color", jsonStringLiteral(color.hex))) }
      if let layer = c.layer { f.append(("layer", String(layer))) }
      if c.mapping != .identity {
        f += [("factor", jsonNumber(c.mapping.factor)), ("offset", jsonNumber(c.mapping.offset))]
      }
      if let row = c.row { f.append(("row", Self.json(row))) }
      if let band = c.band { f.append(("band", Self.json(band))) }
      f.append(("values", jsonArray(c.values.map { jsonNumber(Double($0)) })))
      return jsonObject(f)
    }
    fields.append(("channels", "[\n" + channels.joined(separator: ",\n") + "\n]"))
    return "{" + fields.map { jsonStringLiteral($0.key) + ": " + $0.value }.joined(separator: ",\n") + "}"
  }

  private static func json(_ r: Rect) -> String {
    func n(_ v: Double) -> String { jsonNumber((v * 1000).rounded() / 1000) }
    return jsonObject([("x", n(r.minX)), ("y", n(r.minY)), ("width", n(r.width)), ("height", n(r.height))])
  }
}

extension Color {
  /// Whether the colour is dark (the page's text is then light).
  var isDark: Bool { 0.2126 * red + 0.7152 * green + 0.0722 * blue < 0.5 }
}
