import AnimplotCanvas
import AnimplotCore
import AnimplotIO
import AnimplotTestSupport
@testable import AnimplotPlots
import Foundation
import Testing

/// The editors' layouts: what `hit` answers in the channel list, the scrub strip, the header and
/// on the Dope Sheet's key glyphs, and which keys a glyph merges.
@Suite("Editor layouts and hit")
struct EditorLayoutTests {
  static let examples = Repository.root.appendingPathComponent("Examples")

  static func actions(_ file: String) throws -> [Action] {
    try ActionFile.load(examples.appendingPathComponent(file).path).actions
  }

  @Test("the Dope Sheet: every drawn glyph is hit at its centre and names the keys it merges", arguments: [1.0, 1.05, 2.0])
  func dopeSheetGlyphs(scale: Double) throws {
    let actions = try Self.actions("blender-four-actions.json")
    var options = DopeSheetEditorOptions()
    options.width = 1200
    options.height = 2000
    let editor = DopeSheetEditor(actions: actions, options: options)
    let layout = editor.layout(scale: scale)
    #expect(layout.rows.count == editor.sheet.rows.count, "every row fits")
    var glyphs = 0
    for row in layout.rows {
      for column in row.drawnColumns {
        let center = try #require(layout.center(of: row, column: column))
        #expect(layout.hit(center) == .key(row: row.index, column: column), "row \(row.index) column \(column)")
        // The keys it merges: each within Blender's 0.01 frames of the glyph, on the row's
        // channels, and every key of those channels at that frame is among them.
        let merged = editor.keys(row: row.index, column: column)
        let frame = row.row.keys[column].frame
        #expect(!merged.isEmpty)
        for id in merged {
          #expect(row.row.channels.contains(id.channel))
          let key = actions[id.channel.action].tracks[id.channel.track].keyframes[id.key]
          #expect(abs(key.frame - frame) <= 0.01)
        }
        for channel in row.row.channels {
          let track = actions[channel.action].tracks[channel.track]
          for (i, key) in track.keyframes.enumerated() where key.frame == frame {
            #expect(merged.contains(KeyID(channel: channel, key: i)))
          }
        }
        glyphs += 1
      }
    }
    #expect(glyphs > 300)
    // A channel row merges exactly its own keys, one per column.
    let channelRow = try #require(layout.rows.first { $0.row.kind == .channel })
    let channel = try #require(channelRow.row.channel)
    let keys = channelRow.row.keys.indices.flatMap { editor.keys(row: channelRow.index, column: $0) }
    #expect(keys == actions[channel.action].tracks[channel.track].keyframes.indices.map { KeyID(channel: channel, key: $0) })
    // A row's backdrop between two glyphs is the row; the gap below it is the key area.
    let backdrop = layout.rect(of: channelRow)
    let columns = channelRow.drawnColumns
    let a = try #require(layout.center(of: channelRow, column: columns[0]))
    let b = try #require(layout.center(of: channelRow, column: columns[1]))
    #expect(layout.hit(Point((a.x + b.x) / 2, a.y)) == .row(channelRow.index))
    if case .keyArea = layout.hit(Point(backdrop.midX, backdrop.maxY + 0.5)) {} else {
      Issue.record("the gap below a row: \(String(describing: layout.hit(Point(backdrop.midX, backdrop.maxY + 0.5))))")
    }
  }

  @Test("the Timeline: the header, the scrub strip, markers, every Summary glyph and the strip between", arguments: [1.0, 1.05, 2.0])
  func timeline(scale: Double) throws {
    let actions = try Self.actions("bouncing-ball.json")
    var options = TimelineOptions()
    options.width = 900
    options.height = 120
    let timeline = Timeline(actions: actions, options: options)
    let layout = timeline.layout(scale: scale)
    let columns = timeline.keys.keys.indices.filter { layout.center(ofKey: $0) != nil }
    #expect(columns.count == timeline.keys.keys.count, "every key of the ball is in view")
    for column in columns {
      let center = try #require(layout.center(ofKey: column))
      #expect(layout.hit(center) == .key(column: column), "column \(column)")
    }
    // Between two glyphs: the strip at the frame there.
    let a = try #require(layout.center(ofKey: columns[0])), b = try #require(layout.center(ofKey: columns[1]))
    let between = Point((a.x + b.x) / 2, a.y)
    guard case .keyArea(let frame) = layout.hit(between) else {
      Issue.record("between two glyphs: \(String(describing: layout.hit(between)))")
      return
    }
    #expect(abs(frame - layout.frame(atX: between.x)) < 1e-9)
    let keys = timeline.keys.keys
    #expect(frame > Double(keys[columns[0]].frame) && frame < Double(keys[columns[1]].frame))
    // The transport header above; the scrub strip below it, at the frame under the pointer.
    #expect(layout.hit(Point(a.x, 25.5 * scale)) == .header)
    if case .scrubStrip(let f) = layout.hit(Point(a.x, 30 * scale)) {
      #expect(abs(f - Double(keys[columns[0]].frame)) < 1)
    } else {
      Issue.record("the scrub strip: \(String(describing: layout.hit(Point(a.x, 30 * scale))))")
    }
    // Markers' triangles lie over the keys' strip.
    #expect(!layout.markers.isEmpty)
    for marker in layout.markers {
      let box = layout.deviceRect(marker.triangle)
      #expect(layout.hit(Point(box.midX, box.midY)) == .marker(marker.index))
    }
    #expect(layout.hit(Point(-1, 10)) == nil)
    #expect(layout.hit(Point(900 * scale, 10)) == nil)
  }

  @Test("the channel list: each row, its eye and toggles; the scrub strip; the header", arguments: [1.0, 1.05, 2.0])
  func graphChrome(scale: Double) throws {
    let action = try Self.actions("blender-bouncing-ball.json")[0]
    var options = GraphOptions()
    options.showHeader = true
    let editor = GraphEditor(action: action, options: options)
    let layout = editor.layout(scale: scale)
    let list = try #require(layout.channelList)
    #expect(layout.headerRows > 0)
    #expect(layout.hit(Point(100, 1)) == .header)
    var toggles = 0
    for (i, row) in list.rows.enumerated() {
      let rect = layout.rect(of: row)
      #expect(layout.hit(Point(rect.minX + 120 * scale, rect.midY)) == .channelRow(i, toggle: nil), "\(row.name)")
      for (toggle, center) in layout.toggles(of: row) {
        #expect(layout.hit(center) == .channelRow(i, toggle: toggle), "\(row.name) \(toggle)")
        toggles += 1
      }
      if row.kind == .channel {
        #expect(row.channel.map { action.tracks[$0.track].displayLabel } == row.name)
      }
    }
    #expect(toggles >= 4 * action.tracks.count)
    let strip = layout.scrubStripRect
    let stripPoint = Point(layout.plotRect.midX, strip.midY)
    guard case .scrubStrip(let frame) = layout.hit(stripPoint) else {
      Issue.record("the strip: \(String(describing: layout.hit(stripPoint)))")
      return
    }
    // The frame whose playhead is drawn at that x (the strip maps frames one device pixel
    // narrower than the plot), not quite the plot's frame there.
    let x = TimeRuler.regionX(frame, region: layout.places.region, viewport: layout.viewport, scale: layout.scale)
    #expect(abs(x * layout.scale - stripPoint.x) < 1e-6)
    #expect(abs(frame - layout.frameAndValue(at: stripPoint).frame) < 0.1)
    #expect(layout.hit(Point(-1, 10)) == nil)
    #expect(layout.hit(Point(layout.pictureSize.width * scale, 10)) == nil)
  }

  @Test("a curve is hit along its line, the plot elsewhere")
  func curveAndPlot() throws {
    var action = Action(name: "Line", tracks: [track("location", 0, [key(1, 0), key(100, 10)])])
    action.tracks[0].keyframes[0].interpolation = .linear
    action.tracks[0].recalculateHandles()
    var options = GraphOptions()
    options.width = 800
    options.height = 400
    options.frames = 0...101
    options.values = -1...11
    options.handles = .none
    let layout = GraphEditor(action: action, options: options).layout(scale: 1)
    // Halfway along the line, between the keys.
    let mid = layout.devicePoint(layout.viewport.point(50.5, 5))
    #expect(layout.hit(mid) == .curve(ChannelID(action: 0, track: 0)))
    let off = Point(mid.x, mid.y - 20)
    guard case .plot(let frame, let value) = layout.hit(off) else {
      Issue.record("off the line: \(String(describing: layout.hit(off)))")
      return
    }
    #expect(abs(frame - 50.5) < 0.2 && value > 5)
    // A tolerance reaches the line from a few pixels away.
    #expect(layout.hit(Point(mid.x, mid.y - 3), tolerance: 4) == .curve(ChannelID(action: 0, track: 0)))
    #expect(layout.hit(Point(mid.x, mid.y - 3)) != .curve(ChannelID(action: 0, track: 0)))
  }
}

extension EditorLayoutTests {
  /// Overlapping glyphs: the one drawn on top answers, as the picture shows it. Blender draws
  /// selected keys over unselected ones whatever their frames, so a selected key at frame 50 lies
  /// over the unselected one at 51 (and wins the pixels between their centres).
  @Test("overlapping glyphs: the selected one, drawn last, is hit", arguments: [1.0, 1.05, 2.0])
  func overlappingGlyphs(scale: Double) throws {
    let action = Action(name: "Near", tracks: [track("location", 0, [key(50, selected: true), key(51)])])
    var options = DopeSheetEditorOptions()
    options.width = 400
    options.height = 120
    options.frames = 0...100
    options.showChannelList = false
    options.rows.showSummary = false
    let layout = DopeSheetEditor(actions: [action], options: options).layout(scale: scale)
    let row = try #require(layout.rows.first { $0.row.kind == .channel })
    let selected = try #require(layout.center(of: row, column: 0))
    let unselected = try #require(layout.center(of: row, column: 1))
    #expect(layout.hit(selected) == .key(row: row.index, column: 0))
    // Between the centres, on the unselected key's side: still under the selected glyph.
    let between = Point(unselected.x - 1, unselected.y)
    #expect(layout.hit(between) == .key(row: row.index, column: 0))
    // Past the selected glyph's reach, the unselected one.
    let beyond = Point(unselected.x + 4 * scale, unselected.y)
    #expect(layout.hit(beyond) == .key(row: row.index, column: 1))
  }
}
