import AnimplotCairo
import AnimplotCanvas
import Testing

/// `markers` on a raster canvas (pre-rendered sprites) draws what one path per marker draws.
@Suite("Markers: sprites against paths")
struct MarkerSpriteTests {
  static let diamond = Path.polygon([Point(0, -5), Point(5, 0), Point(0, 5), Point(-5, 0)])
  static let circle = Path.circle(center: .zero, radius: 4)

  /// Draws `points` with `markers` on one canvas and one path per marker on another.
  func render(
    _ shape: Path, _ points: [Point], fill: Color?, stroke: (Color, StrokeStyle)?,
    scale: Double = 1,
    clip: Rect? = nil, transform: Transform? = nil
  ) throws -> (markers: RGBAImage, paths: RGBAImage) {
    func draw(_ body: (CairoCanvas) -> Void) throws -> RGBAImage {
      let canvas = try CairoCanvas(width: 120, height: 80, scale: scale, format: .png)
      canvas.fill(.rect(Rect(x: 0, y: 0, width: 120, height: 80)), color: Color(hex: "#303030")!)
      if let clip { canvas.clip(to: clip) }
      if let transform { canvas.concatenate(transform) }
      body(canvas)
      return canvas.image()
    }
    let markers = try draw { $0.markers(shape, at: points, fill: fill, stroke: stroke) }
    let paths = try draw { canvas in
      for p in points {
        canvas.save()
        canvas.concatenate(.translation(p.x, p.y))
        if let fill { canvas.fill(shape, color: fill) }
        if let (color, style) = stroke { canvas.stroke(shape, color: color, style: style) }
        canvas.restore()
      }
    }
    return (markers, paths)
  }

  /// Pixel-centred points along a zigzag, some overlapping, some off the canvas edges.
  static let keyPoints = (0..<40).map { Point(Double($0 * 3) + 0.5, Double(($0 * 17) % 90) - 4.5) }

  @Test("filled diamonds: identical pixels")
  func diamonds() throws {
    let (markers, paths) = try render(Self.diamond, Self.keyPoints, fill: .white, stroke: nil)
    #expect(markers == paths)
  }

  @Test("circles filled and stroked, translucent: within 1/255 per channel")
  func circles() throws {
    let (markers, paths) = try render(
      Self.circle, Self.keyPoints, fill: Color(bytes: 255, 51, 82, 180),
      stroke: (.white, StrokeStyle(width: 1.5, dash: [2, 1])))
    #expect(maximumChannelDifference(markers, paths) <= 1)
    #expect(markers != RGBAImage(width: 120, height: 80, fill: (0x30, 0x30, 0x30, 255)))
  }

  @Test("HiDPI scale 2 and 1.5, a whole-pixel clip, a translation: within 1/255")
  func transformsAndClips() throws {
    for scale in [2.0, 1.5] {
      let (markers, paths) = try render(
        Self.circle, Self.keyPoints, fill: .black, stroke: (.white, StrokeStyle()), scale: scale,
        clip: Rect(x: 10, y: 8, width: 60, height: 50), transform: .translation(7, -3))
      #expect(maximumChannelDifference(markers, paths) <= 1, "scale \(scale)")
    }
  }

  @Test("a clip off the pixel grid, or points off the grid, fall back to paths: identical pixels")
  func fallbacks() throws {
    let (clipped, clippedPaths) = try render(
      Self.circle, Self.keyPoints, fill: .white, stroke: nil,
      clip: Rect(x: 10.3, y: 8, width: 60, height: 50))
    #expect(clipped == clippedPaths)
    let scattered = (0..<40).map { Point(Double($0) * 2.913 + 0.1, Double($0 % 7) * 9.37 + 5) }
    let (markers, paths) = try render(
      Self.circle, scattered, fill: .white, stroke: (.black, StrokeStyle()))
    #expect(markers == paths)
  }

  @Test("vector output is unaffected: markers in SVG equal paths in SVG")
  func vectorMarkers() throws {
    func svg(_ body: (CairoCanvas) -> Void) throws -> [UInt8] {
      let canvas = try CairoCanvas(width: 50, height: 50, format: .svg)
      body(canvas)
      return try canvas.finish()
    }
    let points = [
      Point(10.5, 10.5), Point(20.5, 30.5), Point(40.5, 20.5), Point(30.5, 40.5), Point(15.5, 45.5),
    ]
    let markers = try svg { $0.markers(Self.diamond, at: points, fill: .white, stroke: nil) }
    let paths = try svg { canvas in
      for p in points {
        canvas.fill(
          .polygon(
            Self.diamond.elements.compactMap { element -> Point? in
              if case .line(let q) = element { return Point(q.x + p.x, q.y + p.y) }
              if case .move(let q) = element { return Point(q.x + p.x, q.y + p.y) }
              return nil
            }), color: .white)
      }
    }
    #expect(markers == paths)
  }
}
