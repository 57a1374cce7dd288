import AnimplotCore
import AnimplotIO
import AnimplotTestSupport
import Foundation
import Testing

@Suite("Unity import")
struct UnityImportTests {
  /// Every curve of the public clips equals the independent evaluator
  /// (`Resources/unity-reference.json`, from `Scripts/unity_reference.py`) to 1e-5 of the
  /// curve's range. Editor and runtime curves describe one channel; the track must equal one
  /// of them at every frame.
  @Test(.needs(SharedFolder.samples)) func realClipsMatchTheReferenceEvaluator() throws {
    let reference = try JSONSerialization.jsonObject(with: RealData.resource("unity-reference.json")) as! [String: Any]
    var byChannel: [String: [[String: Any]]] = [:]
    for curve in reference["curves"] as! [[String: Any]] {
      byChannel["\(curve["file"]!)|\(curve["dataPath"]!)|\(curve["index"]!)", default: []].append(curve)
    }
    var compared = 0
    for (key, candidates) in byChannel {
      let file = candidates[0]["file"] as! String
      let action = try ActionFile.load(RealData.path("unity/" + file)).actions[0]
      // `Sphere/m_LocalPosition`[i] → Blender's channel (Z up) of the object at the path.
      let unityPath = candidates[0]["dataPath"] as! String
      let slash = unityPath.lastIndex(of: "/")
      let path = slash.map { String(unityPath[..<$0]) } ?? ""
      let attribute = slash.map { String(unityPath[unityPath.index(after: $0)...]) } ?? unityPath
      let blender = try #require(BlenderChannel.unity(attribute, component: candidates[0]["index"] as! Int))
      let dataPath = path.isEmpty ? blender.property : ObjectChannels.dataPath(owner: path, property: blender.property)
      let track = try #require(action.tracks.first { $0.dataPath == dataPath && $0.index == blender.index }, "\(key)")
      let matches = candidates.filter { curve in
        let values = (curve["values"] as! [Double]).map { $0 * blender.factor }
        let range = max(abs(blender.factor), (values.max() ?? 0) - (values.min() ?? 0))
        return zip(curve["frames"] as! [Double], values).allSatisfy { frame, expected in
          abs(Double(track.value(at: Float(frame))) - expected) <= 1e-5 * range
        }
      }
      #expect(!matches.isEmpty, "\(key): no reference curve matches")
      compared += 1
    }
    #expect(compared == 9)
  }

  let clip = """
    %YAML 1.1
    %TAG !u! tag:unity3d.com,2011:
    --- !u!74 &7400000
    AnimationClip:
      m_Name: Test
      m_FloatCurves:
      - curve:
          m_Curve:
          - serializedVersion: 3
            time: 0
            value: 0
            inSlope: 0
            outSlope: 3
            tangentMode: 0
            weightedMode: 2
            inWeight: 0.33333334
            outWeight: 0.5
          - serializedVersion: 3
            time: 1
            value: 1
            inSlope: 0
            outSlope: Infinity
            tangentMode: 0
            weightedMode: 0
            inWeight: 0.33333334
            outWeight: 0.33333334
          - serializedVersion: 3
            time: 2
            value: 5
            inSlope: 0
            outSlope: 0
        attribute: m_Alpha
        path: Body/Arm
      m_SampleRate: 30

    """

  func decode(_ text: String) throws -> Action {
    try InputKind.decode(Array(text.utf8), file: "c.anim", path: nil, kind: .unity).actions[0]
  }

  @Test func weightsSlopesAndSteps() throws {
    let action = try decode(clip)
    #expect(action.name == "Test" && action.fps == 30)
    let track = action.tracks[0]
    #expect(track.dataPath == "Body/Arm/m_Alpha" && track.displayLabel == "m_Alpha" && track.group == "Body/Arm")
    let k = track.keyframes
    // Out weight 0.5 (weightedMode 2), slope 3/s over 1 s: the handle half way, 1.5 up.
    #expect(k[0].handleRight == CurvePoint(frame: 15, value: 1.5))
    #expect(k[0].interpolation == .bezier)
    // An infinite out-slope: stepped.
    #expect(k[1].interpolation == .constant)
    #expect(track.value(at: Float(45)) == 1)
    #expect(track.value(at: Float(60)) == 5)
    // CRLF line ends read the same.
    #expect(try decode(clip.replacingOccurrences(of: "\n", with: "\r\n")).tracks[0].keyframes == k)
  }

  /// Transform curves are Blender's channels of the object at their path, Unity's left-handed
  /// Y up turned into Blender's Z up: position (x, z, y), Euler angles −x, −z, −y in radians.
  @Test func transformsAreBlendersChannels() throws {
    let moved = clip.replacingOccurrences(of: "attribute: m_Alpha", with: "attribute: m_LocalPosition.y")
    let track = try decode(moved).tracks[0]
    #expect(track.dataPath == #"objects["Body/Arm"].location"# && track.index == 2 && track.displayLabel == "Z Location")
    #expect(track.value(at: Float(60)) == 5)
    let turned = try decode(moved.replacingOccurrences(of: "m_LocalPosition.y", with: "localEulerAnglesRaw.z")).tracks[0]
    #expect(turned.dataPath == #"objects["Body/Arm"].rotation_euler"# && turned.index == 1)
    #expect(abs(Double(turned.value(at: Float(60))) + 5 * Double.pi / 180) < 1e-7)
    // The curve's m_RotationOrder is the object's rotation mode, after the swap of Y and Z:
    // Unity's default, Z then X then Y (4, or none given), is Blender's YXZ; XYZ (0) is XZY.
    let euler = moved.replacingOccurrences(of: "m_LocalPosition.y", with: "localEulerAnglesRaw.z")
    #expect(try decode(euler).rotationModes == ["Body/Arm": .yxz])
    #expect(try decode(moved).rotationModes.isEmpty)
    func ordered(_ order: String) -> String {
      euler.replacingOccurrences(of: "    attribute: localEulerAnglesRaw.z", with: "      m_RotationOrder: \(order)\n    attribute: localEulerAnglesRaw.z")
    }
    let modes = try (0...5).map { try decode(ordered("\($0)")).rotationModes["Body/Arm"] }
    #expect(modes == [.xzy, .xyz, .zyx, .zxy, .yxz, .yzx])
    #expect(throws: (any Error).self) { try decode(ordered("99")) }
    let root = try decode(moved.replacingOccurrences(of: "path: Body/Arm", with: "path: ")).tracks[0]
    #expect(root.dataPath == "location" && root.group == "(root)")
  }

  @Test func brokenClipsGiveLocatedErrors() {
    func failure(_ text: String) -> String {
      do {
        _ = try decode(text)
        return "no error"
      } catch {
        return "\(error)"
      }
    }
    #expect(failure("UnityFS\u{0}binary").contains("saved in binary; re-save it as text"))
    #expect(failure(clip.replacingOccurrences(of: "value: 5", with: "value: five")).hasPrefix(
      "c.anim:29:16: AnimationClip.m_FloatCurves[0].curve.m_Curve[2].value: expected a number, found \"five\""))
    #expect(failure(clip.replacingOccurrences(of: "time: 2", with: "time: 0.5")).contains("does not come after 1.0 s"))
    #expect(failure(clip.replacingOccurrences(of: "      m_Curve:", with: "      m_Curve: [")).hasPrefix("c.anim:"))
    #expect(failure("%YAML 1.1\n---\nFoo: 1\n").contains("the file holds no AnimationClip"))
    let deep = "%YAML 1.1\n--- !u!74 &1\nAnimationClip:\n  m_Name:\n    " + String(repeating: "- ", count: 20_000) + "x\n"
    #expect(failure(deep).contains("nested deeper than 256 levels"))
  }
}

extension UnityImportTests {
  /// A curve that cannot be read is left out with a located warning; the others are read.
  @Test func aBrokenCurveIsLeftOutWithAWarning() throws {
    let second =
      "  - curve:\n      m_Curve:\n      - serializedVersion: 3\n        time: 0\n        value: five\n"
      + "        inSlope: 0\n        outSlope: 0\n    attribute: m_Beta\n    path: Body\n  m_SampleRate: 30\n"
    let text = clip.replacingOccurrences(of: "  m_SampleRate: 30\n", with: second)
    let document = try InputKind.decode(Array(text.utf8), file: "c.anim", path: nil, kind: .unity)
    #expect(document.actions[0].tracks.map(\.displayLabel) == ["m_Alpha"])
    #expect(document.warnings.count == 1)
    #expect(document.warnings.first?.hasPrefix("c.anim:") == true && document.warnings.first?.contains("expected a number, found \"five\" (Body: m_Beta left out; the rest is read)") == true, "\(document.warnings)")
  }
}
