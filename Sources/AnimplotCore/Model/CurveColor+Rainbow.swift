/// Blender's automatic curve colours as plain numbers, so that a decoder can give tracks their
/// colours without a drawing library (docs/blender.md, "Curve colours").
extension CurveColor {
  /// Blender's "Auto Rainbow" colour of curve `index` of `count` (`getcolor_fcurve_rainbow`),
  /// components in 0...1.
  public static func rainbowComponents(index: Int, count: Int) -> (red: Double, green: Double, blue: Double) {
    let n = max(count, 1)
    let group = Double(4 - n % 2)
    var hue = 0.3 * Double(index).truncatingRemainder(dividingBy: group) + 0.3 * 0.7 * Double(index) / Double(n)
    if hue > 1 { hue = hue.truncatingRemainder(dividingBy: 1) }
    let saturation = hue > 0.5 && hue < 0.8 ? 0.5 : 0.6
    return rgb(hue: hue, saturation: saturation, value: 1)
  }

  /// The rainbow colour of curve `index` of `count`, each component rounded to a byte.
  public static func rainbow(index: Int, count: Int) -> CurveColor {
    let c = rainbowComponents(index: index, count: count)
    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
    return CurveColor(red: byte(c.red), green: byte(c.green), blue: byte(c.blue))
  }

  /// HSV (each in 0...1, hue wrapping) to RGB components in 0...1.
  public static func rgb(hue h: Double, saturation s: Double, value v: Double) -> (red: Double, green: Double, blue: Double) {
    let hh = (h - h.rounded(.down)) * 6
    let i = Int(hh) % 6
    let f = hh - Double(Int(hh))
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    return [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
  }
}
