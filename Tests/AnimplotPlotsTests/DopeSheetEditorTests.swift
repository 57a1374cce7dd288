import AnimplotCore
import AnimplotCairo
import AnimplotCanvas
@testable import AnimplotPlots
import Testing

/// The Dope Sheet as a picture: Blender's row geometry, backdrops, key glyphs, bars, lines and
/// channel list, checked on the display list, plus snapshots, small PNG goldens and determinism.
@Suite("Dope Sheet editor")
struct DopeSheetEditorTests {
  /// 480×270 with frames 0…28 over the 280 px right of a 200-px channel list: 10 px a frame,
  /// x = 200 + 10·frame.
  static func options(_ change: (inout DopeSheetEditorOptions) -> Void = { _ in }) -> DopeSheetEditorOptions {
    var options = DopeSheetEditorOptions()
    options.width = 480
    options.height = 270
    options.channelListWidth = 200
    options.frames = 0...28
    change(&options)
    return options
  }

  static func draw(_ action: Action = pictureAction, _ options: DopeSheetEditorOptions = options()) -> String {
    let editor = DopeSheetEditor(actions: [action], options: options)
    return displayList(width: options.width, height: options.height) { editor.draw(on: $0) }
  }

  @Test("rows are 16 px high with 2-px gaps, the first 2 px below the 23-px scrub strip")
  func rowGeometry() {
    let editor = DopeSheetEditor(actions: [pictureAction], options: Self.options())
    #expect((0..<4).map { editor.rowTop($0) } == [25, 43, 61, 79])
    #expect(editor.viewport.x(1) == 210 && editor.viewport.rect.minY == 23)
  }

  @Test("backdrops by kind, one colour for every unselected channel row: no zebra stripes")
  func backdrops() {
    let fills = lines(Self.draw(), "fill ")
    let theme = Theme.blender
    func rects(_ color: Color) -> [String] {
      guard let line = fills.first(where: { $0.hasSuffix("color=\(color.hex)") }) else { return [] }
      return line.split(separator: "M ").dropFirst().map { String($0.prefix(while: { $0 != "L" })) }
    }
    #expect(rects(theme.dopeSheet.summaryRow) == ["200 25 "])
    #expect(rects(theme.dopeSheet.actionRow) == ["200 43 "])
    #expect(rects(theme.dopeSheet.groupRow) == ["200 61 "])
    #expect(rects(theme.dopeSheet.channelRow) == ["200 79 ", "200 97 ", "200 115 "])
  }

  @Test("a selected channel and its group get Blender's highlight")
  func selectedBackdrops() {
    var action = pictureAction
    action.tracks[1].selected = true
    let list = Self.draw(action)
    #expect(list.contains("M 200 97 L 480 97 L 480 113 L 200 113 Z color=\(Theme.blender.dopeSheet.channelRowSelected.hex)"))
    #expect(list.contains("color=\(Theme.blender.dopeSheet.groupRowSelected.hex)"))
  }

  /// The `markers` lines of keys: (path, points, fill).
  static func keys(_ list: String) -> [(path: String, points: String, fill: String)] {
    lines(list, "markers ").map { line in
      let body = line.dropFirst("markers ".count)
      let at = body.range(of: " at ")!
      let fill = body.range(of: " fill=")!
      return (
        String(body[..<at.lowerBound]), String(body[at.upperBound..<fill.lowerBound]),
        String(body[fill.upperBound...].prefix(while: { $0 != " " }))
      )
    }
  }

  @Test("keys sit at their row's centre snapped to pixel centres, all diamonds by default")
  func keysByDefault() {
    let keys = Self.keys(Self.draw())
    #expect(!keys.isEmpty && keys.allSatisfy { $0.path.hasPrefix("M 0 -") && !$0.path.contains("C") })
    let points = keys.flatMap { $0.points.split(separator: " ") }
    #expect(points.contains("(210.5,33.5)") && points.contains("(300.5,87.5)"))
    // The breakdown at frame 1 of X Scale: 8.5 px, so a diamond of radius 4.
    #expect(keys.contains { $0.path == "M 0 -4 L 4 0 L 0 4 L -4 0 Z" && $0.points == "(210.5,105.5)" })
  }

  @Test("a locked channel's keys and bars are drawn at a quarter of their alpha")
  func lockedChannel() {
    let list = Self.draw()
    let moving = Theme.blender.dopeSheet.movingHold.normal
    #expect(Self.keys(list).contains { $0.fill == moving.withAlpha(0.25).hex && $0.points == "(400.5,123.5) (450.5,123.5)" })
    let bar = Theme.blender.dopeSheet.holdBar
    #expect(list.contains("color=\(bar.withAlpha(bar.alpha * 0.8 * 0.25).hex)"))
  }

  @Test("hold bars: static as high as a key, moving 7 px; both centred on the row")
  func holdBars() {
    let list = Self.draw()
    // Z Location (row top 79): selected static hold 1–10, static hold 20–30 (cut at the edge).
    #expect(list.contains("M 210 82 L 300 82 L 300 92 L 210 92 Z"))
    #expect(list.contains("color=\(Theme.blender.dopeSheet.holdBarSelected.hex)"))
    // Summary (row top 25): the moving hold 20–25, 7 px.
    #expect(list.contains("M 400 29.5 L 450 29.5 L 450 36.5 L 400 36.5 Z"))
  }

  @Test("Show Handles and Interpolation: shapes by handle type and the line on non-Bézier spans")
  func handleTypes() {
    let plain = Self.draw()
    let shown = Self.draw(pictureAction, Self.options { $0.showHandlesAndInterpolation = true })
    let line = Theme.blender.dopeSheet.interpolationLine
    #expect(!plain.contains(line.hex) && shown.contains("color=\(line.hex)"))
    #expect(shown.contains("color=\(line.withAlpha(line.alpha / 2).hex)"))
    let paths = Set(Self.keys(shown).map(\.path))
    #expect(paths.contains { $0.contains("C") })  // circles of auto-clamped keys
    #expect(paths.contains("M -4 -4 L 4 -4 L 4 4 L -4 4 Z"))  // the vector key's square
  }

  @Test("Blender's key shader metrics at UI scale 1")
  func glyphMetrics() {
    func box(_ glyph: KeyGlyph) -> Double {
      glyph.outline.elements.compactMap { element -> Double? in
        if case .move(let p) = element { return p.y }
        return nil
      }.first ?? .nan
    }
    let keyframe = KeyGlyph(type: .keyframe, shape: nil)
    #expect(abs(box(keyframe) + 5.06) < 1e-9 && abs(keyframe.borderWidth - 1.12) < 1e-9)
    let extreme = KeyGlyph(type: .extreme, shape: nil)
    #expect(abs(box(extreme) + 6.14) < 1e-9 && abs(extreme.borderWidth - 1.28) < 1e-9)
    #expect(box(KeyGlyph(type: .breakdown, shape: nil)) == -4)
    #expect(box(KeyGlyph(type: .jitter, shape: .free)) == -4)
    let circle = KeyGlyph(type: .keyframe, shape: .autoClamped)
    guard case .move(let start) = circle.outline.elements[0] else { return }
    #expect(abs(start.x - 5.06 * (2 / Double.pi).squareRoot()) < 1e-9 && circle.dot == nil)
    #expect(KeyGlyph(type: .keyframe, shape: .auto).dot != nil)
    #expect(KeyGlyph(type: .keyframe, shape: .vector).outline == .rect(Rect(x: -4, y: -4, width: 8, height: 8)))
    let aligned = KeyGlyph(type: .keyframe, shape: .aligned).outline.elements
    guard case .move(let corner) = aligned[0] else { return }
    #expect(aligned.count == 7 && abs(corner.x + 1.06) < 1e-9 && corner.y == -4)
  }

  @Test("View All: the keys' span with 12.5 % free on each side")
  func viewAll() {
    func row(_ frames: [Float]) -> DopeSheetRow {
      DopeSheetRow(
        kind: .channel, name: "x", depth: 2,
        keys: frames.map { KeyColumn(frame: $0, type: .keyframe, selected: false, shape: .free) })
    }
    #expect(DopeSheetEditor.fit([row([1, 13]), row([72])], scene: 1...72) == -7.875...80.875)
    #expect(DopeSheetEditor.fit([], scene: 1...81) == -9...91)
    #expect(DopeSheetEditor.fit([row([5])], scene: 1...9) == -1.25...11.25)
  }

  @Test("channel list: names at Blender's offsets, toggles on group and channel rows")
  func channelList() {
    let texts = lines(Self.draw(), "text ")
    #expect(texts.contains { $0.hasPrefix(#"text "Summary" at 20 37 "#) })
    #expect(texts.contains { $0.hasPrefix(#"text "BallAction" at 44 55 "#) })
    #expect(texts.contains { $0.hasPrefix(#"text "Object Transforms" at 34 73 "#) })
    #expect(texts.contains { $0.hasPrefix(#"text "Z Location" at 24 91 "#) })
    #expect(texts.contains { $0.hasPrefix(#"text "Influence" at 17 127 "#) })
    let editor = ChannelList(theme: .blender, width: 200, height: 270, style: .dopeSheet)
    #expect(editor.togglesLeft(scale: 1) == 152)
    // The Graph Editor's list keeps 11 px for its hidden scroller at scale 1.
    let graphList = ChannelList(theme: .blender, width: 200, height: 270, style: .graphEditor)
    #expect(graphList.togglesLeft(scale: 1) == 141)
    // The locked channel's padlock is closed (a filled body), the others open (stroked).
    let list = Self.draw()
    #expect(list.contains("fill M 189.47 121.55 L 198.47 121.55 L 198.47 127.75 L 189.47 127.75 Z color=\(Theme.blender.channelList.text.hex)"))
  }

  @Test("several actions: one Summary, each action's block, the scene ranges' union")
  func severalActions() {
    var other = Action(name: "Other", tracks: [track("energy", 0, [key(40), key(50)])])
    other.frameStart = 30
    other.frameEnd = 60
    other.markers = [Marker(frame: 10, name: "contact"), Marker(frame: 45, name: "flash")]
    let editor = DopeSheetEditor(actions: [pictureAction, other], options: Self.options())
    #expect(editor.sheet.rows.map(\.name) == [
      "Summary", "BallAction", "Object Transforms", "Z Location", "X Scale", "Influence", "Other", "Power",
    ])
    #expect(editor.sheet.rows[0].keys.map(\.frame) == [1, 10, 20, 25, 30, 40, 50])
    #expect(editor.scene.range == 1...60 && editor.scene.currentFrame == 13)
    #expect(editor.scene.markers.map(\.name) == ["contact", "rest", "flash"])
  }

  @Test("display-list snapshots", arguments: ["default", "handle-types-light", "collapsed-no-summary"])
  func snapshots(variant: String) {
    let options = Self.options { options in
      options.frames = nil
      switch variant {
      case "handle-types-light":
        options.theme = .light
        options.showHandlesAndInterpolation = true
      case "collapsed-no-summary":
        options.rows = DopeSheetOptions(showSummary: false, collapseGroups: true)
        options.currentFrame = 22.5
      default: break
      }
    }
    let editor = DopeSheetEditor(actions: [pictureAction], options: options)
    Snapshot.assertDrawing(named: "dopesheet-\(variant)", width: options.width, height: options.height) {
      editor.draw(on: $0)
    }
  }

  @Test("object rows: Blender's object backdrop, icon by type, the selected object's name highlighted")
  func objectRows() {
    var ball = pictureAction
    ball.object = AnimatedObject(name: "Ball", type: .mesh, selected: true)
    var camera = pictureAction
    camera.name = "CameraAction"
    camera.object = AnimatedObject(name: "Camera", type: .camera)
    for (theme, name) in [(Theme.blender, "dopesheet-object-rows"), (.light, "dopesheet-object-rows-light")] {
      let options = Self.options { $0.theme = theme; $0.height = 330 }
      let editor = DopeSheetEditor(actions: [ball, camera], options: options)
      let list = Snapshot.assertDrawing(named: name, width: options.width, height: options.height) {
        editor.draw(on: $0)
      }
      #expect(list.contains("color=\(theme.channelList.objectRow.hex)"))
      #expect(list.contains("color=\(theme.dopeSheet.objectRowSelected.hex)"))
      #expect(list.contains("color=\(theme.dopeSheet.objectRow.hex)"))
      #expect(lines(list, "text \"Ball\"").allSatisfy { $0.contains(theme.channelList.textSelected.hex) })
      #expect(lines(list, "text \"Camera\"").allSatisfy { $0.contains("color=\(theme.channelList.text.hex)") })
    }
  }

  @Test("PNG golden, 480×270, handles and interpolation shown")
  func golden() throws {
    let options = Self.options {
      $0.frames = nil
      $0.showHandlesAndInterpolation = true
    }
    let editor = DopeSheetEditor(actions: [pictureAction], options: options)
    try GoldenImage.assert(
      png: try rendered(.png, width: 480, height: 270) { editor.draw(on: $0) }, named: "dopesheet-handle-types")
  }

  @Test("the same input gives the same bytes", arguments: CairoCanvas.Format.allCases)
  func deterministic(format: CairoCanvas.Format) throws {
    let options = Self.options { $0.showHandlesAndInterpolation = true }
    func render() throws -> [UInt8] {
      let editor = DopeSheetEditor(actions: [pictureAction], options: options)
      return try rendered(format, width: 480, height: 270) { editor.draw(on: $0) }
    }
    #expect(try render() == render())
  }
}
