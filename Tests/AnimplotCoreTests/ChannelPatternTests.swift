import AnimplotCore
import Testing

@Suite("Channel patterns")
struct ChannelPatternTests {
  let z = FCurve(dataPath: "location", index: 2)
  let boneScale = FCurve(dataPath: "pose.bones[\"Arm\"].scale", index: 0)

  @Test(arguments: [
    ("Z Location", true), ("z location", false), ("*Location", true), ("? Location", true),
    ("location[2]", true), ("location[?]", true), ("location[0]", false), ("[XZ] Location", true),
    ("[!XZ] Location", false), ("[A-Z] Loc*", true), ("Rotation*, Z*", true), ("scale*", false),
    ("*", true), ("", false), ("location", true), ("loc*", true), ("rotation_euler", false),
  ])
  func matchesLabelOrAddress(pattern: String, expected: Bool) {
    #expect(ChannelPattern(pattern).matches(z) == expected, "\(pattern)")
  }

  @Test func boneChannelsMatchByLabelAndPath() {
    #expect(ChannelPattern("X Scale (Arm)").matches(boneScale))
    #expect(ChannelPattern("*Arm*").matches(boneScale))
    #expect(ChannelPattern("pose.bones*scale[0]").matches(boneScale))
  }
}
