import AnimplotCore
import AnimplotIO
import AnimplotTestSupport
import Foundation
import Testing

/// The public sample files (`SharedFolder.samples`) and the values of an independent evaluator
/// for them (`Resources/gltf-reference.json`, from `Scripts/gltf_reference.py`).
enum RealData {
  /// A sample file, by its path in the samples' folder.
  static func path(_ relative: String) -> String { SharedFolder.samples.file(relative).path }

  /// One of the independent evaluator's answers in `Resources/`.
  static func resource(_ name: String) throws -> Data {
    try Data(contentsOf: Repository.root.appendingPathComponent("Tests/AnimplotIOTests/Resources/\(name)"))
  }
}

/// A small glTF file built in memory: one animation of one channel, its buffer a `data:` URI.
struct GLTFSample {
  var times: [Float] = [0, 0.5, 1]
  var values: [Float] = [0, 0, 0, 1, 2, 3, 4, 5, 6]
  var path = "translation"
  var interpolation = "LINEAR"
  var outputType = "VEC3"

  /// The document as a JSON object, for tests to break.
  func json() -> [String: Any] {
    var data = Data()
    for f in times + values { withUnsafeBytes(of: f.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
    let inputLength = times.count * 4
    let components = ["SCALAR": 1, "VEC3": 3, "VEC4": 4][outputType]!
    return [
      "asset": ["version": "2.0"],
      "nodes": [["name": "Cube"]],
      "buffers": [["byteLength": data.count, "uri": "data:application/octet-stream;base64," + data.base64EncodedString()]],
      "bufferViews": [
        ["buffer": 0, "byteOffset": 0, "byteLength": inputLength],
        ["buffer": 0, "byteOffset": inputLength, "byteLength": values.count * 4],
      ],
      "accessors": [
        ["bufferView": 0, "componentType": 5126, "count": times.count, "type": "SCALAR",
         "min": [times.min()!], "max": [times.max()!]],
        ["bufferView": 1, "componentType": 5126, "count": values.count / components, "type": outputType],
      ],
      "animations": [[
        "name": "Move",
        "channels": [["sampler": 0, "target": ["node": 0, "path": path]]],
        "samplers": [["input": 0, "output": 1, "interpolation": interpolation]],
      ]],
    ]
  }

  static func bytes(_ json: [String: Any]) -> [UInt8] {
    Array(try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
  }
}

@Suite("glTF import")
struct GLTFImportTests {
  func decode(_ bytes: [UInt8], file: String = "t.gltf", path: String? = nil) throws -> ActionDocument {
    try InputKind.decode(bytes, file: file, path: path, kind: .gltf)
  }

  func failure(_ json: [String: Any]) -> String {
    do {
      _ = try decode(GLTFSample.bytes(json))
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  /// Every channel of every sample file equals the independent evaluator's value to 1e-5
  /// (relative above 1), at every half frame from 0 to two frames past the last key.
  @Test(.needs(SharedFolder.samples)) func realFilesMatchTheReferenceEvaluator() throws {
    let reference = try JSONSerialization.jsonObject(with: RealData.resource("gltf-reference.json")) as! [String: Any]
    var documents: [String: ActionDocument] = [:]
    var compared = 0
    for channel in reference["channels"] as! [[String: Any]] {
      let file = channel["file"] as! String
      if documents[file] == nil { documents[file] = try ActionFile.load(RealData.path("gltf/" + file)) }
      let action = documents[file]!.actions[channel["animation"] as! Int]
      let gltfPath = channel["dataPath"] as! String, component = channel["index"] as! Int
      // nodes[N].property[component] → Blender's channel of the node's object (Z up).
      let node = Int(gltfPath.split(separator: "]")[0].dropFirst("nodes[".count))!
      let property = String(gltfPath.split(separator: ".").last!)
      let blender = BlenderChannel.gltf(property, component: component) ?? BlenderChannel(property: property, index: component)
      let names = try Self.nodeNames(RealData.path("gltf/" + file))
      let dataPath = ObjectChannels.dataPath(owner: names[node], property: blender.property), index = blender.index
      let track = try #require(action.tracks.first { $0.dataPath == dataPath && $0.index == index }, "\(file) \(dataPath)[\(index)]")
      for (frame, expected) in zip(channel["frames"] as! [Double], (channel["values"] as! [Double]).map { $0 * blender.factor }) {
        let value = Double(track.value(at: Float(frame)))
        #expect(abs(value - expected) <= 1e-5 * max(1, abs(expected)), "\(file) \(dataPath)[\(index)] at frame \(frame)")
        compared += 1
      }
    }
    #expect(compared > 10_000)
  }

  /// The names the importer gives a file's nodes: `name`, `nodes[i]` without one, ` (node i)`
  /// added where several share one.
  static func nodeNames(_ path: String) throws -> [String] {
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    if data.starts(with: Array("glTF".utf8)) {
      let length = Int(data[12]) | Int(data[13]) << 8 | Int(data[14]) << 16 | Int(data[15]) << 24
      data = data.subdata(in: 20..<(20 + length))
    }
    let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    let raw = (json["nodes"] as? [[String: Any]] ?? []).enumerated().map { i, n in
      (n["name"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "nodes[\(i)]"
    }
    return raw.enumerated().map { i, n in raw.filter { $0 == n }.count > 1 ? "\(n) (node \(i))" : n }
  }

  /// Blender's glTF importer turns Y up into Z up: translation (x, y, z) is location
  /// (x, −z, y), rotation (x, y, z, w) the quaternion (w, x, −z, y), scale (x, z, y).
  @Test func axesAreBlendersZUp() throws {
    var sample = GLTFSample()
    sample.times = [0, 1]
    sample.values = [1, 2, 3, 1, 2, 3]
    let moved = try decode(GLTFSample.bytes(sample.json())).actions[0]
    #expect(moved.tracks.map(\.dataPath) == Array(repeating: #"objects["Cube"].location"#, count: 3))
    #expect(moved.tracks.map(\.displayLabel) == ["X Location", "Y Location", "Z Location"])
    #expect(moved.tracks.map { $0.value(at: Float(0)) } == [1, -3, 2])
    sample.path = "scale"
    #expect(try decode(GLTFSample.bytes(sample.json())).actions[0].tracks.map { $0.value(at: Float(0)) } == [1, 3, 2])
    sample.path = "rotation"
    sample.outputType = "VEC4"
    sample.values = [0.5, 0.5, -0.5, 0.5, 0.5, 0.5, -0.5, 0.5]
    let turned = try decode(GLTFSample.bytes(sample.json())).actions[0]
    #expect(turned.tracks.map(\.displayLabel) == ["W Quaternion Rotation", "X Quaternion Rotation", "Y Quaternion Rotation", "Z Quaternion Rotation"])
    #expect(turned.tracks.map(\.quaternion?.component) == [.w, .x, .y, .z])
    #expect(turned.tracks.map { $0.value(at: Float(0)) } == [0.5, 0.5, 0.5, 0.5])
    // The objects a motion path traces: the node, by name, its channels relative to it.
    let objects = ObjectChannels.of([moved])
    #expect(objects.map(\.name) == ["Cube"] && objects[0].action.tracks.allSatisfy { $0.dataPath == "location" })
  }

  /// Values near the float limit whose handles, made as Blender makes them, overflow: refused
  /// at the glTF's channel (its line and column, its output accessor), not as a key of the
  /// action written later; values that leave them finite are read; beside an animation that
  /// reads, the animation is left out with a warning.
  @Test func valuesWhoseHandlesOverflowAreRefusedAtTheChannel() throws {
    var sample = GLTFSample()
    sample.times = [0, 1]
    for (values, label, key) in [([0, 3.4e38, 0, 1, -3.4e38, 1], "Z Location", 0), ([0, 0, 0, 3e38, 3e38, 3e38], "X Location", 1)] as [([Float], String, Int)] {
      sample.values = values
      let message = failure(sample.json())
      #expect(message.hasPrefix("t.gltf:1:"), "\(message)")
      #expect(
        message.contains(
          ": animations[0].channels[0]: \(label), key \(key): its handles, made from the values of output accessor 1 as Blender makes them, overflow 32-bit floats (±3.4e38); expected values nearer zero"),
        "\(message)")
    }
    sample.values = [0, 1e38, 0, 1, -1e38, 1]
    #expect(try decode(GLTFSample.bytes(sample.json())).actions[0].tracks.count == 3)

    // Beside an animation that reads, such an animation is left out as a broken one is, with a
    // warning; asked for by name, it is the error.
    sample.values = [0, 3.4e38, 0, 1, -3.4e38, 1] + [0, 0, 0, 1, 1, 1]
    var json = sample.json()
    var accessors = json["accessors"] as! [[String: Any]]
    accessors[1]["count"] = 2
    accessors.append(["bufferView": 1, "byteOffset": 24, "componentType": 5126, "count": 2, "type": "VEC3"])
    json["accessors"] = accessors
    var animations = json["animations"] as! [[String: Any]]
    animations.append([
      "name": "Fine", "channels": [["sampler": 0, "target": ["node": 0, "path": "translation"]]],
      "samplers": [["input": 0, "output": 2, "interpolation": "LINEAR"]],
    ])
    json["animations"] = animations
    let document = try decode(GLTFSample.bytes(json))
    #expect(document.actions.map(\.name) == ["Fine"])
    #expect(document.skipped.map(\.index) == [0])
    #expect(document.warnings.count == 1 && document.warnings[0].contains("(animation 0 \"Move\" left out; the others are read)"), "\(document.warnings)")
    #expect(throws: ActionDecodingError.self) { try document.action(named: "Move") }
  }

  /// A node whose name holds a quote or a backslash: its data path spells the name as Blender
  /// does (`objects["A\"B"]`), and reading the path back gives the node's name.
  @Test func aNodeNameWithAQuoteIsEscapedInItsDataPath() throws {
    var json = GLTFSample().json()
    json["nodes"] = [["name": #"A"B\C"#]]
    let action = try decode(GLTFSample.bytes(json)).actions[0]
    #expect(action.tracks.map(\.dataPath) == Array(repeating: #"objects["A\"B\\C"].location"#, count: 3))
    #expect(ObjectChannels.of([action]).map(\.name) == [#"A"B\C"#])
    // Written and read again, the same path and object.
    let again = try ActionDecoder.decode(ActionEncoder.encode(action)).actions[0]
    #expect(again.tracks.map(\.dataPath) == action.tracks.map(\.dataPath))
    #expect(ObjectChannels.of([again]).map(\.name) == [#"A"B\C"#])
  }

  /// InterpolationTest.glb's step, cubic-spline and slerp values, as its authors give them
  /// (docs/import.md, "glTF 2.0").
  @Test(.needs(SharedFolder.samples)) func interpolationTestOracle() throws {
    let document = try ActionFile.load(RealData.path("gltf/InterpolationTest/InterpolationTest.glb"))
    #expect(document.actions.count == 9)
    func value(_ animation: Int, _ label: String, _ seconds: Double) throws -> Double {
      let track = try #require(document.actions[animation].tracks.first { $0.displayLabel.hasSuffix(label) })
      return Double(track.value(at: Float(seconds * 24)))
    }
    #expect(try value(0, "X Scale", 0.49) == 1)
    #expect(try value(0, "X Scale", 0.5) == 0)
    #expect(try value(0, "X Scale", 0.51) == 0)
    for (t, v) in [(0.125, 0.84375), (0.25, 0.5), (0.375, 0.15625), (1.9, 0.896), (2.5, 1)] {
      #expect(abs(try value(2, "X Scale", t) - v) < 1e-6, "cubic spline at \(t) s")
    }
    // glTF's z is Blender's −y.
    for (t, z, w) in [(0.25, -0.1950903, 0.9807853), (0.5, -0.3826834, 0.9238795), (0.75, -0.5555702, 0.8314696)] {
      #expect(abs(try value(5, "Y Quaternion Rotation", t) + z) < 1e-6, "slerp z at \(t) s")
      #expect(abs(try value(5, "W Quaternion Rotation", t) - w) < 1e-6, "slerp w at \(t) s")
    }
  }

  /// Keys 180° apart (AnimatedCube: dot products of −4.4e-8): the stored sign decides, so the
  /// first half turn goes through y = −0.7071 (docs/import.md).
  @Test(.needs(SharedFolder.samples)) func oppositeHemispheresFollowTheSignOfTheDotProduct() throws {
    let action = try ActionFile.load(RealData.path("gltf/AnimatedCube/AnimatedCube.gltf")).actions[0]
    // glTF's y is Blender's z.
    let y = try #require(action.tracks.first { $0.quaternion?.component == .z })
    #expect(abs(Double(y.value(at: Float(12))) + 0.70710678) < 1e-6)
  }

  /// A made-up pair with a dot of exactly 0 keeps q1: the turn goes through +45°.
  @Test func aDotOfZeroKeepsTheSecondKey() throws {
    var sample = GLTFSample()
    sample.path = "rotation"
    sample.outputType = "VEC4"
    sample.times = [0, 1]
    sample.values = [0, 0, 0, 1, 0, 1, 0, 0]
    let turn = try decode(GLTFSample.bytes(sample.json())).actions[0]
    let y2 = try #require(turn.tracks.first { $0.quaternion?.component == .z })
    #expect(abs(Double(y2.value(at: Float(12))) - 0.70710678) < 1e-6)
  }

  @Test func labelsGroupsAndKeys() throws {
    var sample = GLTFSample()
    sample.interpolation = "CUBICSPLINE"
    sample.times = [0, 1]
    // Per key: in-tangent (3), value (3), out-tangent (3).
    sample.values = [0, 0, 0, 1, 2, 3, 6, 0, 0, 3, 0, 0, 4, 5, 6, 0, 0, 0]
    let action = try decode(GLTFSample.bytes(sample.json())).actions[0]
    #expect(action.name == "Move")
    #expect(action.tracks.map(\.displayLabel) == ["X Location", "Y Location", "Z Location"])
    #expect(action.tracks.allSatisfy { $0.group == "Cube" && $0.dataPath == #"objects["Cube"].location"# })
    let x = action.tracks[0].keyframes
    // Tangent 6/s over 1 s (24 frames): the right handle a third out, 6 × 1 / 3 = 2 up.
    #expect(x[0].interpolation == .bezier && x[0].handleRightType == .free)
    #expect(x[0].handleRight == CurvePoint(frame: 8, value: 3))
    #expect(x[1].handleLeft == CurvePoint(frame: 16, value: 3))
    // Hermite between 1 and 4 with tangents 6 and 3 per second, at s = 0.5.
    let s = 0.5, expected = (2 * s * s * s - 3 * s * s + 1) * 1 + (s * s * s - 2 * s * s + s) * 6
      + (-2 * s * s * s + 3 * s * s) * 4 + (s * s * s - s * s) * 3
    #expect(abs(Double(action.tracks[0].value(at: Float(12))) - expected) < 1e-5)
  }

  @Test func brokenFilesGiveLocatedErrors() throws {
    var json = GLTFSample().json()
    func broken(_ change: (inout [String: Any]) -> Void) -> String {
      var copy = json
      change(&copy)
      return failure(copy)
    }
    func set(_ key: String, _ i: Int, _ field: String, _ value: Any) -> (inout [String: Any]) -> Void {
      { json in
        var list = json[key] as! [[String: Any]]
        list[i][field] = value
        json[key] = list
      }
    }
    #expect(broken(set("accessors", 1, "count", 4)).contains("accessors[1]: 4 elements of 12 bytes"))
    #expect(broken(set("accessors", 1, "byteOffset", 8)).contains("need 44 bytes but bufferView holds 36"))
    #expect(broken(set("accessors", 1, "count", 4_294_967_296)).contains("accessors[1].count: expected a whole number from 1 to 2147483647"))
    #expect(broken(set("bufferViews", 1, "byteStride", 16)).contains("every 16 bytes from byte 0 need 44 bytes but bufferView holds 36"))
    #expect(broken(set("bufferViews", 1, "byteStride", 8)).contains("byteStride 8 is less than an element's 12 bytes"))
    #expect(broken(set("bufferViews", 1, "byteLength", 400)).contains("run past buffer 0"))
    #expect(broken(set("animations", 0, "samplers", [["input": 0, "output": 7]])).contains("animations[0].samplers[0].output: accessor 7 does not exist"))
    #expect(broken(set("buffers", 0, "uri", "data:application/octet-stream;base64,@@@")).contains("not valid base64"))
    #expect(broken(set("buffers", 0, "uri", "../secret.bin")).contains("buffers[0].uri: refused: \"../secret.bin\" leads outside the input's folder"))
    #expect(broken(set("buffers", 0, "uri", "/etc/passwd")).contains("is an absolute path"))
    #expect(broken(set("buffers", 0, "uri", "https://example.com/a.bin")).contains("names a scheme"))
    #expect(broken(set("buffers", 0, "uri", "a.bin")).contains("has no folder"))
    var times = GLTFSample()
    times.times = [0, 0.5, 0.5]
    #expect(failure(times.json()).contains("animations[0].samplers[0].input: time 2 (0.5 s) does not come after time 1 (0.5 s)"))
    times.times = [-1, 0.5, 1]
    #expect(failure(times.json()).contains("time 0 is -1.0 s"))
    // Component types the specification forbids for the path.
    var ints = json
    var accessors = ints["accessors"] as! [[String: Any]]
    accessors[1]["componentType"] = 5125
    ints["accessors"] = accessors
    #expect(failure(ints).contains("accessors[1]: translation values must be floats (componentType 5126), found componentType 5125"))
    // Frames that do not fit (or stop increasing in) 32-bit floats.
    var huge = GLTFSample()
    huge.times = [0, 0.5, 3e38]
    #expect(failure(huge.json()).contains("time 2 (3e+38 s) is frame 7.200000013194614e+39 at 24 fps, which does not fit a 32-bit float"))
    var meshopt = json
    meshopt["extensionsRequired"] = ["EXT_meshopt_compression"]
    #expect(failure(meshopt).contains("extensionsRequired[0]: EXT_meshopt_compression compresses the buffer views"))
    json["asset"] = ["version": "1.0"]
    #expect(failure(json).contains("asset.version: glTF 1.0; animplot reads glTF 2.0"))
    #expect(failure(["asset": ["version": "2.0"]]).contains("the file has no animations"))
    // Errors name the file, with line and column in a .gltf.
    #expect(failure(["asset": ["version": "2.0"], "animations": [["channels": [], "samplers": 3]]]).hasPrefix("t.gltf:1:"))
  }

  @Test func glbContainers() throws {
    let json = GLTFSample.bytes(GLTFSample().json())
    func glb(_ json: [UInt8], length: Int? = nil) -> [UInt8] {
      var padded = json
      while padded.count % 4 != 0 { padded.append(0x20) }
      var out: [UInt8] = []
      func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { out += $0 } }
      out += Array("glTF".utf8)
      u32(2)
      u32(length ?? 12 + 8 + padded.count)
      u32(padded.count)
      out += Array("JSON".utf8)
      out += padded
      return out
    }
    let good = try decode(glb(json), file: "t.glb")
    #expect(good.actions[0].tracks.count == 3)
    var truncated = glb(json)
    truncated.removeLast(10)
    #expect(throws: ActionDecodingError.self) { try decode(truncated, file: "t.glb") }
    do {
      _ = try decode(truncated, file: "t.glb")
    } catch {
      #expect("\(error)".hasPrefix("t.glb: byte 8: the header gives a length of"))
    }
    var badChunk = glb(json)
    badChunk[12] = 0xFF
    badChunk[13] = 0xFF
    do {
      _ = try decode(badChunk, file: "t.glb")
      Issue.record("no error")
    } catch {
      #expect("\(error)".contains("t.glb: byte 12: chunk 0 is"))
    }
    // A semantic error inside a .glb is placed by byte offset.
    var broken = GLTFSample().json()
    broken["asset"] = ["version": "3.0"]
    do {
      _ = try decode(glb(GLTFSample.bytes(broken)), file: "t.glb")
      Issue.record("no error")
    } catch {
      #expect("\(error)".hasPrefix("t.glb: byte "))
      #expect("\(error)".contains("asset.version"))
    }
  }

  @Test func kindIsDetected() throws {
    let json = GLTFSample.bytes(GLTFSample().json())
    #expect(json.withUnsafeBufferPointer { InputKind.detect($0, path: "x.json") } == .gltf)
    #expect(Array("glTF\u{2}".utf8).withUnsafeBufferPointer { InputKind.detect($0, path: nil) } == .gltf)
  }

  /// A KHR_animation_pointer channel on a node's rotation is the same animation as the core
  /// channel: slerped and normalised; both on one property is an error.
  @Test func pointerToANodeRotationIsSlerped() throws {
    var sample = GLTFSample()
    sample.path = "pointer"
    sample.outputType = "VEC4"
    sample.times = [0, 1]
    sample.values = [0, 0, 0, 1, 0, 1, 0, 0]
    var json = sample.json()
    var animations = json["animations"] as! [[String: Any]]
    animations[0]["channels"] = [[
      "sampler": 0,
      "target": ["path": "pointer", "extensions": ["KHR_animation_pointer": ["pointer": "/nodes/0/rotation"]]],
    ]]
    json["animations"] = animations
    let action = try decode(GLTFSample.bytes(json)).actions[0]
    #expect(action.tracks.map(\.quaternion?.component) == [.w, .x, .y, .z])
    // glTF's y, Blender's z.
    #expect(abs(Double(action.tracks[3].value(at: Float(12))) - 0.70710678) < 1e-6)
    animations[0]["channels"] = (animations[0]["channels"] as! [[String: Any]]) + [["sampler": 0, "target": ["node": 0, "path": "rotation"]]]
    json["animations"] = animations
    // Both on one property: the later channel wins, with a warning.
    let twice = try decode(GLTFSample.bytes(json))
    #expect(twice.actions[0].tracks.count == 4)
    #expect(twice.warnings == [
      #"t.gltf: animations[0] "Move": left out animations[0].channels[0]: Cube.rotation is animated again by animations[0].channels[1], which wins"#
    ])
  }

  /// A later channel on the same target wins only once it has been read: a broken one leaves
  /// the earlier channel's tracks in place, with a warning for the broken one.
  @Test func aBrokenLaterChannelLeavesTheEarlierOne() throws {
    var json = GLTFSample().json()
    var accessors = json["accessors"] as! [[String: Any]]
    accessors.append(["bufferView": 1, "componentType": 5126, "count": 0, "type": "VEC3"])
    json["accessors"] = accessors
    var animations = json["animations"] as! [[String: Any]]
    animations[0]["samplers"] = [["input": 0, "output": 1], ["input": 0, "output": 2]]
    animations[0]["channels"] = [
      ["sampler": 0, "target": ["node": 0, "path": "translation"]], ["sampler": 1, "target": ["node": 0, "path": "translation"]],
    ]
    json["animations"] = animations
    let document = try decode(GLTFSample.bytes(json))
    #expect(document.actions[0].tracks.count == 3)
    #expect(document.warnings.count == 1, "\(document.warnings)")
    #expect(!document.warnings[0].contains("which wins"))
  }

  /// A broken channel or animation the rest does not need is left out with a warning; asked
  /// for by name or number, it is the error. Duplicate targets: the later channel wins.
  @Test func whatCanBeReadIsRead() throws {
    var json = GLTFSample().json()
    var animations = json["animations"] as! [[String: Any]]
    // The same translation again, STEP: the later channel wins.
    animations[0]["samplers"] = [
      ["input": 0, "output": 1, "interpolation": "LINEAR"], ["input": 0, "output": 1, "interpolation": "STEP"],
    ]
    animations[0]["channels"] = [
      ["sampler": 0, "target": ["node": 0, "path": "translation"]], ["sampler": 1, "target": ["node": 0, "path": "translation"]],
    ]
    // A second animation whose output holds no values.
    var accessors = json["accessors"] as! [[String: Any]]
    accessors.append(["bufferView": 1, "componentType": 5126, "count": 0, "type": "VEC3"])
    json["accessors"] = accessors
    animations.append([
      "name": "Broken", "channels": [["sampler": 0, "target": ["node": 0, "path": "scale"]]],
      "samplers": [["input": 0, "output": 2]],
    ])
    // A third, fine, after it: numbers count the broken one.
    animations.append(animations[0].merging(["name": "Again"]) { $1 })
    json["animations"] = animations
    let document = try decode(GLTFSample.bytes(json))
    #expect(document.actions.map(\.name) == ["Move", "Again"])
    #expect(document.actions[0].tracks.count == 3 && document.actions[0].tracks.allSatisfy { $0.keyframes[0].interpolation == .constant })
    #expect(document.warnings.count == 3, "\(document.warnings)")
    #expect(document.warnings[0].contains("animations[0].channels[0]: Cube.translation is animated again by animations[0].channels[1], which wins"))
    #expect(document.warnings[1].hasPrefix("t.gltf:1:") && document.warnings[1].contains("(animation 1 \"Broken\" left out; the others are read)"))
    #expect(throws: ActionDecodingError.self) { try document.action(named: "Broken") }
    #expect(throws: ActionDecodingError.self) { try document.action(named: "1") }
    #expect(try document.action(named: "2").name == "Again")
    // The only animation broken: the file is refused, as before.
    var only = json
    only["animations"] = [animations[1]]
    #expect(failure(only).hasPrefix("t.gltf:1:") && failure(only).contains("accessors[2].count: expected a whole number from 1"))
    #expect(failure(only) != "no error")
  }

  /// `--animation` by index, and import's round trip through format 1.
  @Test(.needs(SharedFolder.samples)) func animationByIndexAndRoundTrip() throws {
    let document = try ActionFile.load(RealData.path("gltf/InterpolationTest/InterpolationTest.glb"))
    #expect(try document.action(named: "5").name == document.actions[5].name)
    #expect(throws: ActionDecodingError.self) { try document.action(named: "9") }
    do {
      _ = try document.action(named: "9")
    } catch {
      #expect(error.message == "no action (or animation) number 9: the file has 9, numbered 0 to 8")
    }
    let text = ActionEncoder.encode(document)
    let again = try ActionDecoder.decode(text)
    for (a, b) in zip(document.actions, again.actions) {
      for (t, u) in zip(a.tracks, b.tracks) {
        #expect(t.quaternion?.component == u.quaternion?.component)
        for f in stride(from: Float(0), through: 60, by: 0.5) { #expect(t.value(at: f) == u.value(at: f)) }
      }
    }
  }

  /// External buffers: read beside the input or below it; refused when they lead elsewhere,
  /// by `..`, an absolute path or a symbolic link.
  @Test func externalBuffersStayInTheInputsFolder() throws {
    let fm = FileManager.default
    let root = fm.temporaryDirectory.appendingPathComponent("animplot-gltf-\(UUID().uuidString)")
    let inner = root.appendingPathComponent("inner")
    try fm.createDirectory(at: inner.appendingPathComponent("bin"), withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: root) }
    var data = Data()
    for f: Float in [0, 1, 0, 0, 0, 1, 1, 1] { withUnsafeBytes(of: f.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
    try data.write(to: inner.appendingPathComponent("bin/a b.bin"))
    try data.write(to: root.appendingPathComponent("secret.bin"))
    try fm.createSymbolicLink(atPath: inner.appendingPathComponent("link.bin").path, withDestinationPath: root.appendingPathComponent("secret.bin").path)
    func load(_ uri: String) -> String {
      var json = GLTFSample().json()
      json["buffers"] = [["byteLength": 32, "uri": uri]]
      json["bufferViews"] = [["buffer": 0, "byteLength": 8], ["buffer": 0, "byteOffset": 8, "byteLength": 24]]
      json["accessors"] = [
        ["bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"],
        ["bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"],
      ]
      let file = inner.appendingPathComponent("t.gltf")
      try! Data(GLTFSample.bytes(json)).write(to: file)
      do {
        let action = try ActionFile.load(file.path).actions[0]
        return "\(action.tracks[0].value(at: Float(12)))"
      } catch {
        return "\(error)"
      }
    }
    #expect(load("bin/a%20b.bin") == "0.5")
    #expect(load("./bin/../bin/a%20b.bin") == "0.5")
    #expect(load("../secret.bin").contains("refused: \"../secret.bin\" leads outside the input's folder"))
    #expect(load(root.appendingPathComponent("secret.bin").path).contains("is an absolute path"))
    #expect(load("file:///etc/passwd").contains("names a scheme"))
    #expect(load("link.bin").contains("is a link that leads outside the input's folder"))
    #expect(load("bin").contains("is not a regular file"))
    #expect(load("missing.bin").contains("no such file beside the input"))
  }
}
