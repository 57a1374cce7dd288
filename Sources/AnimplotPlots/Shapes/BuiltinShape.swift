import AnimplotCanvas
import RealModule

/// The shapes `animplot morph` knows by name.
///
/// Each outline is centred on (0, 0) and fits in a 1×1 box (y downward), starts at its top
/// and runs clockwise on the screen (a positive ``Outline/signedArea``). Curved ones are
/// flattened into 1024 points, finely enough that a polygon and its arc-length resampling
/// differ in length by far less than 0.1 %.
public enum BuiltinShape: String, CaseIterable, Sendable {
  /// A 1×1 square, starting at the middle of its top side.
  case square
  /// A circle of diameter 1 (1024 points), starting at its top.
  case circle
  /// A regular five-pointed star: outer radius 0.5 around (0, 0), one point straight up,
  /// inner radius 0.5·0.382 (the pentagram's); 10 corners, starting at the top point. Its
  /// bounds are 0.951 wide, from y = −0.5 to 0.405.
  case star
  /// A heart (the classic x = 16 sin³t, y = 13 cos t − 5 cos 2t − 2 cos 3t − cos 4t, flipped
  /// for y downward), scaled so its larger side is 1, its bounds centred on (0, 0); smooth
  /// but for the dip at the top (where it starts) and the point at the bottom.
  case heart

  /// How many points the curved shapes are flattened into.
  public static let curveResolution = 1024

  public var outline: Outline {
    switch self {
    case .square:
      return Outline(points: [
        Point(0, -0.5), Point(0.5, -0.5), Point(0.5, 0.5), Point(-0.5, 0.5), Point(-0.5, -0.5),
      ])
    case .circle:
      let n = Self.curveResolution
      return Outline(
        points: (0..<n).map { i in
          let a = 2 * Double.pi * Double(i) / Double(n)
          return Point(0.5 * Double.sin(a), -0.5 * Double.cos(a))
        })
    case .star:
      let outer = 0.5
      // The pentagram's inner vertices: where its edges cross, at R·sin 18°/sin 54°.
      let inner = outer * Double.sin(Double.pi / 10) / Double.sin(3 * Double.pi / 10)
      return Outline(
        points: (0..<10).map { i in
          let a = Double.pi * Double(i) / 5
          let r = i % 2 == 0 ? outer : inner
          return Point(r * Double.sin(a), -r * Double.cos(a))
        })
    case .heart:
      let n = Self.curveResolution
      let raw = (0..<n).map { i -> Point in
        let t = 2 * Double.pi * Double(i) / Double(n)
        let s = Double.sin(t)
        let x = 16 * s * s * s
        let y = 13 * Double.cos(t) - 5 * Double.cos(2 * t) - 2 * Double.cos(3 * t) - Double.cos(4 * t)
        return Point(x, -y)
      }
      let b = Outline(points: raw).bounds
      let scale = 1 / max(b.width, b.height)
      return Outline(points: raw.map { Point(($0.x - b.midX) * scale, ($0.y - b.midY) * scale) })
    }
  }
}
