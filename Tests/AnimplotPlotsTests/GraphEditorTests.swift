import AnimplotCore
import AnimplotIO
import AnimplotCanvas
@testable import AnimplotPlots
import Testing

/// The Graph Editor's drawing, as display lists (exact, portable) and as facts about its layout.
@Suite("Graph Editor")
struct GraphEditorTests {
  /// An action decoded (and recalculated) from format-1 text.
  static func action(_ json: String) -> Action {
    try! ActionDecoder.decode(json).action(named: nil)
  }

  /// The pictures' options: 480×270 (small, so snapshots stay readable), then `configure`.
  static func options(_ configure: (inout GraphOptions) -> Void) -> GraphOptions {
    var options = GraphOptions()
    options.width = 480
    options.height = 270
    configure(&options)
    return options
  }

  /// The display list of `action` (for a raster of `scale`).
  static func displayList(
    _ action: Action, scale: Double = 1, _ configure: (inout GraphOptions) -> Void = { _ in }
  ) -> String {
    let options = options(configure)
    return AnimplotPlotsTests.displayList(width: options.width, height: options.height, scale: scale) {
      GraphEditor(action: action, options: options).draw(on: $0)
    }
  }

  /// The display list of `action`, compared with the snapshot `name`.
  @discardableResult
  static func snapshot(
    _ action: Action, named name: String, scale: Double = 1, sourceLocation: SourceLocation = #_sourceLocation,
    _ configure: (inout GraphOptions) -> Void = { _ in }
  ) -> String {
    let options = options(configure)
    return Snapshot.assertDrawing(
      named: name, width: options.width, height: options.height, scale: scale, sourceLocation: sourceLocation
    ) { GraphEditor(action: action, options: options).draw(on: $0) }
  }

  static let ball = action(#"""
    {"name": "Ball", "frameStart": 1, "frameEnd": 48, "currentFrame": 12.5,
     "markers": [{"frame": 24, "name": "contact"}],
     "tracks": [
      {"dataPath": "location", "index": 2, "group": "Object Transforms", "selected": true, "active": true,
       "keyframes": [
        {"frame": 1, "value": 4, "selected": true},
        {"frame": 24, "value": 0, "handleLeftType": "free", "handleRightType": "free",
         "handleLeft": [16.3, 2.7], "handleRight": [31.7, 2.7], "selected": true, "selectedHandleLeft": true},
        {"frame": 48, "value": 4}]},
      {"dataPath": "location", "index": 0, "group": "Object Transforms",
       "keyframes": [{"frame": 1, "value": 0, "interpolation": "linear"}, {"frame": 48, "value": 3}]}]}
    """#)

  static let interpolations = action(#"""
    {"name": "Interpolations", "tracks": [
      {"dataPath": "value", "selected": true, "keyframes": [
        {"frame": 0, "value": 0, "interpolation": "constant"},
        {"frame": 10, "value": 1, "interpolation": "linear"},
        {"frame": 20, "value": 0, "interpolation": "elastic", "easing": "easeOut"},
        {"frame": 40, "value": 1, "interpolation": "back", "back": 2.5},
        {"frame": 50, "value": 0, "interpolation": "bounce"},
        {"frame": 60, "value": 1, "interpolation": "bezier", "handleLeftType": "vector", "handleRightType": "aligned",
         "handleRight": [64, 1.5]},
        {"frame": 70, "value": 0.5, "handleLeftType": "auto"}]}]}
    """#)

  @Test("a bouncing ball: curves, handles of selected keys, keys, playhead, marker, channel list")
  func bouncingBall() {
    Self.snapshot(Self.ball, named: "graph-ball")
  }

  @Test("constant steps, linear lines, sampled easings, Bézier with vector and aligned handles")
  func interpolations() {
    Self.snapshot(Self.interpolations, named: "graph-interpolations") { $0.handles = .all }
  }

  @Test("light theme, diamonds, no channel list, normalised, no cursor")
  func optionsVariant() {
    Self.snapshot(Self.ball, named: "graph-light-diamonds-normalized") {
      $0.theme = .light
      $0.keyShape = .diamond
      $0.showChannelList = false
      $0.normalize = true
      $0.showCursor = false
      $0.handles = .none
    }
  }

  @Test("normalising darkens nothing beyond ±1 (Blender 3.4; the bands are 4.x's)", arguments: [Theme.blender, .light])
  func normalizeDrawsNoBands(theme: Theme) {
    func fills(normalize: Bool) -> [Substring] {
      lines(Self.displayList(Self.ball) {
        $0.theme = theme
        $0.normalize = normalize
        $0.values = -1.5...1.5
        $0.frames = -10...60
        $0.showScrollbars = false  // the values' scrollbar follows the normalised values
      }, "fill")
    }
    #expect(fills(normalize: true) == fills(normalize: false))
  }

  @Test("a Cycles curve is sampled across the view; linear extrapolation reaches the edges")
  func cyclesAndExtrapolation() {
    let action = Self.action(#"""
      {"tracks": [
        {"dataPath": "location", "index": 1, "selected": true, "modifiers": [{"type": "cycles", "after": "repeatOffset"}],
         "keyframes": [{"frame": 0, "value": 0}, {"frame": 12, "value": 1}, {"frame": 24, "value": 0.5}]},
        {"dataPath": "location", "index": 0, "extrapolation": "linear",
         "keyframes": [{"frame": 4, "value": 0, "interpolation": "linear"}, {"frame": 8, "value": 1, "interpolation": "linear"}]}]}
      """#)
    let list = Self.snapshot(action, named: "graph-cycles-extrapolation") { $0.frames = -12...60 }
    // The linear extrapolation runs to both edges of the view.
    #expect(list.contains("stroke M 200 "))
  }

  @Test("muted curves are grey, locked ones dashed without handles, hidden ones not drawn")
  func mutedLockedHidden() {
    let action = Self.action(#"""
      {"tracks": [
        {"dataPath": "a", "muted": true, "keyframes": [{"frame": 0, "value": 0}, {"frame": 10, "value": 1}]},
        {"dataPath": "b", "locked": true, "selected": true, "keyframes": [{"frame": 0, "value": 1, "selected": true}, {"frame": 10, "value": 0}]},
        {"dataPath": "c", "hidden": true, "keyframes": [{"frame": 0, "value": 5}, {"frame": 10, "value": 7}]}]}
      """#)
    let list = Self.snapshot(action, named: "graph-muted-locked-hidden")
    #expect(list.contains("color=#62626240"), "muted curve in Blender's muted grey at the inactive alpha")
    #expect(list.contains("dash=5.6,10.4"), "locked curve dashed as Blender's 16 px × 0.35")
  }

  @Test("the active curve is 2.5 px wide even when unselected (then faded); a locked one stays 1 px")
  func activeCurveWidth() {
    func curveStroke(_ flags: String) -> Substring? {
      let action = Self.action(##"{"tracks": [{"dataPath": "a", "group": "G", "color": "#ff0000", "##
        + flags + #", "keyframes": [{"frame": 0, "value": 0}, {"frame": 10, "value": 1}]}]}"#)
      return Self.displayList(action).split(separator: "\n").first {
        $0.hasPrefix("stroke") && $0.contains("color=#ff0000")
      }
    }
    let activeUnselected = curveStroke(#""active": true"#)
    #expect(activeUnselected?.contains("color=#ff000040 width=2.5") == true, "\(activeUnselected ?? "no curve")")
    let activeSelected = curveStroke(#""active": true, "selected": true"#)
    #expect(activeSelected?.contains("color=#ff0000 width=2.5") == true, "\(activeSelected ?? "no curve")")
    let activeLocked = curveStroke(#""active": true, "selected": true, "locked": true"#)
    #expect(activeLocked?.contains("width=1 ") == true, "\(activeLocked ?? "no curve")")
    // The group of the active channel reads as selected: Blender 3.4 keeps the group row's
    // colour and writes its name in the highlight colour.
    let list = Self.displayList(Self.action(
      #"{"tracks": [{"dataPath": "a", "group": "G", "active": true, "keyframes": [{"frame": 0, "value": 0}]}]}"#))
    #expect(list.contains("color=#1a332d") && !list.contains("color=#216d5b"))
    #expect(list.contains(#"text "G" "#) && lines(list, "text \"G\"").allSatisfy { $0.contains("#ffaf23") })
  }

  /// The object row, Blender 3.4's channel list details and the rules for selected and hidden
  /// rows, in one picture: the object (selected) with its mesh icon, pin and eye; the group's pin,
  /// eye and toggles; a selected channel on the plain row colour in the highlight colour; a
  /// hidden channel with a closed eye and its name's colour kept.
  static let objectRows = action(#"""
    {"name": "BallAction", "object": {"name": "Ball", "type": "mesh", "selected": true},
     "tracks": [
      {"dataPath": "location", "index": 0, "group": "Object Transforms", "selected": true,
       "keyframes": [{"frame": 1, "value": 0}, {"frame": 20, "value": 2}]},
      {"dataPath": "location", "index": 1, "group": "Object Transforms", "hidden": true,
       "keyframes": [{"frame": 1, "value": 1}, {"frame": 20, "value": 0}]},
      {"dataPath": "location", "index": 2, "group": "Object Transforms", "muted": true, "locked": true,
       "keyframes": [{"frame": 1, "value": 2}, {"frame": 20, "value": 1}]}]}
    """#)

  @Test("object row, group pin and eye, toggles on every row, closed eye of a hidden channel")
  func objectRowsAndListDetails() {
    let list = Self.snapshot(Self.objectRows, named: "graph-object-rows")
    Self.snapshot(Self.objectRows, named: "graph-object-rows-light") { $0.theme = .light }
    let theme = Theme.blender.channelList
    // Rows top to bottom: object, action, group, three channels; indented one level each below
    // the object.
    let names = ["Ball", "BallAction", "Object Transforms", "X Location", "Y Location", "Z Location"]
    for name in names { #expect(list.contains("text \"\(name)\""), "\(name)") }
    #expect(list.contains("color=\(theme.objectRow.hex)"))
    // The selected object and the selected channel in the highlight colour; the hidden one keeps
    // the normal text colour (not greyed).
    for name in ["Ball", "X Location"] {
      #expect(lines(list, "text \"\(name)\"").allSatisfy { $0.contains(theme.textSelected.hex) }, "\(name)")
    }
    #expect(lines(list, "text \"Y Location\"").allSatisfy { $0.contains("color=\(theme.text.hex)") })
    // Selected channel rows keep Blender's row colour; no lighter selected-row colour.
    #expect(!list.contains("color=\(theme.channelRowSelected.hex)"))
    // Without an object, the action is the first row, as before.
    var bare = Self.objectRows
    bare.object = nil
    #expect(!Self.displayList(bare).contains("text \"Ball\""))
  }

  @Test("the view fits keys, handles and overshoot (back, elastic)")
  func fitIncludesOvershoot() {
    let editor = GraphEditor(action: Self.interpolations)
    let range = CurvePath.valueRange(of: Self.interpolations.tracks[0])!
    #expect(range.lowerBound < -0.1, "elastic and back overshoot below 0")
    #expect(range.upperBound > 1.1)
    #expect(editor.viewport.values.lowerBound < range.lowerBound)
    #expect(editor.viewport.values.upperBound > range.upperBound)
    #expect(editor.viewport.frames.lowerBound < 0 && editor.viewport.frames.upperBound > 70)
  }

  @Test("explicit frames and values are used as given")
  func explicitView() {
    var options = GraphOptions()
    options.frames = 5...15
    options.values = -2...2
    let editor = GraphEditor(action: Self.ball, options: options)
    #expect(editor.viewport.frames == 5...15)
    #expect(editor.viewport.values == -2...2)
  }

  @Test("grid steps follow Blender's 1-2-5 table with 45 px minimum spacing")
  func gridSteps() {
    #expect(GridStep.major(pixelsPerUnit: 10) == 5)
    #expect(GridStep.major(pixelsPerUnit: 44) == 2)
    #expect(GridStep.major(pixelsPerUnit: 45) == 1)
    #expect(GridStep.major(pixelsPerUnit: 1000) == 0.05)
    #expect(GridStep.major(pixelsPerUnit: 10, discrete: true) == 5)
    #expect(GridStep.major(pixelsPerUnit: 100, discrete: true) == 1)
    #expect(GridStep.label(2.9, step: 2) == "2")
    #expect(GridStep.label(-0.25, step: 0.05) == "-0.25")
    #expect(GridStep.label(0.4, step: 0.2) == "0.4")
    #expect(GridStep.label(1e-17, step: 0.1) == "0.0")
  }

  @Test("rainbow colours as Blender computes them for nine curves")
  func rainbow() {
    // Blender's first three of nine: red, green, blue-violet (hue 0, 0.323, 0.647).
    let first = CurveColors.rainbow(index: 0, count: 9)
    #expect(first == Color(red: 1, green: 0.4, blue: 0.4))
    let second = CurveColors.rainbow(index: 1, count: 9)
    #expect(second.green == 1 && second.red < 0.5)
    let third = CurveColors.rainbow(index: 2, count: 9)
    #expect(third.blue == 1 && third.green < third.blue)
  }

  @Test("transform channels take Blender's X/Y/Z colours, a track's own colour wins")
  func axisColours() {
    let action = Self.action(#"""
      {"tracks": [{"dataPath": "location", "index": 0, "keyframes": []},
                  {"dataPath": "scale", "index": 2, "keyframes": []},
                  {"dataPath": "rotation_quaternion", "index": 0, "keyframes": []},
                  {"dataPath": "location", "index": 1, "color": "#123456", "keyframes": []},
                  {"dataPath": "influence", "keyframes": []}]}
      """#)
    let colors = CurveColors.colors(for: action.tracks, theme: .blender, mode: .auto)
    #expect(colors[0] == Color(hex: "#ff3352"))
    #expect(colors[1] == Color(hex: "#2890ff"))
    #expect(colors[2].blue > colors[2].red, "Blender's quaternion W is blue")
    #expect(colors[3] == Color(hex: "#123456"))
    #expect(colors[4] == CurveColors.rainbow(index: 4, count: 5))
  }
}

/// Many keys: the curves' paths are built on every core, and are the paths built one by one.
@Suite struct GraphEditorParallelPathTests {
  @Test func pathsBuiltOnEveryCoreAreThePathsBuiltOneByOne() {
    var action = Action(name: "many")
    for t in 0..<4 {
      var track = FCurve(dataPath: "location", index: t)
      track.keyframes = Keyframes((0..<6_000).map { Keyframe(frame: Float($0), value: Float(($0 * 7919 + t * 31) % 97) / 10) })
      track.recalculateHandles()
      action.tracks.append(track)
    }
    #expect(action.tracks.reduce(0) { $0 + $1.keyframes.count } > GraphEditor.parallelPathKeys)
    let editor = GraphEditor(action: action)
    let serial = editor.curves.map { CurvePath.path($0.track, viewport: editor.viewport, mapping: $0.mapping) }
    #expect(editor.curvePaths() == serial)
  }
}
