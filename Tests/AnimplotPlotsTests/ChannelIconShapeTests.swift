import AnimplotCanvas
import AnimplotCore
@testable import AnimplotPlots
import Testing

/// The channel list's icons refitted to Blender 3.4's screenshots: where they land on the
/// device pixel grid and how far their art reaches (measured on the screenshots at UI scale
/// 1.05, in device pixels about the icon's pixel centre).
@Suite("Channel icon shapes")
struct ChannelIconShapeTests {
  /// Collects the points of every path drawn, filled or stroked (half the stroke's width added
  /// to the extent).
  final class Extent: Canvas {
    let size = Size(100, 100)
    let fontMetrics: any FontMetrics = BundledFont.metrics(deviceScale: 1)
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    var fills = 0, strokes = 0
    private func add(_ path: Path, pad: Double) {
      for element in path.elements {
        let points: [Point]
        switch element {
        case .move(let p), .line(let p): points = [p]
        case .cubic(let a, let b, let p): points = [a, b, p]
        case .close: points = []
        }
        for p in points {
          minX = min(minX, p.x - pad); maxX = max(maxX, p.x + pad)
          minY = min(minY, p.y - pad); maxY = max(maxY, p.y + pad)
        }
      }
    }
    func fill(_ path: Path, color: Color) { fills += 1; add(path, pad: 0) }
    func stroke(_ path: Path, color: Color, style: StrokeStyle) { strokes += 1; add(path, pad: style.width / 2) }
    func text(_ text: String, at point: Point, style: TextStyle, anchor: TextAnchor) {}
    func save() {}
    func restore() {}
    func clip(to path: Path) {}
    func concatenate(_ transform: Transform) {}
  }

  static func extent(_ draw: (Extent) -> Void) -> Extent {
    let canvas = Extent()
    draw(canvas)
    return canvas
  }

  /// The open eye: about 13 x 9.3 device px at 1.05 (Blender's is 14 x 10 with the
  /// antialiasing), its art's middle half a device pixel up and right of the pixel centre it is
  /// placed on; the closed eye within the open one.
  @Test func eyeAsBlendersScreenshots() {
    let e = Self.extent { ChannelIcons.eye($0, center: Point(0, 0), open: true, color: .white) }
    #expect(abs((e.maxX - e.minX) * 1.05 - 13) < 0.5)
    #expect(abs((e.maxY - e.minY) * 1.05 - 9.3) < 0.5)
    #expect(abs((e.maxX + e.minX) / 2 * 1.05 - 0.5) < 0.2)
    #expect(abs((e.maxY + e.minY) / 2 * 1.05 + 0.5) < 0.2)
    #expect(e.fills == 1 && e.strokes == 0)
    let closed = Self.extent { ChannelIcons.eye($0, center: Point(0, 0), open: false, color: .white) }
    #expect(closed.minX >= e.minX - 1e-9 && closed.maxX <= e.maxX + 1e-9 && closed.maxY <= e.maxY + 1e-9)
  }

  /// The expanded disclosure triangle: 9 device px wide, 6.6 tall; the collapsed one the same
  /// triangle turned a quarter.
  @Test func disclosureTurnsAboutItsMiddle() {
    let open = Self.extent { ChannelIcons.disclosure($0, center: Point(0, 0), collapsed: false, color: .white) }
    let shut = Self.extent { ChannelIcons.disclosure($0, center: Point(0, 0), collapsed: true, color: .white) }
    #expect(abs((open.maxX - open.minX) * 1.05 - 9) < 0.1)
    #expect(abs((open.maxY - open.minY) * 1.05 - 6.6) < 0.1)
    #expect(abs((open.maxX - open.minX) - (shut.maxY - shut.minY)) < 1e-9)
    #expect(abs((open.maxY - open.minY) - (shut.maxX - shut.minX)) < 1e-9)
  }

  /// Each object type's icon stays within the 17-px art Blender centres in its slot (the
  /// camera's reels reach the row's top).
  @Test(arguments: ObjectType.allCases)
  func objectIconsFitTheirArt(type: ObjectType) {
    let e = Self.extent { ChannelIcons.object($0, type, center: Point(0, 0), color: .white) }
    #expect(e.minX >= -8.5 && e.maxX <= 8.5, "\(type): \(e.minX)...\(e.maxX)")
    #expect(e.minY >= -8.5 && e.maxY <= 8.5, "\(type): \(e.minY)...\(e.maxY)")
  }

  /// The row icons land on device pixel centres at every scale, as the toggles do.
  @Test(arguments: [1.0, 1.05, 1.5, 2.0])
  func rowIconsOnPixelCentres(scale: Double) {
    let rows = ChannelRows(scale: scale)
    for index in 0..<10 {
      let place = ChannelList.Place(
        rect: Rect(x: 0, y: rows.top(index), width: 207, height: rows.height(index)),
        baseline: rows.nameBaseline(index), x0: 0, togglesLeft: 159, middle: rows.middle(index), geometry: rows)
      let at = place.icon
      for x in [8.1, 25.95, 43.8] {
        let p = at(x)
        for v in [p.x * scale, p.y * scale] { #expect(abs((v - 0.5) - (v - 0.5).rounded()) < 1e-9) }
        #expect(abs(p.x - x) * scale <= 1)
        #expect(abs(p.y - rows.middle(index)) * scale <= 1)
      }
    }
  }
}
