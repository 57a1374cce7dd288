import AnimplotCore
import AnimplotText

/// One picture of the gallery: a curve of two keys, 0 at `GalleryCatalogue.frames`' start and 1
/// at its end, with the first key's interpolation and easing.
public struct GalleryCell: Sendable, Hashable {
  /// "Quad · Ease In", "Back 3 · Ease Out", "Linear".
  public var title: String
  /// The curve drawn, handles recalculated as loading does; its values are the core's.
  public var curve: FCurve
  /// Whether the cell's easing is the one Blender's Automatic Easing picks for the
  /// interpolation (marked "auto").
  public var isAutomatic: Bool
}

/// A row of the gallery: up to three cells, one per easing (or one per interpolation in the
/// first section), shown over a common value range.
public struct GalleryRow: Sendable, Hashable {
  /// "Quadratic", Blender's menu name.
  public var label: String
  /// Smaller lines under the label: the file spelling, the parameters.
  public var details: [String]
  public var cells: [GalleryCell]
  /// The values every cell of the row shows: 0…1 and every overshoot of the row, with a margin.
  public var values: ClosedRange<Double>
}

/// A group of rows under a heading, as in Blender's Interpolation menu.
public struct GallerySection: Sendable, Hashable {
  /// "Easing (by strength)".
  public var title: String
  /// Headers over the cell columns ("Ease In", ...); empty when every cell's title says it.
  public var columnHeaders: [String]
  public var rows: [GalleryRow]
}

/// What the gallery shows: every interpolation of Blender's menu, each easing with Ease In, Ease
/// Out and Ease In and Out, and variants of back's overshoot and elastic's amplitude and period.
/// The curves are built from the core's model (`Keyframe`, `FCurve`) and evaluated by it; nothing
/// here computes a value.
public enum GalleryCatalogue {
  /// The frames of the two keys.
  public static let frames: ClosedRange<Float> = 1...21
  /// The columns of the easing sections.
  public static let easings: [Easing] = [.easeIn, .easeOut, .easeInOut]
  /// Back's overshoot in the variant rows (the main row has Blender's default, 1.70158).
  public static let backVariants: [Float] = [0, 3]
  /// Elastic's amplitude and period in the variant rows (the main row has Blender's defaults,
  /// 0.8 and 4.1).
  public static let elasticVariants: [(amplitude: Float, period: Float)] = [(1.5, 4.1), (0.8, 8)]

  /// A curve of two keys, 0 at frame 1 and 1 at frame 21, whose first key has `interpolation`,
  /// `easing` and the parameters given (Blender's defaults for the rest), recalculated as
  /// loading does.
  public static func curve(
    _ interpolation: Interpolation, easing: Easing = .auto, back: Float? = nil, amplitude: Float? = nil,
    period: Float? = nil
  ) -> FCurve {
    var first = Keyframe(frame: frames.lowerBound, value: 0)
    first.interpolation = interpolation
    first.easing = easing
    if let back { first.back = back }
    if let amplitude { first.amplitude = amplitude }
    if let period { first.period = period }
    let last = Keyframe(frame: frames.upperBound, value: 1)
    var curve = FCurve(dataPath: "\(interpolation)", keyframes: [first, last])
    curve.recalculateHandles()
    return curve
  }

  /// The sections showing `interpolations` (in Blender's menu order whatever their order;
  /// back and elastic with their variants); sections left empty are left out.
  public static func sections(for interpolations: [Interpolation]) -> [GallerySection] {
    let shown = Set(interpolations)
    func rows(_ modes: [Interpolation]) -> [GalleryRow] {
      modes.filter(shown.contains).map { easingRow($0) }
    }
    var sections: [GallerySection] = []
    let basic = Interpolation.allCases.filter { !$0.isEasing && shown.contains($0) }
    if !basic.isEmpty {
      let cells = basic.map { GalleryCell(title: menuName($0), curve: curve($0), isAutomatic: false) }
      sections.append(
        GallerySection(
          title: "Interpolation", columnHeaders: [],
          rows: [GalleryRow(label: "No easing", details: ["easing is ignored"], cells: cells, values: values(of: cells))]))
    }
    let headers = easings.map(easingName)
    let strength = rows([.sine, .quad, .cubic, .quart, .quint, .expo, .circ])
    if !strength.isEmpty {
      sections.append(GallerySection(title: "Easing (by strength)", columnHeaders: headers, rows: strength))
    }
    let dynamic = rows([.back, .bounce, .elastic])
    if !dynamic.isEmpty {
      sections.append(GallerySection(title: "Dynamic Effects", columnHeaders: headers, rows: dynamic))
    }
    var variants: [GalleryRow] = []
    if shown.contains(.back) {
      for back in backVariants {
        variants.append(
          easingRow(.back, name: "Back \(number(back))", details: ["back \(number(back))"], back: back))
      }
    }
    if shown.contains(.elastic) {
      for (amplitude, period) in elasticVariants {
        variants.append(
          easingRow(
            .elastic, name: "Elastic \(number(amplitude))/\(number(period))",
            details: ["amplitude \(number(amplitude))", "period \(number(period))"], amplitude: amplitude,
            period: period))
      }
    }
    if !variants.isEmpty {
      sections.append(GallerySection(title: "Variants", columnHeaders: headers, rows: variants))
    }
    return sections
  }

  /// The row of an easing: one cell per easing, titled "NAME · Ease In".
  static func easingRow(
    _ interpolation: Interpolation, name: String? = nil, details: [String]? = nil, back: Float? = nil,
    amplitude: Float? = nil, period: Float? = nil
  ) -> GalleryRow {
    let name = name ?? shortName(interpolation)
    let cells = easings.map { easing in
      GalleryCell(
        title: "\(name) · \(easingName(easing))",
        curve: curve(interpolation, easing: easing, back: back, amplitude: amplitude, period: period),
        isAutomatic: interpolation.automaticEasing == easing)
    }
    let defaults = Keyframe(frame: 0, value: 0)
    let details =
      details
      ?? {
        switch interpolation {
        case .back: return ["back \(number(defaults.back))"]
        case .elastic: return ["amplitude \(number(defaults.amplitude))", "period \(number(defaults.period))"]
        default: return ["\(interpolation)"]
        }
      }()
    return GalleryRow(
      label: menuName(interpolation), details: details, cells: cells, values: values(of: cells))
  }

  /// 0…1 and every value the cells draw, with a tenth of the span above and below.
  static func values(of cells: [GalleryCell]) -> ClosedRange<Double> {
    var lo = 0.0, hi = 1.0
    for cell in cells {
      if let range = CurvePath.valueRange(of: cell.curve) {
        lo = min(lo, range.lowerBound)
        hi = max(hi, range.upperBound)
      }
    }
    let margin = (hi - lo) * 0.1
    return (lo - margin)...(hi + margin)
  }

  /// Blender's name in the Interpolation menu: "Quadratic".
  public static func menuName(_ interpolation: Interpolation) -> String {
    switch interpolation {
    case .constant: return "Constant"
    case .linear: return "Linear"
    case .bezier: return "Bezier"
    case .sine: return "Sinusoidal"
    case .quad: return "Quadratic"
    case .cubic: return "Cubic"
    case .quart: return "Quartic"
    case .quint: return "Quintic"
    case .expo: return "Exponential"
    case .circ: return "Circular"
    case .back: return "Back"
    case .bounce: return "Bounce"
    case .elastic: return "Elastic"
    }
  }

  /// The file spelling capitalised, for cell titles: "Quad".
  public static func shortName(_ interpolation: Interpolation) -> String {
    let spelling = "\(interpolation)"
    return spelling.prefix(1).uppercased() + spelling.dropFirst()
  }

  /// Blender's name of an easing: "Ease In and Out"; "Automatic Easing" for `auto`.
  public static func easingName(_ easing: Easing) -> String {
    switch easing {
    case .auto: return "Automatic Easing"
    case .easeIn: return "Ease In"
    case .easeOut: return "Ease Out"
    case .easeInOut: return "Ease In and Out"
    }
  }

  /// A parameter as typed: 3, 1.5, 1.70158 (the shortest text that reads back as the Float).
  static func number(_ v: Float) -> String { formatNumber(v, wholeBelow: 1e6) }
}
