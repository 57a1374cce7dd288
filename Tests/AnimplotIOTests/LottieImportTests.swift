import AnimplotCore
import AnimplotIO
import AnimplotTestSupport
import Foundation
import Testing
import ZIPFoundation

@Suite("Lottie import")
struct LottieImportTests {
  /// Properties of the public samples equal the independent evaluator
  /// (`Resources/lottie-reference.json`, from `Scripts/lottie_reference.py`) at every frame, to
  /// 1e-5 of their range: eased segments exactly, spatial paths at their samples.
  @Test(.needs(SharedFolder.samples)) func realFilesMatchTheReferenceEvaluator() throws {
    let reference = try JSONSerialization.jsonObject(with: RealData.resource("lottie-reference.json")) as! [String: Any]
    var compared = 0
    for property in reference["properties"] as! [[String: Any]] {
      let file = property["file"] as! String
      let action = try ActionFile.load(RealData.path("lottie/" + file)).actions[0]
      var dataPath = property["dataPath"] as! String, index = property["index"] as! Int
      // A transform's property (`Layer.p`, `Layer/gr 0.transform.p`, split `Layer.p.x`) is
      // Blender's channel of the layer's (group's) object.
      var owner = Substring(dataPath), key = ""
      if let axis = ["x", "y", "z"].firstIndex(where: { dataPath.hasSuffix(".p." + $0) }) {
        (owner, key, index) = (owner.dropLast(4), "p", axis)
      } else if let dot = owner.lastIndex(of: ".") {
        key = String(owner[owner.index(after: dot)...])
        owner = owner[..<dot]
        if owner.hasSuffix(".transform") { owner = owner.dropLast(".transform".count) }
      }
      var factor = 1.0
      if let blender = BlenderChannel.lottie(key, component: index) {
        dataPath = ObjectChannels.dataPath(owner: String(owner), property: blender.property)
        (index, factor) = (blender.index, blender.factor)
      }
      let track = try #require(action.tracks.first { $0.dataPath == dataPath && $0.index == index }, "\(file) \(dataPath)")
      let values = (property["values"] as! [Double]).map { $0 * factor }
      let range = max(abs(factor), values.max()! - values.min()!)
      for (frame, expected) in zip(property["frames"] as! [Int], values) {
        #expect(abs(Double(track.value(at: Float(frame))) - expected) <= 1e-5 * range, "\(file) \(dataPath)[\(index)] at \(frame)")
        compared += 1
      }
    }
    #expect(compared > 2000)
  }

  func decode(_ json: String) throws -> Action {
    try InputKind.decode(Array(json.utf8), file: "l.json", path: nil, kind: .lottie).actions[0]
  }

  /// Easing as exact handles, holds, old `e` keys, and a precomp's stretch and offset.
  @Test func keysHoldsAndPrecompTime() throws {
    let json = #"""
      {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "nm": "Scene",
       "assets": [{"id": "c", "layers": [{"nm": "Inner", "ind": 1, "ks": {
         "o": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 10, "s": [100]}]}}}]}],
       "layers": [
         {"nm": "Box", "ind": 1, "ks": {"r": {"a": 1, "k": [
           {"t": 0, "s": [0], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}},
           {"t": 20, "s": [90]}]}}},
         {"nm": "Old", "ind": 2, "ks": {"r": {"k": [
           {"t": 0, "s": [10], "e": [20], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10}]}}},
         {"nm": "Pre", "ind": 3, "ty": 0, "refId": "c", "st": 5, "sr": 2, "ks": {}}]}
      """#
    let action = try decode(json)
    #expect(action.name == "Scene" && action.fps == 30 && action.frameStart == 0 && action.frameEnd == 60)
    // Rotation in degrees clockwise: Blender's Y Euler Rotation in radians, as the Front view
    // shows it; the layer is the group (and the object).
    let degree = Float.pi / 180
    let box = try #require(action.tracks.first { $0.group == "Box" })
    #expect(box.displayLabel == "Y Euler Rotation" && box.dataPath == #"objects["Box"].rotation_euler"# && box.index == 1)
    #expect(box.keyframes[0].interpolation == .bezier)
    #expect(box.keyframes[0].handleRight == CurvePoint(frame: 10, value: 0))
    #expect(box.keyframes[1].handleLeft == CurvePoint(frame: 10, value: 90 * degree))
    #expect(abs(box.value(at: Float(10)) - 45 * degree) < 1e-6)
    let old = try #require(action.tracks.first { $0.group == "Old" })
    #expect(old.keyframes.map(\.value) == [10 * degree, 20 * degree] && old.keyframes[0].interpolation == .linear)
    // Inside the precomp: root frame = st + local × sr. Opacity 0–100 is 0–1.
    let inner = try #require(action.tracks.first { $0.group == "Pre/Inner" })
    #expect(inner.displayLabel == "Opacity" && inner.dataPath == #"objects["Pre/Inner"].opacity"#)
    #expect(inner.keyframes.map(\.frame) == [5, 25])
    #expect(inner.keyframes[0].interpolation == .constant)
    #expect(inner.value(at: Float(24)) == 0 && inner.value(at: Float(25)) == 1)
  }

  /// An animated anchor is the object's `anchor`, on the position's axes (y down the screen is
  /// −Z), and moves the layer's content the other way in the preview: in a layer turned 90°
  /// clockwise, content 10 px right of the anchor is 10 px below it on the screen, so an anchor
  /// that goes 10 px right moves the content 10 px up (+Z).
  @Test func anAnimatedAnchorMovesTheContent() throws {
    let json = #"""
      {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "layers": [{"nm": "L", "ind": 1, "ks": {
        "r": {"a": 1, "k": [{"t": 0, "s": [90], "h": 1}, {"t": 10, "s": [90]}]},
        "p": {"a": 1, "k": [{"t": 0, "s": [50, 20], "h": 1}, {"t": 10, "s": [50, 20]}]},
        "a": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [10, 0]}]}}}]}
      """#
    let action = try decode(json)
    let anchor = action.tracks.filter { $0.dataPath == #"objects["L"].anchor"# }
    #expect(anchor.map(\.index) == [0, 2] && anchor.map(\.displayLabel) == ["X Anchor", "Z Anchor"])
    #expect(anchor[0].value(at: Float(10)) == 10)
    let object = try #require(ObjectChannels.of([action]).first { $0.name == "L" })
    let start = object.transform.transform(at: 0), end = object.transform.transform(at: 10)
    #expect(start.location == SIMD3(50, 0, -20))
    #expect(abs(end.location.x - 50) < 1e-5 && end.location.y == 0 && abs(end.location.z - -10) < 1e-5)
  }

  /// A time-remapped precomp: child frame = tm(root frame) × fr, the precomp layer's st
  /// cancelling (as in lottie-web); hostile remaps do not crash.
  @Test func timeRemappedPrecomps() throws {
    func file(tm: String, op: String = "100") -> String {
      #"{"v": "5", "fr": 10, "ip": 0, "op": \#(op), "assets": [{"id": "c", "layers": [{"nm": "In", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 100, "s": [100, 5]}]}}}]}], "layers": [{"nm": "P", "ty": 0, "refId": "c", "st": 10, "tm": \#(tm), "ks": {}}]}"#
    }
    let linear = #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 100, "s": [10]}]}"#
    let action = try decode(file(tm: linear))
    let track = try #require(action.tracks.first)
    #expect(track.group == "P/In" && track.displayLabel == "Opacity (time-remapped, sampled)")
    #expect(track.value(at: Float(50)) == 0.5)
    _ = try? decode(file(tm: #"{"a": 1, "k": [{"t": 0, "s": []}, {"t": 10, "s": []}]}"#))
    _ = try? decode(file(tm: linear, op: "1e300"))
  }

  @Test func badFilesAreLocated() {
    do {
      _ = try decode(#"{"v": "5", "fr": 0, "layers": []}"#)
      Issue.record("no error")
    } catch {
      #expect("\(error)" == "l.json:1:18: fr: fr must be above 0, found 0.0")
    }
    do {
      _ = try decode(#"{"v": "5", "fr": 30, "layers": [{"ks": {"r": {"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [1]}]}}}]}"#)
      Issue.record("no error")
    } catch {
      #expect("\(error)".contains("layers[0].ks.r.k[1].t: key time 2.0 comes before 5.0"))
    }
  }

  @Test func kindIsDetected() {
    #expect(Array(#"{"v": "5.7.0", "fr": 30, "layers": []}"#.utf8).withUnsafeBufferPointer { InputKind.detect($0, path: "a.json") } == .lottie)
    #expect(Array(#"{"tracks": []}"#.utf8).withUnsafeBufferPointer { InputKind.detect($0, path: "a.json") } == .actionJSON)
  }

  /// `.lottie` archives: every animation of the manifest an action; damage is an error.
  @Test func dotLottieArchives() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-\(UUID().uuidString).lottie")
    defer { try? FileManager.default.removeItem(at: url) }
    let archive = try Archive(url: url, accessMode: .create)
    func add(_ path: String, _ text: String) throws {
      let data = Data(text.utf8)
      try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    try add("manifest.json", #"{"version": "1", "animations": [{"id": "one"}, {"id": "two"}]}"#)
    let animation = #"{"v": "5", "fr": 24, "ip": 0, "op": 10, "layers": [{"nm": "L", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}}}]}"#
    try add("animations/one.json", animation)
    try add("a/two.json", animation)
    let bytes = try [UInt8](Data(contentsOf: url))
    let document = try InputKind.decode(bytes, file: "x.lottie", path: nil)
    #expect(document.actions.map(\.name) == ["one", "two"])
    #expect(document.actions[1].tracks[0].value(at: Float(5)) == 0.5)
    do {
      _ = try InputKind.decode(Array(bytes.prefix(bytes.count - 30)), file: "x.lottie", path: nil)
      Issue.record("no error")
    } catch {
      #expect("\(error)".contains("not a readable ZIP archive"))
    }
  }
}

extension LottieImportTests {
  /// A property that cannot be read is left out with a located warning; the rest is read.
  @Test func aBrokenPropertyIsLeftOutWithAWarning() throws {
    let json = #"{"v": "5", "fr": 30, "layers": [{"nm": "A", "ks": {"r": {"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [1]}]}, "o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}}}]}"#
    let document = try InputKind.decode(Array(json.utf8), file: "l.json", path: nil, kind: .lottie)
    #expect(document.actions[0].tracks.map(\.displayLabel) == ["Opacity"])
    #expect(document.warnings.count == 1)
    #expect(document.warnings.first?.hasPrefix("l.json:1:") == true)
    #expect(document.warnings.first?.contains("layers[0].ks.r.k[1].t: key time 2.0 comes before 5.0; keys must be in order (A: Rotation left out; the rest is read)") == true)
  }

  /// A property whose last dimension cannot be read is left out whole, not its first ones.
  @Test func aPropertyBrokenInOneDimensionIsLeftOutWhole() throws {
    let json = #"{"v": "5", "fr": 30, "layers": [{"nm": "A", "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0]}, {"t": 10, "s": [1, 2, 1e39]}]}, "o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}}}]}"#
    let document = try InputKind.decode(Array(json.utf8), file: "l.json", path: nil, kind: .lottie)
    #expect(document.actions[0].tracks.map(\.displayLabel) == ["Opacity"])
    #expect(document.warnings.count == 1, "\(document.warnings)")
  }
}
