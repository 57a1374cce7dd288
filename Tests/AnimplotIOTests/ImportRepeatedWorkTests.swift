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
}
