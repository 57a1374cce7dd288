import AnimplotCairo
import AnimplotCanvas
import Testing

/// Each primitive lands on the pixels it should; sizes, scale and errors.
@Suite("CairoCanvas drawing")
struct CairoCanvasDrawingTests {
  /// The RGBA of pixel (x, y).
  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * image.width + x) * 4
    return Array(image.pixels[i..<i + 4])
  }

  /// The smallest box holding every pixel whose red channel is above `threshold`.
  func inkBox(_ image: RGBAImage, threshold: UInt8 = 0) -> (
    minX: Int, minY: Int, maxX: Int, maxY: Int
  )? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[(y * image.width + x) * 4] > threshold {
        box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
      }
    }
    return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
  }

  func blackCanvas(_ width: Int, _ height: Int, scale: Double = 1) throws -> CairoCanvas {
    let canvas = try CairoCanvas(width: width, height: height, scale: scale, format: .png)
    canvas.fill(
      .rect(Rect(x: 0, y: 0, width: Double(width), height: Double(height))), color: .black)
    return canvas
  }

  /// `fill(rects:)` (pixman's boxes on a raster) paints what `fill` of the same rectangles
  /// paints: at scale 2, translated, in a clip, with an opaque colour and a translucent one,
  /// rectangles reaching past the surface cut to it.
  @Test func fillRectsPaintsAsFillDoes() throws {
    let rects = [
      Rect(x: -5, y: 1, width: 8, height: 3), Rect(x: 4, y: 2, width: 1.5, height: 20), Rect(x: 9, y: -3, width: 30, height: 4.5),
    ]
    for color in [Color(bytes: 255, 51, 82), Color(bytes: 40, 200, 90).withAlpha(0.4)] {
      var images: [RGBAImage] = []
      for boxes in [false, true] {
        let canvas = try blackCanvas(20, 10, scale: 2)
        canvas.save()
        canvas.concatenate(.translation(1, 0.5))
        canvas.clip(to: Rect(x: 0, y: 0, width: 14, height: 8))
        if boxes { canvas.fill(rects: rects, color: color) } else { canvas.fill(Path.rect(rects[0]), color: color) }
        if !boxes {
          for rect in rects.dropFirst() { canvas.fill(Path.rect(rect), color: color) }
        }
        canvas.restore()
        images.append(canvas.image())
      }
      #expect(images[0] == images[1])
      #expect(inkBox(images[1]) != nil)
    }
  }

  @Test("a new canvas is transparent; fill covers whole pixels exactly")
  func fillRect() throws {
    let canvas = try CairoCanvas(width: 20, height: 10, format: .png)
    #expect(canvas.image().pixels.allSatisfy { $0 == 0 })
    canvas.fill(.rect(Rect(x: 2, y: 3, width: 4, height: 5)), color: Color(bytes: 255, 51, 82))
    let image = canvas.image()
    #expect(pixel(image, 2, 3) == [255, 51, 82, 255])
    #expect(pixel(image, 5, 7) == [255, 51, 82, 255])
    #expect(pixel(image, 6, 7) == [0, 0, 0, 0])
    #expect(pixel(image, 1, 3) == [0, 0, 0, 0])
    #expect(pixel(image, 2, 8) == [0, 0, 0, 0])
  }

  @Test("a 1 px stroke on a pixel centre fills one row; a translucent colour is blended")
  func strokeLine() throws {
    let canvas = try blackCanvas(20, 10)
    canvas.stroke(
      .line(from: Point(0, 4.5), to: Point(20, 4.5)), color: .white, style: StrokeStyle())
    canvas.stroke(
      .line(from: Point(10.5, 0), to: Point(10.5, 10)), color: Color(bytes: 255, 0, 0, 128),
      style: StrokeStyle())
    let image = canvas.image()
    #expect(pixel(image, 3, 4) == [255, 255, 255, 255])
    #expect(pixel(image, 3, 3) == [0, 0, 0, 255])
    #expect(pixel(image, 3, 5) == [0, 0, 0, 255])
    #expect(pixel(image, 10, 1) == [128, 0, 0, 255])
  }

  @Test("dashes: 4 px on, 2 px off, with a phase; caps")
  func dashes() throws {
    let canvas = try blackCanvas(24, 6)
    canvas.stroke(
      .line(from: Point(0, 1.5), to: Point(24, 1.5)), color: .white,
      style: StrokeStyle(dash: [4, 2]))
    canvas.stroke(
      .line(from: Point(0, 3.5), to: Point(24, 3.5)), color: .white,
      style: StrokeStyle(dash: [4, 2], dashPhase: 1))
    let image = canvas.image()
    let row1 = (0..<12).map { pixel(image, $0, 1)[0] }
    let row3 = (0..<12).map { pixel(image, $0, 3)[0] }
    #expect(row1 == [255, 255, 255, 255, 0, 0, 255, 255, 255, 255, 0, 0])
    #expect(row3 == [255, 255, 255, 0, 0, 255, 255, 255, 255, 0, 0, 255])

    let capped = try blackCanvas(20, 20)
    capped.stroke(
      .line(from: Point(5, 10), to: Point(15, 10)), color: .white,
      style: StrokeStyle(width: 4, cap: .square))
    #expect(inkBox(capped.image()).map { [$0.minX, $0.maxX, $0.minY, $0.maxY] } == [3, 16, 8, 11])
  }

  @Test("clip limits drawing until restore; a transform moves drawing until restore")
  func clipAndTransform() throws {
    let canvas = try blackCanvas(20, 20)
    canvas.save()
    canvas.clip(to: Rect(x: 5, y: 5, width: 5, height: 5))
    canvas.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 20)), color: .white)
    canvas.restore()
    #expect(inkBox(canvas.image()).map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [5, 5, 9, 9])

    canvas.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 20)), color: .black)
    canvas.save()
    canvas.concatenate(.translation(10, 2))
    canvas.concatenate(.scale(2, 3))
    canvas.fill(.rect(Rect(x: 0, y: 0, width: 2, height: 1)), color: .white)
    canvas.restore()
    canvas.fill(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), color: .white)
    #expect(inkBox(canvas.image()).map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [0, 0, 13, 4])
    #expect(pixel(canvas.image(), 10, 2) == [255, 255, 255, 255])
    #expect(pixel(canvas.image(), 5, 2) == [0, 0, 0, 255])
  }

  @Test("scale 2 doubles the pixel size and everything drawn")
  func hiDPI() throws {
    let canvas = try blackCanvas(30, 20, scale: 2)
    #expect(canvas.size == Size(30, 20))
    #expect((canvas.pixelWidth, canvas.pixelHeight) == (60, 40))
    canvas.fill(.rect(Rect(x: 10, y: 5, width: 4, height: 3)), color: .white)
    let image = canvas.image()
    #expect((image.width, image.height) == (60, 40))
    #expect(inkBox(image).map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [20, 10, 27, 15])
    let header = pngHeader(try canvas.finish())
    #expect((header.width, header.height) == (60, 40))

    let fractional = try CairoCanvas(width: 3, height: 3, scale: 1.5, format: .png)
    #expect((fractional.pixelWidth, fractional.pixelHeight) == (5, 5))
  }

  @Test(
    "text: the anchor point sits left/centre/right of the advance, on the baseline, at half the digit height, or at the ascent",
    arguments: [TextAnchor.Horizontal.left, .center, .right])
  func textAnchors(horizontal: TextAnchor.Horizontal) throws {
    let size = 40.0
    let point = Point(100, 60)
    let metrics = BundledFont.metrics
    let unit = size / 2048  // "0": advance 1303, ink x 135…1167, y −29…1520 (font units)
    let advance = 1303 * unit
    let originX: Double
    switch horizontal {
    case .left: originX = point.x
    case .center: originX = point.x - advance / 2
    case .right: originX = point.x - advance
    }
    for vertical in [TextAnchor.Vertical.baseline, .middle, .top] {
      let canvas = try blackCanvas(200, 120)
      canvas.text(
        "0", at: point, style: TextStyle(size: size, color: .white),
        anchor: TextAnchor(horizontal, vertical))
      let baseline: Double
      switch vertical {
      case .baseline: baseline = point.y
      case .middle: baseline = point.y + metrics.digitHeight(size: size) / 2
      case .top: baseline = point.y + metrics.ascent(size: size)
      }
      let box = try #require(inkBox(canvas.image()))
      // Cairo 1.16 places glyphs on whole pixels, and antialiasing adds up to a pixel.
      #expect(abs(Double(box.minX) - (originX + 135 * unit)) <= 1.5, "\(horizontal),\(vertical)")
      #expect(
        abs(Double(box.maxX + 1) - (originX + 1167 * unit)) <= 1.5, "\(horizontal),\(vertical)")
      #expect(abs(Double(box.minY) - (baseline - 1520 * unit)) <= 1.5, "\(horizontal),\(vertical)")
      #expect(
        abs(Double(box.maxY + 1) - (baseline + 29 * unit)) <= 1.5, "\(horizontal),\(vertical)")
    }
  }

  @Test("text is antialiased in grey: intermediate values, equal channels for white on black")
  func textAntialiasing() throws {
    let canvas = try blackCanvas(60, 20)
    canvas.text(
      "13 Frame", at: Point(2, 14), style: TextStyle(size: 11, color: .white), anchor: TextAnchor())
    let image = canvas.image()
    var grey = 0
    for i in Swift.stride(from: 0, to: image.pixels.count, by: 4) {
      let (r, g, b) = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
      #expect(r == g && g == b)
      if r > 0 && r < 255 { grey += 1 }
    }
    #expect(grey > 20)
  }

  @Test(
    "sizes below one device pixel or above 32767 throw instead of crashing",
    arguments: [
      (0, 10, 1.0), (10, 0, 1), (-5, 10, 1), (10, 10, 0), (10, 10, -1), (10, 10, .nan),
      (10, 10, .infinity),
      (40_000, 10, 1), (20_000, 10, 2), (10, 10, 0.01),
    ])
  func invalidSizes(width: Int, height: Int, scale: Double) {
    for format in CairoCanvas.Format.allCases {
      #expect(throws: CairoCanvasError.self) {
        _ = try CairoCanvas(width: width, height: height, scale: scale, format: format)
      }
    }
  }

  @Test("drawing errors are reported by finish(): unbalanced restore, singular transform, bad dash")
  func stickyErrors() throws {
    let cases: [(String, (CairoCanvas) -> Void)] = [
      ("restore", { $0.restore() }),
      ("matrix", { $0.concatenate(.scale(0, 0)) }),
      (
        "dash",
        {
          $0.stroke(
            .line(from: .zero, to: Point(5, 5)), color: .white, style: StrokeStyle(dash: [-1, 2]))
        }
      ),
    ]
    for (name, draw) in cases {
      for format in CairoCanvas.Format.allCases {
        let canvas = try CairoCanvas(width: 10, height: 10, format: format)
        draw(canvas)
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 5, height: 5)), color: .white)  // a no-op now
        #expect(throws: CairoCanvasError.self, "\(name), \(format)") { try canvas.finish() }
      }
    }
  }

  @Test("finish() twice throws alreadyFinished; a canvas never finished is released cleanly")
  func finishTwice() throws {
    for format in CairoCanvas.Format.allCases {
      let canvas = try CairoCanvas(width: 10, height: 10, format: format)
      _ = try canvas.finish()
      #expect(throws: CairoCanvasError.alreadyFinished) { try canvas.finish() }
      let unfinished = try CairoCanvas(width: 10, height: 10, format: format)
      drawSampleScene(on: unfinished)
    }
  }

  @Test("errors describe themselves in one line")
  func errorDescriptions() {
    #expect(
      CairoCanvasError.invalidSize(width: 0, height: 10, scale: 1).description
        == "invalid canvas size 0×10 at scale 1.0: each side must be at least 1 pixel and at most 32767 device pixels"
    )
    #expect(CairoCanvasError.alreadyFinished.description == "the canvas was already finished")
  }
}
