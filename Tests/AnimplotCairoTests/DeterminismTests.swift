import AnimplotCairo
import AnimplotCanvas
import Foundation
import AnimplotPlatform
import Testing

/// Identical drawing gives identical bytes: twice in one process, and in another process.
@Suite("Determinism of PNG, SVG and PDF output")
struct DeterminismTests {
  static func render(_ format: CairoCanvas.Format) throws -> [UInt8] {
    let canvas = try CairoCanvas(width: 480, height: 270, format: format)
    drawSampleScene(on: canvas)
    return try canvas.finish()
  }

  static let directoryVariable = "ANIMPLOT_CANVAS_RENDER_DIR"

  @Test("two renders in one process are byte-identical", arguments: CairoCanvas.Format.allCases)
  func sameProcess(format: CairoCanvas.Format) throws {
    let first = try Self.render(format)
    let second = try Self.render(format)
    #expect(!first.isEmpty)
    #expect(first == second)
  }

  @Test("a render in another process is byte-identical", arguments: CairoCanvas.Format.allCases)
  func twoProcesses(format: CairoCanvas.Format) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("animplot-canvas-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { _ = try? FileManager.default.removeItem(atPath: directory) }
    let status = runTestBinary(
      filter: "childProcessRendersScene", environment: [Self.directoryVariable: directory])
    try #require(status == .success(.exited(0)), "child test process failed: \(status)")
    let childBytes = try #require(readFile("\(directory)/scene.\(format.rawValue)"))
    #expect(childBytes == (try Self.render(format)))
  }

  /// The child side of `twoProcesses`: renders every format into the directory named by the
  /// environment, and does nothing in an ordinary test run.
  @Test("child process: render the scene (only when spawned by the test above)")
  func childProcessRendersScene() throws {
    guard let directory = ProcessInfo.processInfo.environment[Self.directoryVariable] else {
      return
    }
    for format in CairoCanvas.Format.allCases {
      #expect(writeFile("\(directory)/scene.\(format.rawValue)", try Self.render(format)))
    }
  }

  @Test("SVG: version 1.1, pixel units, surface ids numbered from 1 in every document")
  func svgHeader() throws {
    _ = try Self.render(.svg)  // advance Cairo's process-global surface counter
    let svg = String(decoding: try Self.render(.svg), as: UTF8.self)
    #expect(svg.contains(#"width="480px" height="270px""#))
    #expect(svg.contains(#"version="1.1""#))
    #expect(svg.contains(#"id="surface1""#))
    #expect(!svg.contains("surface2"))
  }

  @Test("PDF: no creation date")
  func pdfHasNoDate() throws {
    let pdf = String(decoding: try Self.render(.pdf), as: UTF8.self)
    #expect(pdf.hasPrefix("%PDF-"))
    #expect(!pdf.contains("CreationDate"))
  }
}
