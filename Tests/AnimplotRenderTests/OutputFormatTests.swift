import AnimplotRender
import Testing

/// Output formats: the extension or `--format`, one rule for every view, a conflict an error.
@Suite struct OutputFormatTests {
  /// The chosen format's id, or `error: MESSAGE`.
  static func choose<V: PlotView>(_ view: V.Type, _ path: String?, _ requested: String? = nil) -> String {
    do throws(RenderError) {
      return try OutputFormat.choose(for: view, path: path, requested: requested).id
    } catch {
      return "error: " + error.description
    }
  }

  @Test func theExtensionDecides() {
    #expect(Self.choose(GraphView.self, "a.png") == "png")
    #expect(Self.choose(GraphView.self, "dir/a.SVG") == "svg")
    #expect(Self.choose(GraphView.self, "a.pdf") == "pdf")
    #expect(Self.choose(GraphView.self, "a.txt") == "displaylist")
    #expect(Self.choose(DopeSheetView.self, "a.json") == "layout-json")
    #expect(Self.choose(EvaluationView.self, "v.json") == "values-json")
    #expect(Self.choose(EvaluationView.self, "v.csv") == "values-csv")
  }

  @Test func withoutAnExtensionTheRequestOrTheViewsFirstFormat() {
    #expect(Self.choose(GraphView.self, "-") == "png")
    #expect(Self.choose(GraphView.self, nil) == "png")
    #expect(Self.choose(EvaluationView.self, "-") == "values-csv")
    #expect(Self.choose(EvaluationView.self, "-", "json") == "values-json")
    #expect(Self.choose(DopeSheetView.self, "-", "json") == "layout-json")
    #expect(Self.choose(GraphView.self, "picture.img", "svg") == "svg")
  }

  @Test func theExtensionAndTheRequestMustAgree() {
    #expect(Self.choose(GraphView.self, "g.png", "png") == "png")
    #expect(
      Self.choose(GraphView.self, "g.png", "svg")
        == "error: -o g.png names a .png file but --format asks for svg; make them agree")
    #expect(
      Self.choose(EvaluationView.self, "v.json", "csv")
        == "error: -o v.json names a .json file but --format asks for csv; make them agree")
  }

  @Test func aFileWithoutExtensionNeedsTheFormat() {
    #expect(
      Self.choose(GraphView.self, "out/picture")
        == "error: -o out/picture: cannot tell the format without an extension; use .png, .svg, .pdf, .txt, .displaylist, .json, .html, .htm or --format")
    #expect(Self.choose(GraphView.self, "out/picture", "svg") == "svg")
    #expect(Self.choose(EvaluationView.self, "values") == "error: -o values: cannot tell the format without an extension; use .csv, .json or --format")
    // With --format, the extension of another known format is a disagreement too.
    #expect(
      Self.choose(GraphView.self, "g.json", "png")
        == "error: -o g.json names a .json file but --format asks for png; make them agree")
    #expect(
      Self.choose(EvaluationView.self, "v.txt")
        == "error: -o v.txt: eval does not write .txt files; use .csv, .json")
  }

  @Test func formatsAViewDoesNotWrite() {
    #expect(
      Self.choose(TimelineView.self, "t.json")
        == "error: -o t.json: timeline does not write .json files; use .png, .svg, .pdf, .txt, .displaylist")
    // The Graph Editor writes its layout (docs/graph-json.md).
    #expect(Self.choose(GraphView.self, "g.json") == "layout-json")
    #expect(
      Self.choose(TimelineView.self, "-", "json")
        == "error: --format json is not available here; use png, svg, pdf or displaylist")
    #expect(
      Self.choose(EvaluationView.self, "v.png")
        == "error: -o v.png: eval does not write .png files; use .csv, .json")
    #expect(
      Self.choose(GraphView.self, "g.gif")
        == "error: -o g.gif: cannot tell the format from the extension; use .png, .svg, .pdf, .txt, .displaylist, .json, .html, .htm or --format")
  }

  @Test func everyFormatHasAUniqueIdAndAnExtension() {
    #expect(Set(OutputFormat.all.map(\.id)).count == OutputFormat.all.count)
    #expect(GraphView.outputFormats.map(\.id) == ["png", "svg", "pdf", "displaylist", "layout-json", "html"])
    #expect(DopeSheetView.outputFormats.map(\.id) == ["png", "svg", "pdf", "displaylist", "layout-json", "html"])
    #expect(EvaluationView.outputFormats.map(\.id) == ["values-csv", "values-json"])
  }
}
