import AnimplotCanvas
import AnimplotCheck
import AnimplotGolden
import AnimplotTestSupport
import Foundation
import Testing

/// The HTML report in a real browser: headless Chromium takes a screenshot, which must show
/// the failing case's three images (`Browser.requirement`: skipped without Chromium, required
/// when CI is set).
@Suite("animplot check --report in a browser", .requires(Browser.requirement))
struct CheckReportBrowserTests {
  @Test
  func screenshotShowsTheFailingCaseImages() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let cases = root.appendingPathComponent("cases")
    try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
    for name in ["moved", "same"] {
      try FileManager.default.copyItem(
        at: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"),
        to: cases.appendingPathComponent("\(name).json"))
      try Data("graph --width 320 --height 180".utf8).write(to: cases.appendingPathComponent("\(name).args"))
    }
    #expect(try CLI.run(["check", "cases"], in: root, environment: ["CI": nil, "ANIMPLOT_RECORD": nil]).status == 1)
    try Data("graph --width 320 --height 180 --current-frame 70".utf8).write(to: cases.appendingPathComponent("moved.args"))
    let r = try CLI.run(["check", "cases", "--report", "report.html"], in: root, environment: ["CI": "true"])
    #expect(r.status == 1)

    let shot = try Browser.screenshot(root.appendingPathComponent("report.html"), in: root, width: 1400, height: 900)
    #expect(shot.width == 1400 && shot.height == 900)
    var counts: [UInt32: Int] = [:]
    for i in stride(from: 0, to: shot.pixels.count, by: 4) {
      let p = shot.pixels
      counts[UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]), default: 0] += 1
    }
    // Not blank: the page has text, panels and plots.
    #expect(counts.count > 200)
    // The diff panel: pure red and blue pixels where the playhead moved.
    #expect(counts[0xFF0000, default: 0] > 200)
    #expect(counts[0x0000FF, default: 0] > 200)
    // The reference and the output: the plot's commonest colour covers both panels, at their
    // natural size (320×180 fits three to a row in 1400 pixels).
    let plot = try ImageFile.read(path: cases.appendingPathComponent("moved.png").path)
    var plotCounts: [UInt32: Int] = [:]
    for i in stride(from: 0, to: plot.pixels.count, by: 4) {
      let p = plot.pixels
      plotCounts[UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]), default: 0] += 1
    }
    let (background, perImage) = plotCounts.max { $0.value < $1.value }!
    #expect(counts[background, default: 0] >= 2 * perImage * 9 / 10)
  }

  /// The swap view flips between the reference and the output when clicked, and on hover when
  /// asked: a script added to a copy of the report clicks the button, then the image, moves
  /// the pointer in without and with "flip on hover" and out again, and writes what is shown
  /// after each step into the page, which Chromium then prints.
  @Test
  func swapViewFlipsOnClickAndHover() throws {
    let root = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let cases = root.appendingPathComponent("cases")
    try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Examples/bouncing-ball.json"),
      to: cases.appendingPathComponent("moved.json"))
    try Data("graph --width 320 --height 180".utf8).write(to: cases.appendingPathComponent("moved.args"))
    #expect(try CLI.run(["check", "cases"], in: root, environment: ["CI": nil, "ANIMPLOT_RECORD": nil]).status == 1)
    try Data("graph --width 320 --height 180 --current-frame 70".utf8).write(to: cases.appendingPathComponent("moved.args"))
    #expect(try CLI.run(["check", "cases", "--report", "report.html"], in: root, environment: ["CI": "true"]).status == 1)

    let report = try String(contentsOf: root.appendingPathComponent("report.html"), encoding: .utf8)
    let probe = """
      <script>
      const swap = document.querySelector("figure.swap");
      const section = swap.closest("section");
      const shown = () => [...swap.querySelectorAll(".stack img")]
        .filter(i => getComputedStyle(i).display !== "none")
        .map(i => i.className + "=" + (i.src === section.querySelector("figure." + i.className + " img").src))
        .join(" ");
      const log = ["hidden=" + swap.hidden, shown()];
      swap.querySelector("button.flip").click();
      log.push(shown(), swap.querySelector("button.flip").textContent);
      swap.querySelector(".stack").click();
      log.push(shown());
      // "flip on hover": the output while the pointer is over the image, the reference after.
      const stack = swap.querySelector(".stack");
      stack.dispatchEvent(new MouseEvent("mouseenter"));
      log.push(shown());
      swap.querySelector("input.hover").click();
      stack.dispatchEvent(new MouseEvent("mouseenter"));
      log.push(shown());
      stack.dispatchEvent(new MouseEvent("mouseleave"));
      log.push(shown());
      document.body.setAttribute("data-probe", log.join(";"));
      </script>
      """
    let page = root.appendingPathComponent("probe.html")
    try report.replacingOccurrences(of: "</body>", with: probe + "</body>")
      .write(to: page, atomically: true, encoding: .utf8)
    let dom = try Browser.dom(page, in: root)
    let attribute = try #require(dom.range(of: "data-probe=\""))
    let value = dom[attribute.upperBound...].prefix { $0 != "\"" }
    #expect(
      value
        == "hidden=false;expected=true;actual=true;showing the output: click to flip;expected=true;"
        + "expected=true;actual=true;expected=true")
    // The enlarged crop is in the report too.
    #expect(report.contains("<figure class=\"crop\"><figcaption>worst 16×16 window at"))
  }
}
