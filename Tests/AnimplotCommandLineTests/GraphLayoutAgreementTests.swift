import AnimplotCairo
import AnimplotCanvas
import AnimplotCheck
@testable import AnimplotCommandLine
import AnimplotCore
import AnimplotGolden
@testable import AnimplotPlots
import AnimplotRender
import AnimplotTestSupport
import Foundation
import Testing

/// The Graph Editor's layout against its picture: for every fixture (with its `NAME.args`), in
/// both themes and at scales 1, 1.05 and 2, every key the PNG shows is in the layout, the PNG's
/// pixel at each listed key centre is that key's colour, and `hit` at each key centre answers
/// that key, at each handle's end that handle.
@Suite("The Graph Editor's layout and its picture agree")
struct GraphLayoutAgreementTests {
  static let repository = Repository.root

  /// The fixtures drawn by `graph`, with their options.
  static func fixtures() throws -> [(name: String, path: String, options: GraphOptions, selection: ActionSelection)] {
    let folder = repository.appendingPathComponent("Fixtures")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && ReferenceKind.classify(fileName: $0) == nil }.sorted()
    var requests = CaseRequests()
    return try names.compactMap { file in
      let name = String(file.dropLast(5))
      let args = folder.appendingPathComponent(name + ".args")
      let text = (try? String(contentsOf: args, encoding: .utf8)) ?? ""
      // Cases of other verbs (eval) are not the Graph Editor's.
      let verb = text.split(separator: "\n").first { !$0.hasPrefix("#") }?.split(separator: " ").first
      if let verb, verb != "graph" { return nil }
      _ = try requests.parse(path: args.path, text: text).get()
      let checkCase = CheckCase(
        name: name, inputPath: folder.appendingPathComponent(file).path, argumentsPath: args.path, kind: .png,
        referencePath: folder.appendingPathComponent(name + ".png").path, referenceExists: true)
      let request = try requests.request(for: checkCase)
      let view = try #require(request.view as? GraphView, "\(name) is not drawn by graph")
      return (name, checkCase.inputPath, view.options, request.selection)
    }
  }

  static let scales = [1.0, 1.05, 2.0]
  static let themes: [(String, Theme)] = [("blender", .blender), ("light", .light)]

  @Test func everyKeyShownIsListedAndHasItsColour() throws {
    let fixtures = try Self.fixtures()
    #expect(fixtures.count >= 4)
    var checkedKeys = 0
    for fixture in fixtures {
      var action = try fixture.selection.actions(
        of: Input.file(fixture.path).document(), every: false, file: fixture.path)[0]
      // The curves and their keys alone: no markers, playhead, 2D cursor line, scrollbars or text
      // (labels) drawn over them.
      action.markers = []
      for (themeName, theme) in Self.themes {
        for scale in Self.scales {
          var options = fixture.options
          options.theme = theme
          options.currentFrame = -1e9
          options.showCursor = false
          options.showScrollbars = false
          let editor = GraphEditor(action: action, options: options)
          let layout = editor.layout(scale: scale)
          let context = "\(fixture.name) \(themeName) \(scale)"
          let picture = try Self.draw(editor, scale: scale, keys: true)
          let keyless = try Self.draw(editor, scale: scale, keys: false)

          // Every pixel the keys change lies on a listed key's vertex.
          let shown = layout.curves.flatMap { curve in
            curve.track.keyframes.indices.filter(curve.showsKey).map { (curve, $0, layout.devicePoint(curve.keyCenter($0))) }
          }
          var unexplained = 0
          for y in 0..<picture.height {
            // Rows whose bytes are the same are skipped whole.
            let row = 4 * y * picture.width..<4 * (y + 1) * picture.width
            guard picture.pixels[row] != keyless.pixels[row] else { continue }
            for x in 0..<picture.width where Self.pixel(picture, x, y) != Self.pixel(keyless, x, y) {
              let reach = (5 + 1) * scale
              let near = shown.contains { abs($0.2.x - (Double(x) + 0.5)) <= reach && abs($0.2.y - (Double(y) + 0.5)) <= reach }
              if !near { unexplained += 1 }
            }
          }
          #expect(unexplained == 0, "\(context): \(unexplained) pixels changed by keys far from every listed key")

          // Each listed key alone at its centre (dense curves' vertices overlap and blend) and on
          // top there (`hit`): its colour over what lies under it.
          for (curve, index, center) in shown {
            let alone = !shown.contains { other in
              !(other.0.channel == curve.channel && other.1 == index)
                && pointDistance(other.2, center) <= other.0.vertexRadius * scale + 1.5
            }
            guard alone, layout.hit(center) == .key(KeyID(channel: curve.channel, key: index)) else { continue }
            let (x, y) = (Int(center.x.rounded(.down)), Int(center.y.rounded(.down)))
            let expected = Self.blend(Self.vertexColor(curve, index, options), over: Self.pixel(keyless, x, y))
            let actual = Self.pixel(picture, x, y)
            #expect(
              zip(expected, actual).allSatisfy { abs(Int($0) - Int($1)) <= 2 },
              "\(context): key \(index) of track \(curve.channel.track) at \(center) is \(actual), expected \(expected)")
            checkedKeys += 1
          }
        }
      }
    }
    #expect(checkedKeys > 100, "\(checkedKeys) keys compared")
  }

  /// In the pictures as drawn (the playhead, markers, labels and scrollbars over the curves),
  /// `hit` at each drawn key's centre answers that key, at each drawn handle's end that handle,
  /// or something that is drawn over it there: a thing drawn later that covers the point
  /// (Blender's order: curves one after the other, on a curve its line, handle lines, handle
  /// rings, unselected then selected, and keys, the active key last), the chrome drawn over
  /// the curves where it lies, or nothing beyond the picture.
  @Test func hitAnswersEveryKeyAndHandle() throws {
    var keys = 0, handles = 0, covered = 0
    for fixture in try Self.fixtures() {
      let action = try fixture.selection.actions(
        of: Input.file(fixture.path).document(), every: false, file: fixture.path)[0]
      for (themeName, theme) in Self.themes {
        for scale in Self.scales {
          var options = fixture.options
          options.theme = theme
          let layout = GraphEditor(action: action, options: options).layout(scale: scale)
          let context = "\(fixture.name) \(themeName) \(scale)"
          // Where a thing is in the drawing order: its curve's place, its layer on the curve
          // (0 the line, 1 handle lines, 2 unselected rings, 3 selected rings, 4 keys), and its
          // place in the layer (keys: unselected, selected, active, each by index).
          func order(_ channel: ChannelID) -> Int {
            layout.drawingOrder.firstIndex { layout.curves[$0].channel == channel }!
          }
          func rank(_ key: KeyID) -> [Int] {
            let curve = layout.curve(for: key.channel)!
            let selected = curve.track.keyframes[key.key].selected
            return [order(key.channel), 4, key.key == curve.activeKey ? 2 : selected ? 1 : 0, key.key]
          }
          func rank(_ key: KeyID, _ side: HandleSide) -> [Int]? {
            let handles = layout.curve(for: key.channel)!.handles()
            guard let i = handles.firstIndex(where: { $0.key == key.key && $0.side == side }) else { return nil }
            return [order(key.channel), handles[i].isSelected ? 3 : 2, i]
          }
          /// Whether what `hit` found at `point` is drawn there over a thing of rank `under`.
          func drawnOver(_ found: GraphEditorHit?, _ point: Point, under: [Int]) -> Bool {
            func over(_ rank: [Int]) -> Bool { under.lexicographicallyPrecedes(rank) }
            switch found {
            case .key(let other):
              let radius = layout.curve(for: other.channel)!.vertexRadius * scale * 2.0.squareRoot()
              return pointDistance(layout.center(of: other)!, point) <= radius && over(rank(other))
            case .handle(let other, let side):
              // Its ring over the point, or its line (a later curve's).
              if let end = layout.end(of: other, side: side), pointDistance(end, point) <= 3.5 * scale {
                return over(rank(other, side)!)
              }
              return over([order(other.channel), 1])
            case .curve(let other): return over([order(other), 0])
            case .scrollbar, .marker: return true
            case .channelList, .channelRow: return layout.channelListRect.map { point.x < $0.maxX } ?? false
            case .scrubStrip: return point.y < layout.scrubStripRect.maxY
            case nil:
              return point.x < 0 || point.y < 0 || point.x >= layout.pictureSize.width * scale
                || point.y >= layout.pictureSize.height * scale
            default: return false
            }
          }
          for curve in layout.curves {
            for index in curve.track.keyframes.indices where curve.showsKey(index) {
              let key = KeyID(channel: curve.channel, key: index)
              let center = try #require(layout.center(of: key))
              let found = layout.hit(center)
              if found == .key(key) {
                keys += 1
              } else {
                #expect(drawnOver(found, center, under: rank(key)), "\(context): \(key) under \(String(describing: found))")
                covered += 1
              }
            }
            for handle in curve.handles() {
              let key = KeyID(channel: curve.channel, key: handle.key)
              let end = try #require(layout.end(of: key, side: handle.side))
              let found = layout.hit(end)
              if found == .handle(key, handle.side) {
                handles += 1
              } else {
                #expect(
                  drawnOver(found, end, under: rank(key, handle.side)!),
                  "\(context): \(key) \(handle.side) under \(String(describing: found))")
                covered += 1
              }
            }
          }
        }
      }
    }
    #expect(keys > 200 && handles > 50, "\(keys) keys, \(handles) handles answered; \(covered) under something drawn later")
  }

  // MARK: Support

  /// The editor drawn as a PNG and decoded, its text left out and, unless `keys`, its key
  /// vertices (filled markers) too.
  static func draw(_ editor: GraphEditor, scale: Double, keys: Bool) throws -> RGBAImage {
    let canvas = try CairoCanvas(
      width: Int(editor.pictureSize.width), height: Int(editor.pictureSize.height), scale: scale, format: .png)
    editor.draw(on: Filtered(canvas, keys: keys))
    return try PNGDecoder.decode(bytes: canvas.finish())
  }

  /// The colour a key's vertex is drawn in (its centre), with its opacity.
  static func vertexColor(_ curve: CurveLayout, _ index: Int, _ options: GraphOptions) -> Color {
    let track = curve.track, key = track.keyframes[index], theme = options.theme.graph
    let curveAlpha = track.selected ? 1 : theme.inactiveCurveAlpha
    let alpha = min(1, max(0.2, 1 - 0.5 * (1 - curveAlpha)))
    let color: Color
    switch options.keyShape {
    case .round:
      if index == curve.activeKey {
        color = theme.vertexActive
      } else if track.locked {
        color = theme.mutedCurve
      } else {
        color = key.selected ? theme.vertexSelected : theme.vertex
      }
    case .diamond:
      color = key.selected || index == curve.activeKey ? .white : curve.color
    }
    return color.withAlpha(alpha)
  }

  static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let i = 4 * (y * image.width + x)
    return Array(image.pixels[i..<i + 4])
  }

  /// `color` over an opaque `background` pixel.
  static func blend(_ color: Color, over background: [UInt8]) -> [UInt8] {
    let a = color.alpha
    return [color.red, color.green, color.blue].enumerated().map { i, c in
      UInt8((c * 255 * a + Double(background[i]) * (1 - a)).rounded())
    } + [255]
  }
}

/// A canvas that passes everything to `base` but text and, unless `keys`, filled markers (the
/// Graph Editor's key vertices; handle rings are stroked only).
final class Filtered: Canvas {
  let base: any Canvas
  let keys: Bool
  init(_ base: any Canvas, keys: Bool) {
    self.base = base
    self.keys = keys
  }
  var size: Size { base.size }
  var fontMetrics: any FontMetrics { base.fontMetrics }
  var deviceScale: Double { base.deviceScale }
  func fill(_ path: Path, color: Color) { base.fill(path, color: color) }
  func stroke(_ path: Path, color: Color, style: StrokeStyle) { base.stroke(path, color: color, style: style) }
  func text(_ text: String, at point: Point, style: TextStyle, anchor: TextAnchor) {}
  func markers(_ shape: Path, at points: [Point], fill: Color?, stroke: (Color, StrokeStyle)?) {
    guard keys || fill == nil else { return }
    base.markers(shape, at: points, fill: fill, stroke: stroke)
  }
  func save() { base.save() }
  func restore() { base.restore() }
  func clip(to path: Path) { base.clip(to: path) }
  func concatenate(_ transform: Transform) { base.concatenate(transform) }
}
