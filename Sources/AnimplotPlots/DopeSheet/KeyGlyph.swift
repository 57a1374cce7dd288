import AnimplotCore
import AnimplotCanvas

/// A dope-sheet key as Blender's keyframe shader draws it, as vector shapes: the outline of the
/// key's shape and the width of its black border (docs/blender.md, "Dope Sheet key glyphs").
///
/// The shader (`gpu_shader_keyframe_shape_*.glsl`) works from the glyph size
/// `S = 10 px × the key type's multiplier`: it puts the edge at `R = round(S/2) + t0`, where the
/// border's fading band is `t0 = max(0, w − 1) … t1 = w` with `w = 1.06 + (S − 10)·0.04`, and
/// measures a diamond as `|x| + |y| = R`, a circle with radius `R·√(2/π)`, and square or clipped
/// sides at `round(R·√½)`. Inside the edge the fill blends into the border over that band, outside
/// the border fades out over it; a stroke `t0 + t1` wide centred on the edge covers the same ink.
/// The automatic handles' centre dot fades between `1.6·w − 1` and `1.6·w`.
struct KeyGlyph: Hashable {
  /// The outline, centred on the origin (the key's snapped pixel centre).
  var outline: Path
  /// The border stroked along `outline`.
  var borderWidth: Double
  /// The centre dot of automatic handles, in the border colour; `nil` for other shapes.
  var dot: Path?
  /// The outline's form and measures, for `contains`, logical pixels.
  private enum Form: Hashable {
    /// A diamond of this half-diagonal, cut at ±`cut` when that is given.
    case diamond(Double, cut: Double?)
    /// A square of this half-side.
    case square(Double)
    case circle(radius: Double)
  }
  private var form: Form

  /// Blender's base glyph size at UI scale 1 (`0.5 × widget unit × keyframe_scale_fac`), pixels.
  static let baseSize = 10.0

  /// Blender's size multiplier for each key type (`keyframes_draw.cc:draw_keyframe_shape`).
  static func sizeFactor(_ type: KeyframeType) -> Double {
    switch type {
    case .keyframe: 1
    case .breakdown: 0.85
    case .movingHold: 0.925
    case .extreme: 1.2
    case .jitter: 0.8
    case .generated: 0.75
    }
  }

  /// The glyph of a key of `type` drawn as `shape` (every key is a diamond unless handle types
  /// are shown, which passes the column's shape), on a raster of `scale` device pixels per
  /// logical pixel. Blender sizes the glyph in device pixels from its integer widget unit
  /// (`BlenderUIScale`): at UI scale 1.05 a key is 10.5 device pixels, its edge at `round(5.25)`,
  /// not 1.05 × `round(5)`; the rounding works in steps of the line width (`U.pixelsize`), so
  /// whole scales draw the scale-1 glyph scaled.
  init(type: KeyframeType, shape: KeyShape?, scale: Double = 1) {
    let ui = BlenderUIScale(deviceScale: scale)
    let s = ui.deviceScale
    let unit = Double(ui.pixelSize)
    // In units of the line width (device pixels / unit), then back to logical pixels.
    let size = Self.baseSize * Double(ui.widgetUnit) / 20 * Self.sizeFactor(type) / unit
    let width = 0.06 + (size - 10) * 0.04 + 1
    let t0 = max(0, width - 1)
    let toLogical = unit / s
    let edge = ((size / 2).rounded() + t0) * toLogical
    let side = ((size / 2).rounded() + t0) * 0.5.squareRoot()
    let sideLogical = side.rounded() * toLogical
    borderWidth = (t0 + width) * toLogical
    dot = nil
    form = .diamond(edge, cut: nil)
    switch shape {
    case nil, .free:
      outline = .polygon([Point(0, -edge), Point(edge, 0), Point(0, edge), Point(-edge, 0)])
    case .aligned:
      form = .diamond(edge, cut: sideLogical)
      // The diamond with its top and bottom cut at ±side.
      let side = sideLogical, cut = edge - side
      outline = .polygon([
        Point(-cut, -side), Point(cut, -side), Point(edge, 0), Point(cut, side), Point(-cut, side),
        Point(-edge, 0),
      ])
    case .vector:
      let side = sideLogical
      outline = .rect(Rect(x: -side, y: -side, width: 2 * side, height: 2 * side))
      form = .square(side)
    case .autoClamped, .auto:
      outline = .circle(center: .zero, radius: edge * (2 / Double.pi).squareRoot())
      form = .circle(radius: edge * (2 / Double.pi).squareRoot())
      if shape == .auto {
        let dotWidth = 1.6 * width
        dot = .circle(center: .zero, radius: (max(0, dotWidth - 1) + dotWidth) / 2 * toLogical)
      }
    }
  }
}

extension KeyGlyph {
  /// Half the widest glyph's extent with its border (an extreme key, 1.2 × 10 px, at any scale
  /// up to a border of 2 px), logical pixels: how far from a row's middle a glyph may reach.
  static let maximumHalfExtent = baseSize * 1.2 / 2 + 2

  /// Whether `offset` from the glyph's centre (logical pixels) lies on the glyph: inside its
  /// outline or its border, or within `slack` of them.
  func contains(_ offset: Point, slack: Double = 0) -> Bool {
    let grow = borderWidth / 2 + slack
    let x = abs(offset.x), y = abs(offset.y)
    switch form {
    case .circle(let radius): return x * x + y * y <= (radius + grow) * (radius + grow)
    case .square(let half): return x <= half + grow && y <= half + grow
    case .diamond(let reach, let cut):
      // The border reaches `grow` past the edges: √2 · grow in |x| + |y|.
      guard x + y <= reach + grow * 2.0.squareRoot() else { return false }
      return cut.map { y <= $0 + grow } ?? true
    }
  }
}
