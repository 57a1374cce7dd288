import AnimplotCanvas
import AnimplotCheck
import AnimplotGolden
import Foundation
import Testing

/// SVG through rsvg-convert: pixels, the comparison of two documents, and the errors.
@Suite struct SVGRasterizerTests {
  static let rasterizer = SVGRasterizer.find(searchPath: ProcessInfo.processInfo.environment["PATH"])

  static func svg(_ x: Int) -> [UInt8] {
    Array("""
      <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">\
      <rect width="40" height="20" fill="#fff"/><rect x="\(x)" y="5" width="10" height="10" fill="#000"/></svg>
      """.utf8)
  }

  @Test(.enabled(if: rasterizer != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
  func rasterisesToPixels() throws {
    let raster = try Self.rasterizer!.rasterize(svg: Self.svg(5), name: "square.svg")
    #expect(raster.image.width == 40 && raster.image.height == 20)
    let black = stride(from: 0, to: raster.image.pixels.count, by: 4).filter { raster.image.pixels[$0] == 0 }
    #expect(black.count == 100)
    #expect(raster.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test(.enabled(if: rasterizer != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
  func comparesTwoDocumentsByPixels() throws {
    let moved = try ReferenceComparison.compare(
      kind: .svg, expected: Self.svg(5), actual: Self.svg(6), options: .exact, label: "square.svg",
      rasterizer: Self.rasterizer)
    #expect(!moved.passed)
    #expect(moved.summary.hasPrefix("differ: 20 pixels"))
    // Other bytes, the same picture.
    let respelled = Array(String(decoding: Self.svg(5), as: UTF8.self).replacingOccurrences(of: "#fff", with: "white").utf8)
    let same = try ReferenceComparison.compare(
      kind: .svg, expected: Self.svg(5), actual: respelled, options: .exact, label: "square.svg",
      rasterizer: Self.rasterizer)
    #expect(same.passed)
    #expect(same.summary == "match: identical (40×20)")
  }

  @Test(.enabled(if: rasterizer != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
  func aBrokenDocumentIsNamed() {
    // One whose size reads (the start tag), broken after it: rsvg-convert's own message.
    do {
      _ = try Self.rasterizer!.rasterize(svg: Array("<svg width='1' height='1'><g".utf8), name: "broken.svg")
      Issue.record("no error")
    } catch {
      #expect(error.description.hasPrefix("broken.svg: cannot rasterise the SVG: rsvg-convert failed (exit 1)"))
    }
    do {
      _ = try Self.rasterizer!.rasterize(svg: Array("<svg".utf8), name: "broken.svg")
      Issue.record("no error")
    } catch {
      #expect(error.description == "broken.svg: cannot rasterise the SVG: its <svg> start tag does not end")
    }
  }

  /// An executable script in a new folder, and the folder.
  static func script(_ body: String) throws -> (rasterizer: SVGRasterizer, folder: TemporaryFolder) {
    let folder = try TemporaryFolder(["rsvg-convert": "#!/bin/sh\n" + body + "\n"])
    chmod(folder.path("rsvg-convert"), 0o755)
    return (SVGRasterizer(executable: folder.path("rsvg-convert")), folder)
  }

  static func document(_ attributes: String) -> [UInt8] {
    Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)><rect width=\"9\" height=\"9\"/></svg>".utf8)
  }

  @Test func aSizePastTheLimitIsRefusedBeforeRasterising() {
    // A program that is not there: the size is weighed before anything is run.
    let absent = SVGRasterizer(executable: "/nonexistent/rsvg-convert")
    for (attributes, size) in [
      ("width=\"30000\" height=\"30000\"", "30000 × 30000"), ("width='40000' height='1'", "40000 × 1"),
      ("width=\"100in\" height=\"100in\"", "9600 × 9600"), ("viewBox=\"0 0 30000 30000\"", "30000 × 30000"),
      ("width=\"32768\" height=\"100%\" viewBox=\"0 0 2 1\"", "32768 × 16384"),
    ] {
      do {
        _ = try absent.rasterize(svg: Self.document(attributes), name: "big.svg")
        Issue.record("no error for \(attributes)")
      } catch {
        #expect(
          error.description == "big.svg: cannot rasterise the SVG: it declares \(size) pixels, more than check rasterises (67108864 pixels, 8192 × 8192, and 32767 a side)",
          "\(attributes)")
      }
    }
  }

  @Test func theDeclaredSizeIsWeighedInItsUnits() throws {
    func size(_ attributes: String) throws -> [Double] {
      let size = try SVGDeclaredSize(of: Self.document(attributes))
      return [size.width, size.height, Double(size.pixelWidth), Double(size.pixelHeight)]
    }
    #expect(try size("width=\"1600px\" height=\"900px\" viewBox=\"0 0 1600 900\"") == [1600, 900, 1600, 900])
    #expect(try size("width=\"400pt\" height=\"3pc\"") == [400 * 96 / 72, 48, 534, 48])
    #expect(try size("width=\" 2in \" height=\"72pt\"") == [192, 96, 192, 96])
    #expect(try size("width=\"100%\" height=\"100%\" viewBox=\"0,0,50,40\"") == [50, 40, 50, 40])
    #expect(try size("width=\"100\" viewBox=\"0 0 50 40\"") == [100, 80, 100, 80])
    #expect(try size("viewBox=\"0 0 1e2 5E1\"") == [100, 50, 100, 50])
    // A DOCTYPE whose internal subset holds a '>' and an <svg> in quotes, a comment, a prefix.
    let prolog = Array("""
      \u{FEFF}<!DOCTYPE svg [<!ENTITY e "<svg width='99999' height='99999'>">]><!-- <svg> -->\
      <s:svg xmlns:s="http://www.w3.org/2000/svg" width="10" height="20"/>
      """.utf8)
    let prefixed = try SVGDeclaredSize(of: prolog)
    #expect([prefixed.width, prefixed.height] == [10, 20])
    for (attributes, reason) in [
      ("width=\"10em\" height=\"10\"", "its width \"10em\" is not a length animplot weighs"),
      ("width=\"&w;\" height=\"10\"", "its width \"&w;\" is not a length"),
      ("width=\"0x10\" height=\"10\"", "its width \"0x10\" is not a length"),
      ("width=\"100%\"", "it declares no size"), ("", "it declares no size"),
      ("width=\"0\" height=\"10\"", "it declares an empty size, 0 × 10 pixels"),
      ("viewBox=\"0 0 10\"", "its viewBox \"0 0 10\" is not four numbers"),
    ] {
      do {
        _ = try SVGDeclaredSize(of: Self.document(attributes))
        Issue.record("no error for \(attributes)")
      } catch {
        #expect(error.reason.hasPrefix(reason), "\(attributes): \(error.reason)")
      }
    }
    #expect(throws: SVGSizeProblem.self) { try SVGDeclaredSize(of: Array("<html width='1' height='1'/>".utf8)) }
  }

  @Test func rsvgConvertIsGivenTheWeighedSize() throws {
    // Whatever else the document holds, rsvg-convert rasterises the size weighed.
    let (rasterizer, folder) = try Self.script("printf '%s\\n' \"$@\" > \"$(dirname \"$0\")/arguments\"; exit 3")
    defer { folder.remove() }
    #expect(throws: SVGRasterizingError.self) {
      try rasterizer.rasterize(svg: Self.document("width=\"400pt\" height=\"100%\" viewBox=\"0 0 4 1\""), name: "a.svg")
    }
    let arguments = try String(contentsOfFile: folder.path("arguments"), encoding: .utf8).split(separator: "\n")
    #expect(Array(arguments.prefix(6)) == ["--format", "png", "--width", "400pt", "--height", "133.33333333333334"])
  }

  @Test(.enabled(if: rasterizer != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
  func lengthsInUnitsRasteriseAtTheirSize() throws {
    let raster = try Self.rasterizer!.rasterize(svg: Self.document("width=\"1in\" height=\"30pt\""), name: "a.svg")
    #expect(raster.image.width == 96 && raster.image.height == 40)
  }

  #if os(Linux)
    @Test func aRasterisingPastItsProcessorTimeIsStopped() throws {
      var (rasterizer, folder) = try Self.script("while :; do :; done")
      defer { folder.remove() }
      rasterizer.processorSeconds = 1
      do {
        _ = try rasterizer.rasterize(svg: Self.svg(5), name: "slow.svg")
        Issue.record("no error")
      } catch {
        #expect(
          error.description
            == "slow.svg: cannot rasterise the SVG: rsvg-convert took more than 1 s of processor time, the limit of one SVG; it was stopped")
      }
    }
  #endif

  @Test func findLooksOnThePath() {
    #expect(SVGRasterizer.find(searchPath: "/nonexistent:/also/not") == nil)
  }
}
