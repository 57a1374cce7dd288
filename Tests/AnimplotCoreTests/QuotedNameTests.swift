import AnimplotCore
import Testing

/// Names inside data paths are read and written as Blender escapes them: `"` and `\` after a
/// backslash (`objects["A\"B"]` is the object `A"B`), and the control characters it names.
@Suite("Quoted names in data paths")
struct QuotedNameTests {
  @Test func anEscapedQuoteIsPartOfTheOwnersName() throws {
    let (owner, property) = try #require(ObjectChannels.owner(of: #"objects["A\"B"].rotation_euler"#))
    #expect(owner == #"A"B"#)
    #expect(property == "rotation_euler")
    #expect(try #require(ObjectChannels.owner(of: #"pose.bones["back\\slash"].location"#)).owner == #"back\slash"#)
    // A name holding `"].` is read whole, from its opening quote.
    let inner = try #require(ObjectChannels.owner(of: #"objects["x\"].y"].scale"#))
    #expect(inner.owner == #"x"].y"# && inner.property == "scale")
    for unclosed in [#"objects["A\"].location"#, #"objects["A\"#, #"objects["unterminated.location"#] {
      #expect(ObjectChannels.owner(of: unclosed) == nil, "\(unclosed)")
    }
  }

  @Test func namesGoInAndComeBackAsTheyWere() throws {
    #expect(ObjectChannels.dataPath(owner: #"A"B"#, property: "location") == #"objects["A\"B"].location"#)
    #expect(ObjectChannels.dataPath(owner: "tab\there", property: "scale") == #"objects["tab\there"].scale"#)
    for name in [#"A"B"#, #"back\slash"#, #"\""#, "tab\t new\nline\r \u{07}\u{08}\u{0C}", #"x"].y"#, "plain", "Ünïcode", "", #"\x"#] {
      let path = ObjectChannels.dataPath(owner: name, property: "location")
      let read = try #require(ObjectChannels.owner(of: path), "\(path)")
      #expect(read.owner == name && read.property == "location", "\(path)")
    }
  }

  @Test func labelsNameTheUnescapedOwner() {
    #expect(FCurve.blenderLabel(dataPath: #"pose.bones["A\"B"].scale"#, index: 0) == #"X Scale (A"B)"#)
    #expect(FCurve.blenderLabel(dataPath: #"pose.bones["x\"].y"].location"#, index: 2) == #"Z Location (x"].y)"#)
    #expect(FCurve.blenderLabel(dataPath: #"key_blocks["Key 1"].value"#, index: 0) == "Value (Key 1)")
    #expect(FCurve.blenderLabel(dataPath: #"nodes["N"].inputs[0].default_value"#, index: 1) == #"nodes["N"].inputs[0].default_value[1]"#)
  }

  /// The rotation mode a file gives the object `A"B` (by its name) turns the channels whose
  /// path names it escaped.
  @Test func rotationModesFindTheObjectOfAnEscapedPath() throws {
    var action = Action(name: "A")
    action.rotationModes = [#"A"B"#: .zyx]
    action.tracks = [FCurve(dataPath: #"objects["A\"B"].rotation_euler"#, index: 0)]
    let objects = ObjectChannels.of([action])
    #expect(objects.map(\.name) == [#"A"B"#])
    #expect(objects.first?.rotationMode == .zyx)
  }
}
