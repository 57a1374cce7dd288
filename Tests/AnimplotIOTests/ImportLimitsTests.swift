import AnimplotCore
import AnimplotIO
import Foundation
import Testing
import ZIPFoundation

/// What an imported file makes is bounded before it is made (issue 25): tracks, keys, the
/// numbers glTF accessors decode, a Lottie property's dimensions; and grouping is linear.
@Suite("import limits")
struct ImportLimitsTests {
  /// A glTF whose one sampler has `count` zeros per key (an accessor without a buffer view).
  func gltf(channels: String, samplers: String, accessors: String) -> String {
    // Times 0 and 1 s as two little-endian floats, in a data URI.
    let times = Data([0, 0, 0, 0, 0, 0, 0x80, 0x3F]).base64EncodedString()
    return """
      {"asset": {"version": "2.0"}, "nodes": [{}, {}],
       "buffers": [{"byteLength": 8, "uri": "data:application/octet-stream;base64,\(times)"}],
       "bufferViews": [{"buffer": 0, "byteLength": 8}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"}\(accessors)],
       "animations": [{"samplers": [\(samplers)], "channels": [\(channels)]}]}
      """
  }

  @Test func gltfWeightsOfMoreTracksThanTheLimitAreRefused() {
    // One channel of weights: 2 keys × 100,001 zeros, each weight a track.
    let text = gltf(
      channels: #"{"sampler": 0, "target": {"node": 0, "path": "weights"}}"#,
      samplers: #"{"input": 0, "output": 1}"#,
      accessors: #", {"componentType": 5126, "count": 200002, "type": "SCALAR"}"#)
    #expect(decodingFailure(text, file: "w.gltf", kind: .gltf).contains(
      "animations[0].channels[0]: the file makes more than 100000 tracks, animplot's limit for one import"))
  }

  /// An animation without channels is an action of its own (a million took 850 MB from 30 MB):
  /// the animations of one file are counted as they are read, against `Limits.actions`.
  @Test func gltfAnimationsAreCountedAsActions() {
    let actions = 100_000  // Limits.actions
    func file(_ n: Int) -> String {
      "{\"asset\": {\"version\": \"2.0\"}, \"animations\": ["
        + Array(repeating: "{\"channels\": [], \"samplers\": []}", count: n).joined(separator: ",") + "]}"
    }
    #expect(decodingFailure(file(actions), file: "a.gltf", kind: .gltf) == "decoded")
    let message = decodingFailure(file(actions + 1), file: "a.gltf", kind: .gltf)
    #expect(
      message.hasSuffix(
        ": animations[\(actions)]: the file makes more than \(actions) actions, animplot's limit for one import"),
      "\(message)")
  }

  @Test func gltfAccessorsWithoutDataAreBoundedTogether() {
    // Twenty accessors of zeros, each under the per-accessor rule of a 10 MB file, are 2.7
    // billion numbers together: refused at the first that passes the total.
    let padding = String(repeating: " ", count: 10_000_000)
    let zeros = (0..<20).map { _ in #", {"componentType": 5126, "count": 33554432, "type": "VEC4"}"# }.joined()
    let text = gltf(
      channels: (0..<20).map { #"{"sampler": \#($0), "target": {"node": 0, "path": "rotation"}}"# }.joined(separator: ","),
      samplers: (0..<20).map { #"{"input": 0, "output": \#($0 + 1)}"# }.joined(separator: ","),
      accessors: zeros) + padding
    let message = decodingFailure(text, file: "z.gltf", kind: .gltf)
    #expect(message.contains("accessors[1]: 33554432 elements of 4 numbers pass animplot's limit of 67108864 numbers"), "\(message)")
  }

  func lottie(_ properties: String, op: Int = 100) -> String {
    """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": \(op), "w": 100, "h": 100,
     "layers": [{"ty": 4, "nm": "L", "ind": 1, "ip": 0, "op": \(op), "st": 0, "ks": {\(properties)}}]}
    """
  }

  @Test func lottieSpatialSegmentsAreCountedBeforeTheyAreSampled() {
    // 600 spatial segments of 20,000 frames each: 12 million samples per dimension.
    let keys = (0...600).map { i in
      #"{"t": \#(i * 20_000), "s": [\#(i), 0], "to": [5, 5], "ti": [-5, 5], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}"#
    }
    let started = Date()
    let message = decodingFailure(lottie(#""p": {"a": 1, "k": [\#(keys.joined(separator: ","))]}"#), file: "s.json", kind: .lottie)
    #expect(message.contains("layers[0].ks.p: the file makes more than 10000000 keys, animplot's limit for one import"), "\(message)")
    #expect(Date().timeIntervalSince(started) < 5, "refused before sampling")
  }

  @Test func lottiePropertiesOfThousandsOfDimensionsAreRefused() {
    let values = "[" + Array(repeating: "1", count: 5000).joined(separator: ",") + "]"
    let keys = (0..<3).map { #"{"t": \#($0 * 10), "s": \#(values)}"# }.joined(separator: ",")
    #expect(decodingFailure(lottie(#""s": {"a": 1, "k": [\#(keys)]}"#), file: "d.json", kind: .lottie).contains(
      "layers[0].ks.s: keys of 5000 numbers; animplot reads properties of at most 16"))
  }

  @Test func csvOfMoreChannelsThanTheLimitIsRefused() {
    let header = "frame," + (0...100_000).map { "c\($0)" }.joined(separator: ",")
    let message = decodingFailure(header + "\n", file: "c.csv", kind: .csv)
    #expect(message.contains("the file makes more than 100000 tracks"), "\(message.prefix(200))")
  }

  @Test func unityCurvesOfManyPathsAreGroupedInLinearTime() throws {
    // 30,000 paths took 11 s (a search of the groups per curve). Three times the paths must
    // take about three times as long, not nine: a ratio, which holds on a slow or loaded
    // machine and under a sanitizer, where a bound in seconds did not (11.6 s under
    // AddressSanitizer beside a fuzzer, linear as it is).
    func seconds(paths: Int) throws -> Double {
      var text = "%YAML 1.1\n--- !u!74 &1\nAnimationClip:\n  m_Name: Many\n  m_FloatCurves:\n"
      for i in 0..<paths {
        text += "  - curve:\n      m_Curve:\n      - time: 0\n        value: 0\n        inSlope: 0\n        outSlope: 0\n"
          + "    attribute: m_Alpha\n    path: P\(i)\n"
      }
      let started = Date()
      let action = try InputKind.decode(Array(text.utf8), file: "u.anim", path: nil, kind: .unity).actions[0]
      let elapsed = Date().timeIntervalSince(started)
      #expect(action.tracks.count == paths)
      #expect(action.tracks[paths - 1].group == "P\(paths - 1)")
      return elapsed
    }
    let small = try seconds(paths: 10_000), large = try seconds(paths: 30_000)
    #expect(large < 6 * small + 0.2, "10,000 paths: \(small) s, 30,000: \(large) s")
  }

  // MARK: Numbers beyond 32-bit floats

  @Test(arguments: [
    (#"{"animplot": 1, "frameStart": 0, "frameEnd": 1e39, "tracks": []}"#, "frameEnd: number 1e+39 is not finite as a 32-bit float"),
    (#"{"animplot": 1, "frameStart": -1e39, "tracks": []}"#, "frameStart: number -1e+39 is not finite as a 32-bit float"),
    (#"{"animplot": 1, "currentFrame": 4e38, "tracks": []}"#, "currentFrame: number 4e+38 is not finite as a 32-bit float"),
    (#"{"animplot": 1, "markers": [{"frame": 1e300}], "tracks": []}"#, "frame: number 1e+300 is not finite as a 32-bit float"),
  ])
  func sceneFramesBeyondFloatsAreRefused(text: String, message: String) {
    #expect(decodingFailure(text, file: "a.json", kind: .actionJSON).contains(message), "\(decodingFailure(text, file: "a.json", kind: .actionJSON))")
  }

  @Test func importedRangesAndTangentsBeyondFloatsAreRefused() {
    let eased = #"{"t": 0, "s": [0], "o": {"x": [0.3], "y": [1e37]}, "i": {"x": [0.7], "y": [1]}}, {"t": 10, "s": [3e38]}"#
    #expect(decodingFailure(lottie(#""o": {"a": 1, "k": [\#(eased)]}"#), file: "e.json", kind: .lottie).contains(
      "layers[0].ks.o: key 0: its easing puts its handles beyond 32-bit floats"))
    let range = lottie(#""o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [1]}]}"#).replacingOccurrences(of: #""op": 100,"#, with: #""op": 1e308,"#)
    #expect(decodingFailure(range, file: "r.json", kind: .lottie).contains("op: number 1e+308 is not finite as a 32-bit float"))
    func unity(slope: String, stop: String) -> String {
      "%YAML 1.1\n--- !u!74 &1\nAnimationClip:\n  m_Name: T\n  m_FloatCurves:\n  - curve:\n      m_Curve:\n"
        + "      - time: 0\n        value: 0\n        inSlope: 0\n        outSlope: \(slope)\n"
        + "      - time: 1\n        value: 1\n        inSlope: 0\n        outSlope: 0\n"
        + "    attribute: m_Alpha\n    path: P\n  m_AnimationClipSettings:\n    m_StartTime: 0\n    m_StopTime: \(stop)\n"
    }
    #expect(decodingFailure(unity(slope: "3e39", stop: "1"), file: "u.anim", kind: .unity).contains(
      "m_FloatCurves[0].curve: key 0: its tangents put its handles beyond 32-bit floats"))
    #expect(decodingFailure(unity(slope: "0", stop: "1e308"), file: "u.anim", kind: .unity).contains(
      "m_StopTime: 1e+308 s is frame inf at 60.0 fps, which does not fit a 32-bit float"))
    // A glTF CUBICSPLINE key ten seconds from the next, out-tangent 3e38 per second.
    var floats: [Float] = [0, 10]
    floats += [0, 0, 0, 0, 0, 0, 3e38, 0, 0] + [0, 0, 0, 1, 1, 1, 0, 0, 0]
    let bytes = floats.flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } }
    let text = """
      {"asset": {"version": "2.0"}, "nodes": [{}],
       "buffers": [{"byteLength": \(bytes.count), "uri": "data:application/octet-stream;base64,\(Data(bytes).base64EncodedString())"}],
       "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 72}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
                     {"bufferView": 1, "componentType": 5126, "count": 6, "type": "VEC3"}],
       "animations": [{"samplers": [{"input": 0, "output": 1, "interpolation": "CUBICSPLINE"}],
                       "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}]}
      """
    let message = decodingFailure(text, file: "t.gltf", kind: .gltf)
    #expect(message.contains("animations[0]: X Location, key 0: its tangents put its handles beyond 32-bit floats"), "\(message)")
  }

  // MARK: .lottie messages

  /// An error inside an archive's entry names the entry and its place in it; a symbolic link
  /// entry is refused as one, not followed or read as JSON.
  @Test func dotLottieErrorsNameTheEntry() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-\(UUID().uuidString).lottie")
    defer { try? FileManager.default.removeItem(at: url) }
    let archive = try Archive(url: url, accessMode: .create)
    func add(_ path: String, _ text: String, type: Entry.EntryType = .file) throws {
      let data = Data(text.utf8)
      try archive.addEntry(with: path, type: type, uncompressedSize: Int64(data.count), compressionMethod: .none) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    try add("manifest.json", #"{"version": "1", "animations": [{"id": "a"}, {"id": "b"}]}"#)
    try add("animations/a.json", #"{"v": "5", "ip": 0, "op": 10, "layers": []}"#)
    try add("animations/b.json", "../../etc/passwd", type: .symlink)
    let bytes = try [UInt8](Data(contentsOf: url))
    do {
      _ = try InputKind.decode(bytes, file: "in.lottie", path: nil)
      Issue.record("no error")
    } catch {
      #expect("\(error)" == #"in.lottie: animations/a.json:1:1: missing required field "fr""#, "\(error)")
    }
    let linked = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-\(UUID().uuidString).lottie")
    defer { try? FileManager.default.removeItem(at: linked) }
    let second = try Archive(url: linked, accessMode: .create)
    for (path, text, type) in [
      ("manifest.json", #"{"version": "1", "animations": [{"id": "b"}]}"#, Entry.EntryType.file),
      ("animations/b.json", "../../etc/passwd", .symlink),
    ] {
      let data = Data(text.utf8)
      try second.addEntry(with: path, type: type, uncompressedSize: Int64(data.count), compressionMethod: .none) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    do {
      _ = try InputKind.decode([UInt8](Data(contentsOf: linked)), file: "in.lottie", path: nil)
      Issue.record("no error")
    } catch {
      #expect("\(error)".contains("animations/b.json in the archive is a symbolic link; animplot reads only files"), "\(error)")
    }
  }

  /// The animations of one archive share one budget (tracks, keys, layer instances): two
  /// animations of 60,061 layer instances each were each under the 100,000 of one file, and
  /// the archive made both (K animations made K times the limit: 10 M keys each). The second
  /// is refused, naming the archive and its entry.
  @Test func dotLottieAnimationsShareOneBudget() throws {
    // 60 uses of a precomp of 1,000 layers, and one animated layer.
    let precomp = "[" + (0..<1000).map { #"{"nm": "x\#($0)"}"# }.joined(separator: ",") + "]"
    let uses = (0..<60).map { #"{"ty": 0, "nm": "P\#($0)", "refId": "c"}"# }.joined(separator: ",")
    let animated = #"{"ty": 4, "nm": "L", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}}}"#
    let text = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [\#(uses), \#(animated)], "assets": [{"id": "c", "layers": \#(precomp)}]}"#
    let bytes = try twoAnimationDotLottie(text)
    do {
      let document = try InputKind.decode(bytes, file: "in.lottie", path: nil)
      Issue.record("decoded \(document.actions.count) animations")
    } catch {
      #expect(
        "\(error)".hasPrefix("in.lottie: animations/b.json:1:") && "\(error)".hasSuffix(
          "precomps instantiate more than 100000 layers (a precomp used by several layers counts each time)"), "\(error)")
    }
  }

  /// Two entries of one name: readers differ on which they take (the first, the last), so the
  /// archive is refused, naming it and the entry; one of each name is read.
  @Test func dotLottieEntriesOfOneNameAreRefused() throws {
    func archive(_ entries: [(String, String)]) throws -> [UInt8] {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-\(UUID().uuidString).lottie")
      defer { try? FileManager.default.removeItem(at: url) }
      let archive = try Archive(url: url, accessMode: .create)
      for (path, text) in entries {
        let data = Data(text.utf8)
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none) { position, size in
          data.subdata(in: Int(position)..<Int(position) + size)
        }
      }
      return try [UInt8](Data(contentsOf: url))
    }
    let manifest = ("manifest.json", #"{"version": "1", "animations": [{"id": "a"}]}"#)
    let animation = ("animations/a.json", lottie(#""o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}"#))
    #expect(try InputKind.decode(try archive([manifest, animation]), file: "in.lottie", path: nil).actions.count == 1)
    for (entries, twice) in [([manifest, animation, ("animations/a.json", "{}")], "animations/a.json"), ([manifest, manifest, animation], "manifest.json")] {
      do {
        _ = try InputKind.decode(try archive(entries), file: "in.lottie", path: nil)
        Issue.record("no error")
      } catch {
        let message = "\(error)"
        #expect(message.hasPrefix("in.lottie"), "\(message)")
        #expect(message.contains("the archive holds two entries named \"\(twice)\"; expected one of each name"), "\(message)")
      }
    }
  }
}
