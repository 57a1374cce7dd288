import AnimplotCanvas
import AnimplotCore
import AnimplotIO
import AnimplotPlots
import Testing

@Suite("Gallery")
struct GalleryTests {
  /// The first key's fields in format 1, for a cell's curve.
  static func json(_ key: Keyframe) -> String {
    """
    {"frame": \(key.frame), "value": \(key.value), "interpolation": "\(key.interpolation)", \
    "easing": "\(key.easing)", "back": \(key.back), "amplitude": \(key.amplitude), "period": \(key.period)}
    """
  }

  /// Every cell's curve is the one loading a file with its two keys gives, value for value
  /// (bit for bit) over its segment and beyond.
  @Test func cellCurvesAreTheCoresLoadedCurves() throws {
    let gallery = Gallery()
    #expect(gallery.placedCells.count == 3 + 10 * 3 + 4 * 3)
    for placed in gallery.placedCells {
      let curve = placed.cell.curve
      let tracks = """
        {"tracks": [{"dataPath": "x", "keyframes": [\(Self.json(curve.keyframes[0])), {"frame": 21, "value": 1}]}]}
        """
      let loaded = try ActionDecoder.decode(tracks).actions[0].tracks[0]
      #expect(loaded.keyframes == curve.keyframes, "\(placed.cell.title)")
      for i in -8...88 {
        let frame = 1 + Float(i) / 4
        #expect(curve.value(at: frame).bitPattern == loaded.value(at: frame).bitPattern, "\(placed.cell.title) at \(frame)")
      }
    }
  }

  /// The curve drawn in each cell passes through the core's values: every point of its path
  /// maps back to `value(at:)` of its frame.
  @Test func drawnCurvesFollowTheCoresValues() {
    for placed in Gallery().placedCells {
      let view = placed.viewport
      let path = Gallery.curvePath(of: placed)
      var checked = 0
      for element in path.elements {
        guard case .line(let p) = element else { continue }
        let frame = view.frame(atX: p.x)
        // Constant's step has two points at frame 21; linear and Bézier are exact elsewhere.
        guard frame > 1.001 && frame < 20.999 else { continue }
        let value = Double(placed.cell.curve.value(at: Float(frame)))
        #expect(abs(view.y(value) - p.y) < 0.01, "\(placed.cell.title) at frame \(frame)")
        checked += 1
      }
      if placed.cell.curve.keyframes[0].interpolation.isEasing {
        // Sampled every half pixel across the box.
        #expect(checked > Int(view.rect.width), "\(placed.cell.title): \(checked) points")
      }
    }
  }

  /// Overshoots stay inside the cell: each row's values hold every value its curves take.
  @Test func overshootStaysInTheBox() {
    for placed in Gallery().placedCells {
      for i in 0...2000 {
        let v = Double(placed.cell.curve.value(at: 1 + Float(i) / 100))
        #expect(placed.viewport.values.contains(v), "\(placed.cell.title) at \(1 + Double(i) / 100): \(v)")
      }
      #expect(placed.viewport.values.contains(0) && placed.viewport.values.contains(1))
    }
  }

  @Test func rowsInBlendersMenuOrderWithVariants() {
    let sections = GalleryCatalogue.sections(for: [.elastic, .quad, .linear, .back])
    #expect(sections.map(\.title) == ["Interpolation", "Easing (by strength)", "Dynamic Effects", "Variants"])
    #expect(sections.map { $0.rows.map(\.label) } == [
      ["No easing"], ["Quadratic"], ["Back", "Elastic"], ["Back", "Back", "Elastic", "Elastic"],
    ])
    #expect(sections[0].rows[0].cells.map(\.title) == ["Linear"])
    #expect(sections[2].rows[0].cells.map(\.title) == ["Back · Ease In", "Back · Ease Out", "Back · Ease In and Out"])
    #expect(sections[3].rows[1].cells[1].title == "Back 3 · Ease Out")
    #expect(sections[3].rows[1].cells[1].curve.keyframes[0].back == 3)
    #expect(sections[3].rows[2].cells[0].curve.keyframes[0].amplitude == 1.5)
    // "auto" marks Ease In for quad, Ease Out for back and elastic.
    #expect(sections[1].rows[0].cells.map(\.isAutomatic) == [true, false, false])
    #expect(sections[2].rows.allSatisfy { $0.cells.map(\.isAutomatic) == [false, true, false] })
    #expect(GalleryCatalogue.sections(for: [.bounce]).map(\.title) == ["Dynamic Effects"])
  }

  @Test func naturalAndGivenSizes() {
    var options = GalleryOptions()
    options.interpolations = [.quad]
    let natural = Gallery(options: options)
    #expect(natural.size == Size(2 * 16 + 124 + 3 * 190, 2 * 16 + 50 + 28 + 30 + 130))
    options.width = 500
    options.height = 300
    let given = Gallery(options: options)
    #expect(given.size == Size(500, 300))
    #expect(given.placedCells.allSatisfy { $0.rect.maxX <= 500 - 16 + 1e-9 && $0.rect.maxY <= 300 - 16 - 30 + 1e-9 })
  }

  /// Three interpolations (back with its variants) at a small given size, in Blender's theme.
  @Test func snapshot() {
    var options = GalleryOptions()
    options.interpolations = [.constant, .quad, .back]
    options.width = 560
    options.height = 600
    let gallery = Gallery(options: options)
    Snapshot.assertDrawing(named: "gallery-dark", width: 560, height: 600) { gallery.draw(on: $0) }
  }
}
