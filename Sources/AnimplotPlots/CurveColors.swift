import AnimplotCore
import AnimplotCanvas

/// How curve colours are chosen when a track has no `color` of its own.
public enum CurveColorMode: String, Sendable, CaseIterable {
  /// Blender's "XYZ to RGB" for transform-like properties (X/Y/Z red/green/blue), rainbow for
  /// the rest: what curves keyed in Blender's UI show.
  case auto
  /// Blender's "Auto Rainbow" for every curve: what curves made from Python show.
  case rainbow
}

/// Blender's curve colours (docs/blender.md, "Curve colours").
public enum CurveColors {
  /// Properties whose elements take the X/Y/Z colours (Blender's XYZ→RGB subtypes).
  static let xyzProperties: Set<String> = [
    "location", "rotation_euler", "scale", "delta_location", "delta_rotation_euler", "delta_scale",
    "dimensions", "color", "co",
    // glTF's node paths, as the importer names them (`nodes[3].translation`), and Unity's
    // transform attributes (`Body/Arm/m_LocalPosition`).
    "translation", "m_LocalPosition", "m_LocalScale", "localEulerAnglesRaw", "localEulerAngles",
    "m_LocalEulerAngles", "localEulerAnglesBaked",
  ]
  static let quaternionProperties: Set<String> = ["rotation_quaternion", "delta_rotation_quaternion", "rotation_axis_angle"]

  /// The colour of every track, in order, for `mode`.
  public static func colors(for tracks: [FCurve], theme: Theme, mode: CurveColorMode) -> [Color] {
    tracks.enumerated().map { i, track in
      if let c = track.color { return Color(bytes: c.red, c.green, c.blue) }
      if mode == .auto, let c = axisColor(track, theme: theme) { return c }
      return rainbow(index: i, count: tracks.count)
    }
  }

  static func axisColor(_ track: FCurve, theme: Theme) -> Color? {
    let last = track.dataPath.split(separator: ".").last ?? Substring(track.dataPath)
    let property = String(last.split(separator: "/").last ?? last)
    let axes = [theme.graph.xAxis, theme.graph.yAxis, theme.graph.zAxis]
    // A coupled quaternion component (glTF rotations): coloured by its component, W as
    // Blender colours a quaternion's W.
    if let role = track.quaternion {
      return role.component == .w ? quaternionW(theme) : axes[Int(role.component.rawValue) - 1]
    }
    if xyzProperties.contains(property) {
      return track.index < 3 ? axes[track.index] : theme.graph.otherAxis
    }
    if quaternionProperties.contains(property) {
      switch track.index {
      case 1...3: return axes[track.index - 1]
      case 0: return quaternionW(theme)
      default: return theme.graph.otherAxis
      }
    }
    return nil
  }

  /// W of a quaternion: the HSV midpoint of the X and Y colours, hue interpolated without
  /// wrapping (so blue, as in Blender).
  static func quaternionW(_ theme: Theme) -> Color {
    let x = hsv(theme.graph.xAxis), y = hsv(theme.graph.yAxis)
    return fromHSV((x.h + y.h) / 2, (x.s + y.s) / 2, (x.v + y.v) / 2)
  }

  /// Blender's rainbow for curve `index` of `count` (`getcolor_fcurve_rainbow`).
  public static func rainbow(index: Int, count: Int) -> Color {
    let c = CurveColor.rainbowComponents(index: index, count: count)
    return Color(red: c.red, green: c.green, blue: c.blue)
  }

  static func fromHSV(_ h: Double, _ s: Double, _ v: Double) -> Color {
    let c = CurveColor.rgb(hue: h, saturation: s, value: v)
    return Color(red: c.red, green: c.green, blue: c.blue)
  }

  static func hsv(_ c: Color) -> (h: Double, s: Double, v: Double) {
    let mx = max(c.red, c.green, c.blue), mn = min(c.red, c.green, c.blue)
    let d = mx - mn
    var h = 0.0
    if d > 0 {
      if mx == c.red {
        h = ((c.green - c.blue) / d).truncatingRemainder(dividingBy: 6)
      } else if mx == c.green {
        h = (c.blue - c.red) / d + 2
      } else {
        h = (c.red - c.green) / d + 4
      }
      h /= 6
      if h < 0 { h += 1 }
    }
    return (h, mx == 0 ? 0 : d / mx, mx)
  }
}
