import AnimplotCore
import AnimplotIO
import Foundation
import Testing

/// Work an importer repeats for each use of something shared (a glTF accessor or mesh, a Lottie
/// precomp or time remap) makes no track or key when the use is left out or plain, so the
/// import limits never count it: it is done once per file, or weighed before it runs (issue 25).
extension ImportLimitsTests {
  /// A glTF of `animations` animations, each of one LINEAR translation channel whose times are
  /// the one accessor 0 (0 and 1 s); `broken` more read those times, then are left out (their
  /// output is VEC2).
  func sharedTimes(animations: Int, broken: Int) -> String {
    let floats: [Float] = [0, 1, 0, 0, 0, 1, 2, 3, 0, 0]
    let bytes = floats.flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } }
    let good = (0..<animations).map { i in
      #"{"name": "a\#(i)", "samplers": [{"input": 0, "output": 1}], "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}"#
    }
    let bad = (0..<broken).map { i in
      #"{"name": "b\#(i)", "samplers": [{"input": 0, "output": 2}], "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}"#
    }
    return """
      {"asset": {"version": "2.0"}, "nodes": [{"name": "n"}],
       "buffers": [{"byteLength": \(bytes.count), "uri": "data:application/octet-stream;base64,\(Data(bytes).base64EncodedString())"}],
       "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 24}, {"buffer": 0, "byteOffset": 32, "byteLength": 8}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
                     {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"},
                     {"bufferView": 2, "componentType": 5126, "count": 1, "type": "VEC2"}],
       "animations": [\((good + bad).joined(separator: ", "))]}
      """
  }

  /// A time accessor's frames are checked and made once for the file, not once per animation
  /// that reads them (2,000 animations of a million shared times, each left out, took 18 s):
  /// every animation's keys stand on the very same frames.
  @Test func gltfTimesSharedByAnimationsAreMadeIntoFramesOnce() throws {
    let document = try InputKind.decode(
      Array(sharedTimes(animations: 3, broken: 2).utf8), file: "t.gltf", path: nil, kind: .gltf)
    #expect(document.actions.map(\.name) == ["a0", "a1", "a2"])
    let storage = try document.actions.flatMap(\.tracks).map { track in
      try #require(track.keyframes.sampled).frames.withUnsafeBufferPointer { $0.baseAddress }
    }
    #expect(storage.count == 9)
    #expect(Set(storage).count == 1, "the frames of accessor 0 made \(Set(storage).count) times")
    #expect(document.warnings.count == 2 && document.warnings.allSatisfy { $0.contains("translation values are VEC3, found VEC2") })
  }

  /// A glTF of `channels` weights channels, each of its own node using mesh 0 (one morph
  /// target), whose `extras.targetNames` lists `names` names.
  func namedTargets(channels: Int, names: Int) -> String {
    let bytes = ([0, 1, 0, 1] as [Float]).flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } }
    let nodes = (0..<channels).map { #"{"name": "n\#($0)", "mesh": 0}"# }.joined(separator: ",")
    let list = Array(repeating: #""a""#, count: names).joined(separator: ",")
    let targets = (0..<channels).map { #"{"sampler": 0, "target": {"node": \#($0), "path": "weights"}}"# }.joined(separator: ",")
    return """
      {"asset": {"version": "2.0"}, "nodes": [\(nodes)],
       "meshes": [{"weights": [0], "extras": {"targetNames": [\(list)]}, "primitives": []}],
       "buffers": [{"byteLength": 16, "uri": "data:application/octet-stream;base64,\(Data(bytes).base64EncodedString())"}],
       "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 8}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
                     {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR"}],
       "animations": [{"samplers": [{"input": 0, "output": 1}], "channels": [\(targets)]}]}
      """
  }

  /// A mesh's target names are read once, and only as many as it has targets: 2,000 channels
  /// of a mesh listing a million names read them all for each channel (2 billion names; 1,000
  /// channels of 100,000 took 14 s). A hang guard: it takes seconds read once.
  @Test(.timeLimit(.minutes(1))) func gltfTargetNamesAreReadOncePerMesh() throws {
    let document = try InputKind.decode(
      Array(namedTargets(channels: 2_000, names: 1_000_000).utf8), file: "m.gltf", path: nil, kind: .gltf)
    let tracks = document.actions[0].tracks
    #expect(tracks.count == 2_000)
    #expect(tracks.allSatisfy { $0.displayLabel == "Value (a)" }, "\(tracks[0].displayLabel)")
  }

  /// A channel replaced by a later one of the same target is dropped once all are read: each
  /// replacement walked every track so far (50,000 pointers animated twice over, 2.5 billion
  /// comparisons). A hang guard: it takes seconds.
  @Test(.timeLimit(.minutes(1))) func gltfChannelsReplacedByLaterOnesAreDroppedOnce() throws {
    let bytes = ([0, 1, 0, 1] as [Float]).flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } }
    let channels = (0..<100_000).map { i in
      #"{"sampler": 0, "target": {"path": "pointer", "extensions": {"KHR_animation_pointer": {"pointer": "/materials/0/x\#(i % 50_000)"}}}}"#
    }
    let text = """
      {"asset": {"version": "2.0"},
       "buffers": [{"byteLength": 16, "uri": "data:application/octet-stream;base64,\(Data(bytes).base64EncodedString())"}],
       "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 8}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
                     {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR"}],
       "animations": [{"samplers": [{"input": 0, "output": 1}], "channels": [\(channels.joined(separator: ","))]}]}
      """
    let document = try InputKind.decode(Array(text.utf8), file: "p.gltf", path: nil, kind: .gltf)
    let tracks = document.actions[0].tracks
    #expect(tracks.count == 50_000)
    #expect(tracks.first?.dataPath == "/materials/0/x0" && tracks.last?.dataPath == "/materials/0/x49999")
    // One warning a replaced channel, the first three said and the others counted.
    #expect(document.warnings.count == 4)
    #expect(document.warnings.last?.hasSuffix("left out … and 49997 more channels that a later channel animates again, which wins") == true)
    #expect(document.warnings.first?.hasSuffix(
      "left out animations[0].channels[0]: /materials/0/x0 is animated again by animations[0].channels[50000], which wins") == true,
      "\(document.warnings.first ?? "")")
  }

  /// A Lottie of `uses` root layers using one precomp, whose one layer holds `items` shape items
  /// that are not animated; one layer of the root animates its opacity.
  func plainShapes(uses: Int, items: Int) -> String {
    let shapes = Array(repeating: #"{"ty": "fl"}"#, count: items).joined(separator: ",")
    let users = Array(repeating: #"{"ty": 0, "nm": "P", "refId": "c"}"#, count: uses).joined(separator: ",")
    return """
      {"v": "5.7.0", "fr": 24, "ip": 0, "op": 10, "w": 10, "h": 10,
       "layers": [{"ty": 3, "nm": "A", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}}}, \(users)],
       "assets": [{"id": "c", "layers": [{"ty": 4, "nm": "S", "ks": {}, "shapes": [\(shapes)]}]}]}
      """
  }

  /// Each use of a precomp walks all its layers again, animated or not: the values walked are
  /// weighed before each walk (1,000 uses of a precomp of 10,000 plain items took 6 s; 20,000
  /// of 100,000, 20 minutes).
  @Test func lottiePrecompsWalkedAgainAndAgainAreWeighed() throws {
    // A use is 4 values of the root's list, and walks the precomp's 6 and 2 an item; the root's
    // list holds 16 more: 1,000 uses of 4,994 items are 9,998,016 values, 1,001 pass the limit.
    let fits = try InputKind.decode(Array(plainShapes(uses: 1_000, items: 4_994).utf8), file: "s.json", path: nil, kind: .lottie)
    #expect(fits.actions[0].tracks.count == 1)
    let message = decodingFailure(plainShapes(uses: 1_001, items: 4_994), file: "s.json", kind: .lottie)
    #expect(
      message.hasPrefix("s.json:3:")
        && message.contains(
          ": assets[0].layers: the layers walked hold more than 10000000 JSON values, animplot's limit for one import"),
      "\(message)")
  }

  /// A `.lottie` archive's animations share the values walked, as they share the other import
  /// budgets: two animations of 6 million values each (each alone within the limit) are
  /// refused at the second.
  @Test func dotLottieAnimationsShareTheValuesWalked() throws {
    let bytes = try twoAnimationDotLottie(plainShapes(uses: 600, items: 4_994))
    let message: String
    do {
      message = "decoded \(try InputKind.decode(bytes, file: "in.lottie", path: nil).actions.count) animations"
    } catch {
      message = "\(error)"
    }
    #expect(
      message.hasPrefix("in.lottie: animations/b.json:") && message.contains("the layers walked hold more than 10000000 JSON values"),
      "\(message)")
  }

  /// A Lottie of `chains` root layers, each time-remapping the first of `depth` precomps nested
  /// in one another (each remapping the next), the innermost animating an opacity.
  func nestedRemaps(chains: Int, depth: Int, range: Int = 100_000) -> String {
    let tm = #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0.1]}, "i": {"x": [0.7], "y": [0.9]}}, {"t": \#(range), "s": [\#(range)]}]}"#
    func use(_ id: Int) -> String { #"{"ty": 0, "nm": "P", "refId": "c\#(id)", "tm": \#(tm), "ks": {}}"# }
    let leaf = #"{"ty": 3, "nm": "L", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": \#(range), "s": [100]}]}}}"#
    let assets = (0..<depth).map { i in #"{"id": "c\#(i)", "layers": [\#(i + 1 < depth ? use(i + 1) : leaf)]}"# }
    return """
      {"v": "5.7.0", "fr": 1, "ip": 0, "op": \(range), "w": 10, "h": 10,
       "layers": [\(Array(repeating: use(0), count: chains).joined(separator: ","))], "assets": [\(assets.joined(separator: ","))]}
      """
  }

  /// Each time remap is worked out once at every root frame, for all the tracks under it (each
  /// track's every sample evaluated the whole chain of remaps above it, every dimension of
  /// each), and those frames are weighed before they are worked out: four chains of 31 remaps
  /// are 12.4 million frames (the fourth is refused), one is 3.1 million.
  @Test func lottieTimeRemapsAreWorkedOutOnceAndWeighed() throws {
    let one = try InputKind.decode(Array(nestedRemaps(chains: 1, depth: 31).utf8), file: "r.json", path: nil, kind: .lottie)
    let track = try #require(one.actions[0].tracks.first)
    #expect(track.displayLabel == "Opacity (time-remapped, sampled)" && track.keyframes.count == 100_001)
    let message = decodingFailure(nestedRemaps(chains: 4, depth: 31), file: "r.json", kind: .lottie)
    #expect(
      message.contains(
        ": assets[30].layers[0].ks.o: the file's time remaps are worked out at more than 10000000 frames, animplot's limit for one import"),
      "\(message)")
  }
}
