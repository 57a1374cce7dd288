import AnimplotText

/// A `Canvas` that draws nothing and records every call as one line of text: a display list for
/// exact, portable snapshot tests and for `animplot … --format displaylist`.
///
/// The format is stable; change it only with the snapshots that depend on it. The first line is
/// `canvas W H` (the size), followed by ` scale=S` when the device scale is not 1; then one line
/// per call, fields separated by single spaces:
///
/// ```text
/// fill PATH color=COLOR
/// stroke PATH color=COLOR width=N dash=DASH cap=butt|round|square join=miter|round|bevel
/// text "TEXT" at X Y size=N color=COLOR anchor=left|center|right,baseline|middle|top [shadow=COLOR,DX,DY,BLUR]
/// markers PATH at (X,Y) (X,Y) … fill=COLOR|none stroke=COLOR|none [STROKE STYLE]
/// save
/// restore
/// clip PATH
/// transform translate X Y | transform scale SX SY | transform matrix A B C D TX TY
/// ```
///
/// - Numbers are rounded to 1/1000 px and printed without trailing zeros: `12.5`, `-3`, `0.001`
///   (never `-0`; `nan`, `inf` and `-inf` for non-finite values).
/// - `PATH` is SVG-like: `M x y`, `L x y`, `C x1 y1 x2 y2 x y`, `Z`; `empty` for no elements.
/// - `COLOR` is `#rrggbb`, or `#rrggbbaa` when not opaque (`Color.hex`).
/// - `DASH` is `none` for a solid line, else the lengths joined by commas (`16,5.6`), followed by
///   ` phase=N` when the phase is not 0.
/// - `TEXT` escapes `"` and `\` with a backslash, writes newline, return and tab as `\n`, `\r`,
///   `\t` and other control characters as `\u{hex}`.
/// - A `markers` line lists every point, however many, so a thousand markers are one line; a
///   marker that is stroked ends with the stroke style's `width=… dash=… cap=… join=…`.
public final class RecordingCanvas: Canvas {
  public let size: Size
  public let fontMetrics: any FontMetrics
  /// Device pixels per logical pixel the drawing is recorded for (what a raster would use).
  public let deviceScale: Double
  /// Everything recorded so far, one line per call, each ending in a newline.
  public private(set) var displayList: String

  /// A recording canvas of `size` logical pixels for a raster of `deviceScale` device pixels
  /// per logical pixel, that measures text with `fontMetrics` (by default the bundled font as
  /// that raster lays it out, `BundledFont.metrics(deviceScale:)`).
  public init(size: Size, fontMetrics: (any FontMetrics)? = nil, deviceScale: Double = 1) {
    self.size = size
    self.fontMetrics = fontMetrics ?? BundledFont.metrics(deviceScale: deviceScale)
    self.deviceScale = deviceScale
    displayList = "canvas \(Self.number(size.width)) \(Self.number(size.height))"
      + (deviceScale == 1 ? "" : " scale=\(Self.number(deviceScale))") + "\n"
  }

  public func fill(_ path: Path, color: Color) {
    record("fill \(Self.path(path)) color=\(color.hex)")
  }

  public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
    record("stroke \(Self.path(path)) color=\(color.hex) \(Self.strokeStyle(style))")
  }

  public func text(_ text: String, at point: Point, style: TextStyle, anchor: TextAnchor) {
    record(
      "text \(quoted(DrawnText.cut(text), controls: .braced)) at \(Self.point(point)) size=\(Self.number(style.size))"
        + " color=\(style.color.hex) anchor=\(anchor.horizontal),\(anchor.vertical)"
        + (style.shadow.flatMap { $0.color.alpha > 0 ? $0 : nil }.map { " shadow=\($0.color.hex),\($0.dx),\($0.dy),\($0.blur)" } ?? ""))
  }

  public func markers(
    _ shape: Path, at points: [Point], fill: Color?, stroke: (Color, StrokeStyle)?
  ) {
    var line = "markers \(Self.path(shape)) at"
    for p in points { line += " (\(Self.number(p.x)),\(Self.number(p.y)))" }
    line += " fill=\(fill?.hex ?? "none")"
    if let (color, style) = stroke {
      line += " stroke=\(color.hex) \(Self.strokeStyle(style))"
    } else {
      line += " stroke=none"
    }
    record(line)
  }

  public func save() { record("save") }

  public func restore() { record("restore") }

  public func clip(to path: Path) { record("clip \(Self.path(path))") }

  public func concatenate(_ t: Transform) {
    if t.a == 1, t.b == 0, t.c == 0, t.d == 1 {
      record("transform translate \(Self.number(t.tx)) \(Self.number(t.ty))")
    } else if t.b == 0, t.c == 0, t.tx == 0, t.ty == 0 {
      record("transform scale \(Self.number(t.a)) \(Self.number(t.d))")
    } else {
      let values = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Self.number)
      record("transform matrix \(values.joined(separator: " "))")
    }
  }

  private func record(_ line: String) {
    displayList += line
    displayList += "\n"
  }

  /// `value` rounded to 1/1000 and printed without trailing zeros (`formatNumber`).
  static func number(_ value: Double) -> String { formatNumber(value, decimals: 3, trailingZeros: false) }

  private static func point(_ p: Point) -> String { "\(number(p.x)) \(number(p.y))" }

  private static func path(_ path: Path) -> String {
    if path.isEmpty { return "empty" }
    var parts: [String] = []
    parts.reserveCapacity(path.elements.count)
    for element in path.elements {
      switch element {
      case .move(let p): parts.append("M \(point(p))")
      case .line(let p): parts.append("L \(point(p))")
      case .cubic(let c1, let c2, let end):
        parts.append("C \(point(c1)) \(point(c2)) \(point(end))")
      case .close: parts.append("Z")
      }
    }
    return parts.joined(separator: " ")
  }

  private static func strokeStyle(_ style: StrokeStyle) -> String {
    var dash = style.dash.isEmpty ? "none" : style.dash.map(number).joined(separator: ",")
    if !style.dash.isEmpty, style.dashPhase != 0 { dash += " phase=\(number(style.dashPhase))" }
    return "width=\(number(style.width)) dash=\(dash) cap=\(style.cap) join=\(style.join)"
  }
}
