import AnimplotCanvas
import AnimplotCore
@testable import AnimplotPlots
import Testing

/// Blender's View2D scrollers in the Graph Editor and the Dope Sheet (issue 12): where the thumb
/// lies (the view within all there is), their sizes, when they are drawn, and snapshots.
@Suite("Scrollbars")
struct ScrollbarTests {
  // MARK: The thumb

  @Test("the thumb is the view's share of the total, placed as the view lies in it")
  func thumbWithinTotal() {
    // A view of 20…40 in 0…100 on a 300-px track from 10: a fifth of it, from 70.
    #expect(Scrollbars.thumb(track: 10...310, visible: 20...40, total: 0...100) == 70...130)
  }

  @Test("a view reaching past the total clamps the thumb to the track's ends")
  func thumbClamped() {
    #expect(Scrollbars.thumb(track: 10...110, visible: -50...150, total: 0...100) == 10...110)
    #expect(Scrollbars.thumb(track: 10...110, visible: -50...50, total: 0...100) == 10...60)
    #expect(Scrollbars.thumb(track: 10...110, visible: 60...200, total: 0...100) == 70...110)
  }

  @Test("a thumb stays 30 px long, within the track")
  func thumbMinimum() {
    #expect(Scrollbars.thumb(track: 0...300, visible: 50...51, total: 0...100) == 136.5...166.5)
    #expect(Scrollbars.thumb(track: 0...300, visible: 99...100, total: 0...100) == 270...300)
    #expect(Scrollbars.thumb(track: 0...20, visible: 0...1, total: 0...100) == 0...20)
  }

  // MARK: The Graph Editor

  /// 600×270: the channel list at Blender's 207 px.
  static func graph(_ configure: (inout GraphOptions) -> Void = { _ in }) -> GraphEditor {
    GraphEditor(action: GraphEditorTests.ball, options: GraphEditorTests.options {
      $0.width = 600
      configure(&$0)
    })
  }

  static func near(_ a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> Bool {
    abs(a.lowerBound - b.lowerBound) < 1e-9 && abs(a.upperBound - b.upperBound) < 1e-9
  }

  @Test("the Graph Editor: frames at the bottom, values at the right below the scrub strip")
  func graphBars() throws {
    let editor = Self.graph {
      $0.frames = 10...30
      $0.values = 0...2
    }
    let bars = try #require(editor.scrollbars()).bars
    #expect(bars.map(\.axis) == [.horizontal, .vertical] && bars.allSatisfy(\.zoomable))
    let (h, v) = (bars[0], bars[1])
    // 600×270, the list 207 px: the region is 207…600 wide, the plot below 23.
    #expect(h.track.minX == 216 && h.track.maxX == 591)
    #expect(abs(h.track.midY - 264) < 1e-9 && h.track.height == 7.6)
    #expect(abs(v.track.midX - 594.1) < 1e-9 && v.track.width == 8.6)
    #expect(abs(v.track.minY - 33.2) < 1e-9 && abs(v.track.maxY - 250.6) < 1e-9)
    // Frames 10…30 of the curves' -9…58 (the first key's left handle, the last key's right
    // handle, 10 frames more each side).
    let totals = editor.scrollTotals()
    #expect(totals.frames.lowerBound <= 1 - 10 && totals.frames.upperBound >= 48 + 10)
    let length = h.track.width
    let expected = Scrollbars.thumb(track: h.track.minX...h.track.maxX, visible: 10...30, total: totals.frames)
    #expect(Self.near(h.thumb, expected) && h.thumb.upperBound - h.thumb.lowerBound < length / 2)
    // Values 0…2 of the keys' and handles' (0…4, about): the lower part of the track, top down.
    #expect(totals.values.lowerBound <= 0 && totals.values.upperBound >= 4)
    let down = (2 - totals.values.upperBound)...(2 - totals.values.lowerBound)
    #expect(Self.near(v.thumb, Scrollbars.thumb(track: v.track.minY...v.track.maxY, visible: 0...2, total: down)))
    #expect(v.thumb.lowerBound > v.track.midY - 1 && v.thumb.upperBound > v.track.maxY - 20)
  }

  @Test("no scrollbars without the channel list, or when turned off")
  func graphWithout() {
    #expect(Self.graph { $0.showChannelList = false }.scrollbars() == nil)
    #expect(Self.graph { $0.showScrollbars = false }.scrollbars() == nil)
    #expect(Self.graph { $0.width = 239 }.scrollbars() == nil, "the list gives way below 240 px")
    let thumb = "color=\(Theme.blender.scrollbar.thumb.hex)"
    func thumbs(_ show: Bool) -> Int {
      lines(GraphEditorTests.displayList(GraphEditorTests.ball) {
        $0.width = 600
        $0.currentFrame = -100
        $0.showScrollbars = show
      }, "fill ").filter { $0.hasSuffix(thumb) }.count
    }
    #expect(thumbs(true) == thumbs(false) + 2)
  }

  @Test("the whole view: thumbs as long as their tracks, with a dot in each end")
  func graphWholeView() throws {
    func configure(_ options: inout GraphOptions) {
      options.width = 600
      options.frames = -40...80
      options.values = -10...10
      options.currentFrame = -100  // no playhead: the thumbs are drawn once
    }
    let bars = try #require(Self.graph(configure).scrollbars()).bars
    #expect(bars.allSatisfy { Self.near($0.thumb, $0.axis == .horizontal ? $0.track.minX...$0.track.maxX : $0.track.minY...$0.track.maxY) })
    func fills(_ show: Bool) -> [Substring] {
      lines(GraphEditorTests.displayList(GraphEditorTests.ball) {
        configure(&$0)
        $0.showScrollbars = show
      }, "fill ")
    }
    let added = fills(true).filter { !fills(false).contains($0) }
    // (The marker's triangle moves too: above the scrollbar.)
    #expect(added.filter { $0.hasSuffix("color=\(Theme.blender.scrollbar.thumb.hex)") }.count == 2)
    let dots = added.filter { $0.hasSuffix("color=\(Theme.blender.scrollbar.dot.hex)") }
    #expect(dots.count == 2 && dots.allSatisfy { $0.split(separator: " ").filter { $0 == "M" }.count == 2 })
  }

  @Test("value labels stay above the horizontal scrollbar's band, as within Blender's view mask")
  func valueLabelsAboveTheScrollbar() {
    // The value 0 lies 6 px above the picture's bottom.
    func labels(_ show: Bool) -> [String] {
      displayListTexts(GraphEditorTests.displayList(GraphEditorTests.ball) {
        $0.width = 600
        $0.frames = 0...50
        $0.values = -0.05...2
        $0.showScrollbars = show
      }).map(\.text)
    }
    #expect(labels(false).contains("0.0") && !labels(true).contains("0.0"))
    #expect(labels(true).contains("0.5"))
  }

  @Test("Graph Editor scrollbars, zoomed in: dark at scale 1")
  func graphSnapshot() {
    GraphEditorTests.snapshot(GraphEditorTests.ball, named: "graph-scrollbars") {
      $0.width = 600
      $0.frames = 10...30
      $0.values = 0...2
    }
  }

  @Test("Graph Editor scrollbars, zoomed in: light at scale 2")
  func graphLightSnapshot() {
    GraphEditorTests.snapshot(GraphEditorTests.ball, named: "graph-scrollbars-light-2", scale: 2) {
      $0.width = 600
      $0.frames = 10...30
      $0.values = 0...2
      $0.theme = .light
    }
  }

  // MARK: The Dope Sheet

  static func dopeSheetOptions(_ change: (inout DopeSheetEditorOptions) -> Void = { _ in }) -> DopeSheetEditorOptions {
    var options = DopeSheetEditorOptions()
    options.width = 480
    options.height = 100
    options.frames = 0...28
    change(&options)
    return options
  }

  @Test("the Dope Sheet: frames at the bottom, a thin faint thumb for the rows from the top")
  func dopeSheetBars() throws {
    let editor = DopeSheetEditor(actions: [pictureAction], options: Self.dopeSheetOptions())
    let bars = try #require(editor.scrollbars()).bars
    #expect(bars.map(\.axis) == [.horizontal, .vertical])
    let (h, v) = (bars[0], bars[1])
    #expect(h.zoomable && !v.zoomable)
    #expect(h.track.minX == 198 + 9 && v.track.width == 3.8 && abs(v.track.midX - 476.5) < 1e-9)
    #expect(abs(v.track.minY - 10.2) < 1e-9, "from the region's top, the scrub strip included")
    // 100 px of rows reaching rowTop(count): the thumb is that share of the track, at its top.
    let content = editor.rowTop(editor.sheet.rows.count)
    #expect(content > 100)
    #expect(v.thumb.lowerBound == v.track.minY)
    #expect(abs((v.thumb.upperBound - v.thumb.lowerBound) - max(30, v.track.height * 100 / content)) < 1e-9)
    // Frames 0…28 of the listed keys' span, 10 frames more each side: the thumb within the track.
    let frames = editor.sheet.rows.flatMap(\.keys).map { Double($0.frame) }
    let total = (frames.min()! - 10)...(frames.max()! + 10)
    #expect(Self.near(h.thumb, Scrollbars.thumb(track: h.track.minX...h.track.maxX, visible: 0...28, total: total)))
    #expect(h.thumb.lowerBound > h.track.minX && h.thumb.upperBound < h.track.maxX)
  }

  @Test("every row in view: the thin thumb fills its track")
  func dopeSheetAllRows() throws {
    let editor = DopeSheetEditor(actions: [pictureAction], options: Self.dopeSheetOptions { $0.height = 400 })
    let v = try #require(editor.scrollbars()).bars[1]
    #expect(v.thumb == v.track.minY...v.track.maxY)
  }

  @Test("no Dope Sheet scrollbars without the channel list, or when turned off")
  func dopeSheetWithout() {
    for change: (inout DopeSheetEditorOptions) -> Void in [{ $0.showChannelList = false }, { $0.showScrollbars = false }] {
      let editor = DopeSheetEditor(actions: [pictureAction], options: Self.dopeSheetOptions(change))
      #expect(editor.scrollbars() == nil)
    }
  }

  static func dopeSheetSnapshot(named name: String, scale: Double, theme: Theme) {
    let options = dopeSheetOptions {
      $0.theme = theme
      $0.height = 120
    }
    Snapshot.assertDrawing(named: name, width: options.width, height: options.height, scale: scale) {
      DopeSheetEditor(actions: [pictureAction], options: options).draw(on: $0)
    }
  }

  @Test("Dope Sheet scrollbars: dark at scale 1")
  func dopeSheetSnapshotDark() { Self.dopeSheetSnapshot(named: "dopesheet-scrollbars", scale: 1, theme: .blender) }

  @Test("Dope Sheet scrollbars: light at scale 2")
  func dopeSheetSnapshotLight() { Self.dopeSheetSnapshot(named: "dopesheet-scrollbars-light-2", scale: 2, theme: .light) }

  // MARK: Over the playhead

  @Test("the thumb is drawn over the playhead, and layered drawing gives the same display list")
  func overThePlayhead() {
    let options = GraphEditorTests.options {
      $0.width = 600
      $0.frames = -40...80
      $0.values = -10...10
      $0.currentFrame = 20
    }
    let editor = GraphEditor(action: GraphEditorTests.ball, options: options)
    let once = displayList(width: options.width, height: options.height) { editor.draw(on: $0) }
    let layered = displayList(width: options.width, height: options.height) {
      editor.drawStill(on: $0)
      editor.drawPlayhead(20, on: $0)
    }
    let thumb = "color=\(Theme.blender.scrollbar.thumb.hex)"
    let playhead = "color=\(Theme.blender.ruler.playhead.hex)"
    let all = once.split(separator: "\n")
    let lastPlayhead = all.lastIndex { $0.hasSuffix(playhead) }!
    #expect(all[lastPlayhead...].contains { $0.hasSuffix(thumb) }, "a thumb again after the playhead")
    // The layered list draws the same operations, the playhead layer after the still one.
    #expect(Set(once.split(separator: "\n")) == Set(layered.split(separator: "\n")))
  }
}
