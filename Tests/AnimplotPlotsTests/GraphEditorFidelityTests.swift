import AnimplotCanvas
import AnimplotCore
@testable import AnimplotPlots
import Testing

/// The Graph Editor's plot against Blender 3.4's screenshots (issue 12): value labels with
/// Blender's text shadow, sitting on the line as Blender's do; 1-px lines and handle ends on
/// whole device pixels at any scale; the light theme's active key.
@Suite("Graph Editor, Blender fidelity")
struct GraphEditorFidelityTests {
  /// Blender's second screenshot, smaller: the ball's Z Location alone, keys 23 and 33 selected
  /// (33 the active one), key 23 with level free handles, key 33 with steep ones.
  static let ballZ = GraphEditorTests.action(#"""
    {"name": "Ball", "frameStart": 1, "frameEnd": 72, "currentFrame": 13,
     "tracks": [
      {"dataPath": "location", "index": 2, "group": "Object Transforms", "selected": true, "active": true,
       "keyframes": [
        {"frame": 1, "value": 4},
        {"frame": 13, "value": 0},
        {"frame": 23, "value": 2.6, "handleLeftType": "free", "handleRightType": "free",
         "handleLeft": [19.7, 2.6], "handleRight": [26.3, 2.6], "selected": true},
        {"frame": 33, "value": 0, "handleLeftType": "free", "handleRightType": "free",
         "handleLeft": [31, 1.4], "handleRight": [35, 1.2], "selected": true},
        {"frame": 41, "value": 1.6}]}]}
    """#)

  /// A fixed view with negative values, so that labels carry minus signs: a label every 0.5.
  static func configure(_ options: inout GraphOptions) {
    options.height = 480
    options.frames = -5...60
    options.values = -1.2...2.8
  }

  @Test("Blender's screenshot at scale 1.05: shadowed labels, lines and handle ends on device pixels")
  func ballAtBlenderScale() {
    GraphEditorTests.snapshot(Self.ballZ, named: "graph-ball-z-1.05", scale: 1.05, Self.configure)
  }

  @Test("the light theme at scale 1.05: haloed labels, the active key ringed")
  func ballLightAtBlenderScale() {
    GraphEditorTests.snapshot(Self.ballZ, named: "graph-ball-z-light-1.05", scale: 1.05) {
      Self.configure(&$0)
      $0.theme = .light
    }
  }

  /// The points of the `M`/`L` commands of a display-list path, per subpath.
  static func polylines(_ line: Substring) -> [[Point]] {
    let tokens = line.split(separator: " ")
    var result: [[Point]] = []
    var i = 1
    while i + 2 < tokens.count {
      switch tokens[i] {
      case "M":
        result.append([Point(Double(tokens[i + 1])!, Double(tokens[i + 2])!)])
        i += 3
      case "L":
        result[result.count - 1].append(Point(Double(tokens[i + 1])!, Double(tokens[i + 2])!))
        i += 3
      default:
        return result
      }
    }
    return result
  }

  /// `v` as the display list prints it (to 1/1000, no trailing zeros).
  static func number(_ v: Double) -> String {
    let r = (v * 1000).rounded() / 1000
    return r == r.rounded() ? String(Int(r)) : "\(r)"
  }

  /// Whether `v` (logical, as the display list rounds it) is the centre of a line of `w` whole
  /// device pixels at `scale`.
  static func onDevicePixels(_ v: Double, scale: Double, w: Double) -> Bool {
    let d = v * scale - w / 2
    return abs(d - d.rounded()) < 0.01
  }

  @Test("1-px lines are whole device pixels wide and cover whole device pixels", arguments: [1.05, 1.25, 1.5, 1.75])
  func linesOnDevicePixels(scale: Double) {
    for theme in [Theme.blender, .light] {
      let list = GraphEditorTests.displayList(Self.ballZ, scale: scale) {
        Self.configure(&$0)
        $0.theme = theme
      }
      // Blender's U.pixelsize: dpi / 64, so 1 up to scale 1.77 and 2 from 1.78.
      let w = Double(BlenderUIScale(deviceScale: scale).pixelSize)
      let width = "width=\(Self.number(w / scale)) "
      let thin = lines(list, "stroke M").filter { $0.contains(width) }
      var level = 0, upright = 0, handles = 0
      for line in thin {
        for points in Self.polylines(line) {
          for (a, b) in zip(points, points.dropFirst()) {
            if a.y == b.y {
              level += 1
              #expect(Self.onDevicePixels(a.y, scale: scale, w: w), "\(line.prefix(80))")
            } else if a.x == b.x {
              upright += 1
              #expect(Self.onDevicePixels(a.x, scale: scale, w: w), "\(line.prefix(80))")
            } else {
              handles += 1
              for v in [a.x, a.y, b.x, b.y] {
                #expect(Self.onDevicePixels(v, scale: scale, w: w), "\(line.prefix(80))")
              }
            }
          }
        }
      }
      // Grid rows and key 23's level handles; grid columns and the scene range's ends; key 33's
      // steep handles.
      #expect(level >= 16 + 2)
      #expect(upright >= 6 + 2)
      #expect(handles == 2)
    }
  }

  @Test("at scale 1 and 2 lines sit where pixelCenter puts them", arguments: [1.0, 2])
  func wholeScalesUnchanged(scale: Double) {
    let canvas = RecordingCanvas(size: Size(10, 10), deviceScale: scale)
    let pixels = DevicePixels(canvas)
    for v in stride(from: -3.0, through: 3, by: 0.125) {
      #expect(pixels.center(v) == pixelCenter(v))
      #expect(pixels.lineWidth == 1)
    }
  }

  /// The value labels of the display list with their baselines, and the centres of the
  /// horizontal major grid lines.
  static func labelsAndLines(_ list: String, theme: Theme) -> (labels: [(text: Substring, baseline: Double, line: Substring)], majors: [Double]) {
    let major = "color=\(theme.graph.gridMajor.hex) "
    let rows = lines(list, "stroke M").filter { $0.contains(major) }
      .flatMap(polylines).filter { $0.count == 2 && $0[0].y == $0[1].y }.map { $0[0].y }
    let labels = lines(list, "text ").filter { $0.contains("color=\(theme.graph.valueLabel.hex) ") }
      .map { line in
        let fields = line.split(separator: " ")
        return (text: fields[1].dropFirst().dropLast(), baseline: Double(fields[4])!, line: line)
      }
    return (labels, rows)
  }

  @Test(
    "value labels: Blender's shadow, the digits centred on their line, a minus sign clear below it",
    arguments: [1.0, 1.05, 2], ["blender", "light"])
  func valueLabels(scale: Double, themeName: String) throws {
    let theme = try #require(Theme.named(themeName))
    let list = GraphEditorTests.displayList(Self.ballZ, scale: scale) {
      Self.configure(&$0)
      $0.theme = theme
    }
    let (labels, majors) = Self.labelsAndLines(list, theme: theme)
    #expect(labels.count == 8)
    #expect(labels.filter { $0.text.hasPrefix("-") }.count == 2)
    let font = BundledFont.metrics(deviceScale: scale)
    let size = GraphEditor.fontSize
    let half = font.digitHeight(size: size) / 2
    let lineWidth = max(1, scale.rounded()) / scale
    let shadow = try #require(theme.graph.valueLabelShadow)
    if theme == .blender { #expect(shadow == TextShadow(color: .black, dx: 1, dy: 1, blur: 5)) }
    for label in labels {
      #expect(label.line.hasSuffix("anchor=left,baseline shadow=\(shadow.color.hex),\(shadow.dx),\(shadow.dy),\(shadow.blur)"))
      // On a whole device pixel.
      let device = label.baseline * scale
      #expect(abs(device - device.rounded()) < 0.01, "\(label.line)")
      // The line whose label it is: the one through the digits.
      let line = try #require(majors.min { abs(label.baseline - half - $0) < abs(label.baseline - half - $1) })
      let middle = label.baseline - half
      #expect(middle >= line - 0.01 && middle <= line + 1 / scale + 0.01, "\(label.line): line at \(line)")
      if label.text.hasPrefix("-") {
        // DejaVu Sans's hyphen-minus reaches 643 of 2048 units above the baseline.
        let minusTop = label.baseline - 643.0 / 2048 * size
        #expect(minusTop > line + lineWidth / 2, "\(label.line): line at \(line)")
      }
    }
  }

  @Test("the light theme rings its white active key; Blender's dark theme draws it plain white")
  func activeKey() {
    for (theme, outline) in [(Theme.light, "#202020"), (.blender, nil)] {
      let list = GraphEditorTests.displayList(Self.ballZ) {
        Self.configure(&$0)
        $0.theme = theme
      }
      // Key 33 is the active curve's last selected key.
      let active = lines(list, "markers").filter { $0.contains("fill=#ffffff") }
      #expect(active.count == 1)
      if let outline {
        #expect(active.first?.contains("stroke=\(outline) width=1.5") == true)
        #expect(theme.graph.vertexActive == theme.graph.background, "why the ring is needed")
      } else {
        #expect(active.first?.hasSuffix("stroke=none") == true)
      }
    }
  }
}
