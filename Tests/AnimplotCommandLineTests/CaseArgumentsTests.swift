import AnimplotCheck
@testable import AnimplotCommandLine
import AnimplotGolden
import AnimplotRender
import Testing

/// `NAME.args`: shell-like words, the verb first, no output options; parsed into typed requests
/// with the verbs' grammar, `--format` choosing the reference kind.
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
  ])
  func refuses(text: String, message: String) {
    #expect(throws: Error.self) { try CaseArguments(parsing: text) }
    do {
      _ = try CaseArguments(parsing: text)
    } catch {
      #expect(error.description == message)
    }
  }

  static func kind(_ text: String) -> Result<ReferenceKind?, CaseOptionsProblem> {
    var requests = CaseRequests()
    return requests.parse(path: "case.args", text: text)
  }

  @Test func formatChoosesTheReferenceKind() throws {
    #expect(try Self.kind("graph").get() == nil)
    #expect(try Self.kind("graph --format svg").get() == .svg)
    #expect(try Self.kind("graph --format=displaylist").get() == .displayList)
    #expect(try Self.kind("dopesheet --format json").get() == .layoutJSON)
    #expect(try Self.kind("graph --format svg --format png").get() == .png)
    // eval compares values.
    #expect(try Self.kind("eval").get() == .values)
    #expect(try Self.kind("eval --range 1:10").get() == .values)
    // play and preview compare animations; preview's filmstrip, gallery and morph pictures;
    // edit an action file.
    #expect(try Self.kind("play --frames 1:4").get() == .animation)
    #expect(try Self.kind("preview").get() == .animation)
    #expect(try Self.kind("preview --filmstrip 3").get() == nil)
    #expect(try Self.kind("gallery --only quad").get() == nil)
    #expect(try Self.kind("morph --from square --to star").get() == nil)
    #expect(try Self.kind("morph --from square --to star --format apng").get() == .animation)
    #expect(try Self.kind("edit --select all --translate 1,0").get() == .edited)
  }

  @Test(arguments: [
    ("graph --format", "--format: expected a value (format) after it"),
    ("graph --format pdf", "--format pdf: check compares png (NAME.png), svg (NAME.svg), json (NAME.layout.json), displaylist (NAME.displaylist.txt), csv (NAME.values.csv), apng (NAME.apng)"),
    ("timeline --format json", "--format json is not available here; use png, svg, pdf or displaylist"),
    ("timeline --values 0:1", "unknown option --values"),
    ("graph --width 5", "--width must be from 16 to 16384 pixels, not 5"),
    ("grpah --at 1", "'grpah' is not a verb a case can use; did you mean 'graph'? a case's verb is one of graph, dopesheet, timeline, path, eval, play, preview, gallery, morph, edit"),
    ("plya --frames 1:4", "'plya' is not a verb a case can use; did you mean 'play'? a case's verb is one of graph, dopesheet, timeline, path, eval, play, preview, gallery, morph, edit"),
    ("edit --in-place", "--in-place; a case edits its own input and compares it with NAME.edited.json"),
    ("morph --from square --to star --curve x.json --channel X", "--curve: a morph case follows its own input, NAME.json, with --channel"),
    ("play --format svg", "--format svg: check compares png (NAME.png), svg (NAME.svg), json (NAME.layout.json), displaylist (NAME.displaylist.txt), csv (NAME.values.csv), apng (NAME.apng)"),
    ("eval --format json", "--format json: check compares png (NAME.png), svg (NAME.svg), json (NAME.layout.json), displaylist (NAME.displaylist.txt), csv (NAME.values.csv), apng (NAME.apng)"),
    ("graph other.json", "names an input ('other.json'); a case draws its own input"),
    ("graph --help", "asks for help; a case's options draw a picture"),
  ])
  func refusedOptions(text: String, message: String) {
    switch Self.kind(text) {
    case .success: Issue.record("'\(text)' was accepted")
    case .failure(let problem): #expect(problem.message == message)
    }
  }

  @Test func aCaseIsDrawnInTheFormatOfItsReference() throws {
    var requests = CaseRequests()
    _ = requests.parse(path: "d/a.args", text: "dopesheet --width 320 --theme light")
    let checkCase = CheckCase(
      name: "a", inputPath: "d/a.json", argumentsPath: "d/a.args", kind: .layoutJSON,
      referencePath: "d/a.layout.json", referenceExists: false)
    let request = try requests.request(for: checkCase)
    #expect(request.viewName == "dopesheet" && request.format == .layoutJSON)
    let view = try #require(request.view as? DopeSheetView)
    #expect(view.options.width == 320 && view.options.theme == .light)
    // No NAME.args: graph with its defaults.
    var plain = checkCase
    plain.argumentsPath = nil
    plain.kind = .svg
    #expect(try requests.request(for: plain).viewName == "graph")
    // A timeline cannot be compared with a layout.
    _ = requests.parse(path: "d/t.args", text: "timeline")
    var timeline = checkCase
    timeline.argumentsPath = "d/t.args"
    #expect(throws: CaseOptionsProblem.self) { try requests.request(for: timeline) }
  }

  @Test func referenceKindsBySuffix() {
    #expect(ReferenceKind.classify(fileName: "ball.png")! == ("ball", .png))
    #expect(ReferenceKind.classify(fileName: "ball.layout.json")! == ("ball", .layoutJSON))
    #expect(ReferenceKind.classify(fileName: "a.b.displaylist.txt")! == ("a.b", .displayList))
    #expect(ReferenceKind.classify(fileName: "ball.json") == nil)
    #expect(ReferenceKind.classify(fileName: "notes.txt") == nil)
    #expect(ReferenceKind.classify(fileName: ".png") == nil)
    for kind in ReferenceKind.allCases { if let format = kind.outputFormat { #expect(ReferenceKind(format) == kind) } }
    #expect(ReferenceKind.edited.outputFormat == nil)
  }
}
