import AnimplotGolden
import AnimplotText

extension CheckReport {
  /// The run as one self-contained HTML page: each failing or recorded case with its
  /// reference, output and diff side by side (PNG images embedded as `data:` URIs, so the
  /// page can be uploaded and opened alone) and its figures; then the passing cases and the
  /// orphans, listed.
  package var html: String {
    let title = "animplot check \(folder): \(summaryLine)"
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(Markup.escaped(title))</title>
      <style>
      \(Self.style)
      </style>
      </head>
      <body>
      <h1>animplot check <code>\(Markup.escaped(folder))</code></h1>
      <p class="summary \(passed ? "ok" : "bad")">\(Markup.escaped(summaryLine))</p>
      <p class="settings">\(Markup.escaped(settingsLine))</p>
      \(versionsLine)
      """
    let failed = results.filter { $0.status.isFailure }
    let recorded = results.filter {
      if case .recorded = $0.status { return true }
      return false
    }
    let passing = results.filter { $0.status == .passed }
    if !failed.isEmpty {
      page += "<h2>Failed (\(failed.count))</h2>\n" + failed.map(section).joined()
    }
    if !recorded.isEmpty {
      page +=
        "<h2>Recorded (\(recorded.count))</h2>\n"
        + "<p>These references were written by this run: review them, then commit them.</p>\n"
        + recorded.map(section).joined()
    }
    if !passing.isEmpty {
      page += "<h2>Passed (\(passing.count))</h2>\n<ul class=\"passed\">\n"
      for result in passing {
        page +=
          "<li><code>\(Markup.escaped(result.checkCase.id))</code> "
          + "<span class=\"note\">\(Markup.escaped(result.message))</span></li>\n"
      }
      page += "</ul>\n"
    }
    if !orphans.isEmpty {
      page +=
        "<h2>Orphaned (\(orphans.count))</h2>\n<p>Files with no input of their name: "
        + "rename them with their input, or delete them.</p>\n<ul>\n"
        + orphans.map { "<li><code>\(Markup.escaped($0))</code></li>\n" }.joined() + "</ul>\n"
    }
    return page + "<script>\n\(Self.script)\n</script>\n</body>\n</html>\n"
  }

  /// The comparison, record mode, shard and time.
  private var settingsLine: String {
    var parts = ["comparison: \(comparisonDescription)", "record mode: \(mode.rawValue)"]
    if let shard { parts.append("shard \(shard)") }
    parts.append("\(formatNumber(max(seconds, 0), decimals: 2)) s")
    return parts.joined(separator: " · ")
  }

  /// The versions the run drew with, one line (empty when unknown).
  private var versionsLine: String {
    guard !versions.isEmpty else { return "" }
    return "<p class=\"versions\">" + Markup.escaped(versions.map(\.description).joined(separator: " · ")) + "</p>\n"
  }

  /// One case that did not pass: its verdict, figures, images or diff.
  private func section(_ result: CaseResult) -> String {
    let c = result.checkCase
    let className =
      switch result.status {
      case .recorded: "recorded"
      case .error: "error"
      default: "failed"
      }
    var html = """
      <section class="case \(className)" id="\(Markup.escaped("case-" + c.id, attribute: true))">
      <h3><span class="word">\(result.status.word)</span> <code>\(Markup.escaped(c.id))</code></h3>
      <p class="message">\(Markup.escaped(result.message))</p>
      <p class="files">\(c.hasInput ? "input <code>\(Markup.escaped(c.inputPath))</code> · " : "")\(
        c.argumentsPath.map { "options <code>\(Markup.escaped($0))</code> · " } ?? "")reference <code>\(Markup.escaped(c.referencePath))</code></p>

      """
    if let figures = result.figures { html += Self.table(figures) }
    let images = result.images
    let figuresHTML = [
      ("expected", "reference", images.expected), ("actual", "output", images.actual),
      ("diff", "diff", images.diff),
    ].compactMap { name, caption, png in
      png.map {
        "<figure class=\"\(name)\"><figcaption>\(caption)</figcaption>"
          + "<img alt=\"\(caption) of \(Markup.escaped(c.id, attribute: true))\" "
          + "src=\"data:image/png;base64,\(Markup.base64($0))\"></figure>\n"
      }
    }
    if let frame = result.frame {
      html += "<p class=\"frame\">frame \(frame), the first that differs, of the animation</p>\n"
    }
    if !figuresHTML.isEmpty { html += "<div class=\"images\">\n" + figuresHTML.joined() + "</div>\n" }
    var closer: [String] = []
    if images.expected != nil && images.actual != nil {
      // Filled in by the page's script from the figures above (no second copy of the
      // images); hidden where scripts do not run.
      closer.append(
        "<figure class=\"swap\" data-showing=\"expected\" hidden>"
          + "<figcaption>reference ⇄ output <button type=\"button\" class=\"flip\">"
          + "showing the reference: click to flip</button>"
          + " <label><input type=\"checkbox\" class=\"hover\"> flip on hover</label></figcaption>"
          + "<div class=\"stack\" title=\"click to flip\">"
          + "<img class=\"expected\" alt=\"reference of \(Markup.escaped(c.id, attribute: true))\">"
          + "<img class=\"actual\" alt=\"output of \(Markup.escaped(c.id, attribute: true))\">"
          + "</div></figure>\n")
    }
    if let crop = images.crop {
      let w = crop.window
      closer.append(
        "<figure class=\"crop\"><figcaption>worst \(w.size)×\(w.size) window at (\(w.x), \(w.y)), "
          + "enlarged \(crop.scale)×: reference | output | diff</figcaption>"
          + "<img alt=\"worst window of \(Markup.escaped(c.id, attribute: true)), enlarged\" "
          + "src=\"data:image/png;base64,\(Markup.base64(crop.png))\"></figure>\n")
    }
    if !closer.isEmpty { html += "<div class=\"closer\">\n" + closer.joined() + "</div>\n" }
    if let ghost = images.ghost {
      html +=
        "<figure class=\"ghost\"><figcaption>Graph Editor: the recorded values (<code>"
        + Markup.escaped(c.valuesPath ?? c.name + ReferenceKind.values.suffix)
        + "</code>) as ghost curves, dashed, under the new curves</figcaption>"
        + "<img alt=\"ghost curves of \(Markup.escaped(c.id, attribute: true))\" "
        + "src=\"data:image/png;base64,\(Markup.base64(ghost))\"></figure>\n"
    }
    if let table = result.valuesTable { html += Self.valuesTable(table) }
    if let changes = result.changes {
      html +=
        "<ul class=\"changes\">\n" + changes.map { "<li>" + Markup.escaped($0) + "</li>\n" }.joined() + "</ul>\n"
    }
    if let diff = result.textDiff {
      // With the changes said by row, the line diff is there to unfold.
      html +=
        result.changes == nil
        ? Self.diffBlock(diff) : "<details><summary>the text diff</summary>\n" + Self.diffBlock(diff) + "</details>\n"
    }
    if result.status == .differed || result.status == .missing {
      html +=
        "<p class=\"approve\">to approve the output as the new reference: <code>"
        + Markup.escaped(approveCommand(for: c)) + "</code></p>\n"
    }
    return html + "</section>\n"
  }

  /// The one command that writes this case's output as its reference, and nothing else.
  func approveCommand(for checkCase: CheckCase) -> String {
    "animplot check \(Self.shellWord(folder)) --record all --only \(Self.shellWord(checkCase.id))"
  }

  /// `word` as one word of a POSIX shell: as it is when it holds only safe characters, else
  /// in single quotes.
  static func shellWord(_ word: String) -> String {
    let safe = !word.isEmpty && word.unicodeScalars.allSatisfy { c in
      c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "-_./:@%+=,".unicodeScalars.contains(c))
    }
    return safe ? word : "'" + word.replacing("'", with: "'\\''") + "'"
  }

  /// The channels that moved (`ValuesComparison.table`: a header line, then `|`-separated
  /// rows) as an HTML table.
  private static func valuesTable(_ text: String) -> String {
    let rows: [[String]] = text.split(separator: "\n").map { line in
      line.split(separator: "|", omittingEmptySubsequences: false).map { cell in
        String(cell.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      }
    }
    guard let header = rows.first else { return "" }
    var html = "<table class=\"values\">\n<tr>"
    for cell in header { html += "<th>" + Markup.escaped(cell) + "</th>" }
    html += "</tr>\n"
    for row in rows.dropFirst() {
      html += "<tr>"
      for cell in row { html += "<td>" + Markup.escaped(cell) + "</td>" }
      html += "</tr>\n"
    }
    return html + "</table>\n"
  }

  /// The pixel figures of a comparison as a small table.
  private static func table(_ r: DiffResult) -> String {
    var rows: [(String, String)] = [
      ("size", r.sizesMatch ? "\(r.expectedSize)" : "\(r.expectedSize) vs \(r.actualSize) (actual)"),
      ("differing pixels", "\(r.differingPixels) (\(percent(r.differingRatio)))"),
    ]
    if r.antialiasedPixels > 0 { rows.append(("anti-aliasing excused", "\(r.antialiasedPixels)")) }
    if let w = r.worstWindow {
      rows.append(("worst window", "\(w.pixels) px in \(w.size)×\(w.size) at (\(w.x), \(w.y))"))
    }
    if let b = r.boundingBox {
      rows.append(("bounding box", "(\(b.minX), \(b.minY)) – (\(b.maxX), \(b.maxY))"))
    }
    rows.append(("RMS", formatNumber(r.rms, decimals: 2)))
    return "<table class=\"figures\">\n"
      + rows.map { "<tr><th>\($0.0)</th><td>\(Markup.escaped($0.1))</td></tr>\n" }.joined()
      + "</table>\n"
  }

  /// A unified diff with its added and removed lines coloured.
  private static func diffBlock(_ diff: String) -> String {
    let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let text = Markup.escaped(String(line))
      if line.hasPrefix("+++") || line.hasPrefix("---") { return "<b>\(text)</b>" }
      if line.hasPrefix("@@") { return "<span class=\"hunk\">\(text)</span>" }
      if line.hasPrefix("+") { return "<ins>\(text)</ins>" }
      if line.hasPrefix("-") { return "<del>\(text)</del>" }
      return text
    }
    return "<pre class=\"diff\">" + lines.joined(separator: "\n") + "</pre>\n"
  }

  /// Fills each case's swap view with its reference and output, and flips between them on a
  /// click (on the button or the image) or the space bar on the button; with "flip on hover"
  /// ticked, also when the pointer enters or leaves the image.
  private static let script = """
    for (const swap of document.querySelectorAll("figure.swap")) {
      const section = swap.closest("section");
      const expected = section.querySelector("figure.expected img");
      const actual = section.querySelector("figure.actual img");
      if (!expected || !actual) continue;
      swap.querySelector("img.expected").src = expected.src;
      swap.querySelector("img.actual").src = actual.src;
      const button = swap.querySelector("button.flip");
      const flip = () => {
        const next = swap.dataset.showing === "expected" ? "actual" : "expected";
        swap.dataset.showing = next;
        button.textContent = "showing the " + (next === "expected" ? "reference" : "output")
          + ": click to flip";
      };
      button.addEventListener("click", flip);
      const stack = swap.querySelector(".stack");
      const hover = swap.querySelector("input.hover");
      stack.addEventListener("click", flip);
      stack.addEventListener("mouseenter", () => { if (hover.checked) flip(); });
      stack.addEventListener("mouseleave", () => { if (hover.checked) flip(); });
      swap.hidden = false;
    }
    """

  private static let style = """
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px;
      color: #222; background: #f6f6f6; }
    h1 { font-size: 20px; margin: 0 0 8px; }
    h2 { font-size: 17px; margin: 28px 0 8px; }
    h3 { font-size: 15px; margin: 0 0 6px; }
    code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; }
    .summary { font-size: 16px; font-weight: 600; padding: 6px 10px; border-radius: 4px;
      display: inline-block; }
    .summary.ok { background: #dff3df; color: #185c18; }
    .summary.bad { background: #fbe0e0; color: #8a1616; }
    .settings, .files, .note, .versions { color: #666; }
    .versions { font-size: 12px; margin-top: -6px; }
    section.case { background: #fff; border: 1px solid #ddd; border-left: 6px solid #c62828;
      border-radius: 4px; padding: 12px 16px; margin: 14px 0; }
    section.case.recorded { border-left-color: #e69500; }
    section.case.error { border-left-color: #6a1b9a; }
    .word { font-size: 12px; padding: 1px 6px; border-radius: 3px; background: #333; color: #fff; }
    .message { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; }
    table.figures { border-collapse: collapse; margin: 6px 0 10px; }
    table.figures th { text-align: left; font-weight: normal; color: #666; padding: 1px 14px 1px 0; }
    .images { display: flex; gap: 12px; align-items: flex-start; }
    figure { margin: 0; flex: 0 1 calc((100% - 24px) / 3); min-width: 0; }
    figcaption { font-weight: 600; margin-bottom: 4px; }
    figure img { display: block; max-width: 100%; height: auto; border: 1px solid #bbb;
      background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    pre.diff { background: #fafafa; border: 1px solid #ddd; padding: 8px; overflow-x: auto;
      font-size: 12px; }
    pre.diff ins { color: #1b5e20; background: #e6f4e6; text-decoration: none; }
    pre.diff del { color: #8a1616; background: #fbe9e9; text-decoration: none; }
    pre.diff .hunk { color: #6a1b9a; }
    ul.passed { columns: 2 420px; }
    .closer { display: flex; gap: 12px; align-items: flex-start; margin-top: 12px; flex-wrap: wrap; }
    figure.swap { flex: 0 1 calc((100% - 24px) / 3); }
    figure.swap[hidden] { display: none; }
    figure.swap .stack { cursor: pointer; }
    figure.swap[data-showing="expected"] img.actual,
    figure.swap[data-showing="actual"] img.expected { display: none; }
    figure.swap[data-showing="actual"] .stack img { outline: 3px solid #1565c0; }
    button.flip { font: inherit; font-weight: normal; margin-left: 6px; cursor: pointer; }
    figure.swap label { font-weight: normal; color: #666; margin-left: 6px; }
    figure.crop { flex: 0 1 auto; }
    figure.crop img { image-rendering: pixelated; }
    table.values { border-collapse: collapse; margin: 8px 0; }
    table.values th, table.values td { border: 1px solid #ddd; padding: 2px 8px; text-align: left; }
    p.approve code { user-select: all; }
    ul.changes { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; padding-left: 20px; }
    p.frame { font-weight: 600; }
    """
}
