import AnimplotGolden
import Testing

/// `NAME.args`: shell-like words, the verb first, no output options, `--format` checked.
@Suite struct CaseArgumentsTests {
  @Test(arguments: [
    ("graph --width 800 --height 450", ["graph", "--width", "800", "--height", "450"]),
    ("graph\n  --width 800\n\t--theme light\n", ["graph", "--width", "800", "--theme", "light"]),
    ("graph --channels 'Z Location,X *'", ["graph", "--channels", "Z Location,X *"]),
    (#"graph --channels "say \"hi\" \\ \n""#, ["graph", "--channels", #"say "hi" \ \n"#]),
    (#"graph --channels Z\ Location"#, ["graph", "--channels", "Z Location"]),
    ("graph --width 800 \\\n --height 450", ["graph", "--width", "800", "--height", "450"]),
    ("# the light theme\ngraph --theme light # for print\n", ["graph", "--theme", "light"]),
    ("graph --channels a#b", ["graph", "--channels", "a#b"]),
    ("graph --channels ''", ["graph", "--channels", ""]),
    ("graph --channels 'a'\"b\"c", ["graph", "--channels", "abc"]),
    ("graph\r\n--width 800\r\n", ["graph", "--width", "800"]),
  ])
  func splitsLikeAShell(text: String, words: [String]) throws {
    #expect(try CaseArguments(parsing: text).words == words)
  }

  @Test func emptyFileMeansGraph() throws {
    #expect(try CaseArguments(parsing: "").words == ["graph"])
    #expect(try CaseArguments(parsing: "  \n# nothing but a comment\n").words == ["graph"])
    #expect(CaseArguments.default.verb == "graph")
    #expect(CaseArguments.default.words == ["graph"])
  }

  @Test(arguments: [
    ("graph --channels 'Z Loc", "line 1: the ' quote is never closed"),
    ("graph\n--channels \"Z\nLoc", "line 2: the \" quote is never closed"),
    ("graph --width 8\\", "line 1: the file ends with a backslash"),
    ("--width 800", "starts with '--width'; the first word is the verb, as in: graph --width 800 --height 450"),
    ("graph -o out.png", "'-o': a case has no output option; it is drawn in memory and compared with its reference"),
    ("graph -oout.png", "'-oout.png': a case has no output option; it is drawn in memory and compared with its reference"),
    ("graph --output out.png", "'--output': a case has no output option; it is drawn in memory and compared with its reference"),
    ("graph --output=out.png", "'--output=out.png': a case has no output option; it is drawn in memory and compared with its reference"),
    ("graph --format", "--format needs a value"),
    ("graph --format pdf", "--format pdf: check compares png (NAME.png), svg (NAME.svg), json (NAME.layout.json), displaylist (NAME.displaylist.txt)"),
  ])
  func refuses(text: String, message: String) {
    #expect(throws: Error.self) { try CaseArguments(parsing: text) }
    do {
      _ = try CaseArguments(parsing: text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func formatChoosesTheReferenceKind() throws {
    #expect(try CaseArguments(parsing: "graph").referenceKind == nil)
    #expect(try CaseArguments(parsing: "graph --format svg").referenceKind == .svg)
    #expect(try CaseArguments(parsing: "graph --format=displaylist").referenceKind == .displayList)
    #expect(try CaseArguments(parsing: "dopesheet --format json").referenceKind == .layoutJSON)
    #expect(try CaseArguments(parsing: "graph --format svg --format png").referenceKind == .png)
  }

  @Test func referenceKindsBySuffix() {
    #expect(ReferenceKind.classify(fileName: "ball.png")! == ("ball", .png))
    #expect(ReferenceKind.classify(fileName: "ball.layout.json")! == ("ball", .layoutJSON))
    #expect(ReferenceKind.classify(fileName: "a.b.displaylist.txt")! == ("a.b", .displayList))
    #expect(ReferenceKind.classify(fileName: "ball.json") == nil)
    #expect(ReferenceKind.classify(fileName: "notes.txt") == nil)
    #expect(ReferenceKind.classify(fileName: ".png") == nil)
    for kind in ReferenceKind.allCases { #expect(ReferenceKind(format: kind.format) == kind) }
  }
}
