import AnimplotCanvas
import Testing

@testable import AnimplotCairo

/// PNG files written through libpng decode (with Cairo's own reader) to the pixels drawn.
@Suite("PNG encoding")
struct PNGEncoderTests {
  @Test(
    "an opaque canvas is written as 8-bit RGB and decodes to its pixels",
    arguments: PNGCompression.allCases)
  func opaqueRoundTrip(compression: PNGCompression) throws {
    let canvas = try CairoCanvas(width: 480, height: 270, format: .png, pngCompression: compression)
    drawSampleScene(on: canvas)
    let png = try canvas.finish()
    let header = pngHeader(png)
    #expect((header.width, header.height, header.colorType) == (480, 270, 2))
    #expect(decodePNGWithCairo(png) == canvas.image())
  }

  @Test(
    "a canvas with transparent pixels is written as RGBA, un-premultiplied",
    arguments: PNGCompression.allCases)
  func transparentRoundTrip(compression: PNGCompression) throws {
    let canvas = try CairoCanvas(width: 64, height: 32, format: .png, pngCompression: compression)
    canvas.fill(.circle(center: Point(20, 16), radius: 12), color: Color(bytes: 255, 51, 82, 200))
    canvas.text(
      "Ab", at: Point(40, 20), style: TextStyle(size: 13, color: .white.withAlpha(0.6)),
      anchor: TextAnchor())
    let png = try canvas.finish()
    #expect(pngHeader(png).colorType == 6)
    let image = canvas.image()
    #expect(decodePNGWithCairo(png) == image)
    // Straight alpha: the inside of the circle keeps its colour under partial alpha.
    let i = (16 * 64 + 20) * 4
    #expect(Array(image.pixels[i..<i + 4]) == [255, 51, 82, 200])
  }

  @Test(
    "RGBAImage: opaque images become RGB, others RGBA; pixels survive",
    arguments: PNGCompression.allCases)
  func imageRoundTrip(compression: PNGCompression) throws {
    var pixels: [UInt8] = []
    for y in 0..<40 {
      for x in 0..<50 { pixels += [UInt8(x * 5), UInt8(y * 6), UInt8((x * y) % 256), 255] }
    }
    let opaque = RGBAImage(width: 50, height: 40, pixels: pixels)
    let rgb = PNGEncoder.encode(opaque, compression: compression)
    #expect(pngHeader(rgb).colorType == 2)
    #expect(decodePNGWithCairo(rgb) == opaque)

    // Alpha 255 or 0 (with zero colour), which survive Cairo's premultiplied decoding exactly.
    var holes = opaque
    for i in Swift.stride(from: 0, to: holes.pixels.count, by: 28) {
      holes.pixels.replaceSubrange(i..<i + 4, with: [0, 0, 0, 0])
    }
    let rgba = PNGEncoder.encode(holes, compression: compression)
    #expect(pngHeader(rgba).colorType == 6)
    #expect(decodePNGWithCairo(rgba) == holes)
  }

  @Test(
    "large pictures, deflated in bands on every core, decode to their pixels and do not depend on the cores",
    arguments: [(1201, 901, true), (1000, 1000, false), (300, 129, true)])
  func bandedRoundTrip(width: Int, height: Int, opaque: Bool) throws {
    func render() throws -> (png: [UInt8], image: RGBAImage) {
      let canvas = try CairoCanvas(width: width, height: height, format: .png, pngCompression: .fast)
      if opaque { drawSampleScene(on: canvas) }
      canvas.stroke(
        .line(from: Point(0, 0), to: Point(Double(width), Double(height))), color: .white.withAlpha(0.5),
        style: StrokeStyle(width: 3))
      canvas.fill(.circle(center: Point(20, 16), radius: 12), color: Color(bytes: 255, 51, 82, 200))
      let image = canvas.image()
      return (try canvas.finish(), image)
    }
    let (png, image) = try render()
    #expect(pngHeader(png).colorType == (opaque ? 2 : 6))
    #expect(decodePNGWithCairo(png) == image)
    #expect(try render().png == png)
    // The same bytes when the bands are compressed one after the other, as on one core.
    let pixels = image.pixels
    let serial = BandedPNGWriter.write(
      width: width, height: height, alpha: !opaque, level: PNGSettings.rleUp.level,
      strategy: PNGSettings.rleUp.strategy, parallel: false
    ) { y, scratch in
      pixels.withUnsafeBufferPointer { all in
        let rgba = all.baseAddress! + y * width * 4
        if opaque {
          for x in 0..<width { for c in 0..<3 { scratch[3 * x + c] = rgba[4 * x + c] } }
        } else {
          scratch.update(from: rgba, count: 4 * width)
        }
      }
      return UnsafePointer(scratch)
    }
    #expect(serial == png)
  }

  @Test("the compressions rank as measured on a plot: small ≤ default ≤ fast in size")
  func sizesRank() throws {
    let canvas = try CairoCanvas(width: 480, height: 270, format: .png)
    drawSampleScene(on: canvas)
    let sizes = canvas.withSurfacePixels { pixels in
      PNGCompression.allCases.map { PNGEncoder.encode(argb32: pixels, compression: $0).count }
    }
    #expect(sizes[2] <= sizes[1] && sizes[1] <= sizes[0], "fast, default, small: \(sizes)")
  }

  @Test("no ancillary chunks: IHDR, IDAT…, IEND only")
  func chunks() throws {
    let canvas = try CairoCanvas(width: 16, height: 16, format: .png)
    canvas.fill(.rect(Rect(x: 0, y: 0, width: 16, height: 16)), color: .white)
    let png = try canvas.finish()
    var offset = 8
    var types: [String] = []
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    #expect(types.first == "IHDR" && types.last == "IEND")
    #expect(Set(types) == ["IHDR", "IDAT", "IEND"])
  }
}
