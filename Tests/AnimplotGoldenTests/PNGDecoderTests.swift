import AnimplotCairo
import AnimplotCanvas
import AnimplotTestSupport
import Testing

/// Every kind of PNG decodes to the same 8-bit RGBA pixels; broken files give typed errors.
@Suite struct PNGDecoderTests {
  // A 9×7 picture (odd sizes leave Adam7's passes uneven) in four colours, one half
  // transparent and one fully transparent, which every colour type can express.
  static let width = 9, height = 7
  static let palette: [(UInt8, UInt8, UInt8, UInt8)] = [
    (200, 30, 40, 255), (20, 120, 220, 128), (10, 20, 30, 0), (250, 250, 250, 255),
  ]
  static let indices = (0..<height).flatMap { y in (0..<width).map { x in (x + 2 * y) % 4 } }

  static func reference(_ transform: ((UInt8, UInt8, UInt8, UInt8)) -> [UInt8]) -> RGBAImage {
    RGBAImage(width: width, height: height, pixels: indices.flatMap { transform(palette[$0]) })
  }

  static let rgba = reference { [$0.0, $0.1, $0.2, $0.3] }
  static let opaque = reference { [$0.0, $0.1, $0.2, 255] }
  /// Greys 0, 85, 170, 255: exact at 2, 4, 8 and 16 bits.
  static let greys = [0, 85, 170, 255]
  static let grey = RGBAImage(
    width: width, height: height,
    pixels: indices.flatMap { [UInt8(greys[$0]), UInt8(greys[$0]), UInt8(greys[$0]), 255] })

  static func fixture(
    _ colorType: PNGFixture.ColorType, _ bitDepth: Int, _ samples: [Int], interlaced: Bool
  ) -> [UInt8] {
    PNGFixture(
      width: width, height: height, colorType: colorType, bitDepth: bitDepth, samples: samples,
      interlaced: interlaced
    ).encode()
  }

  /// 8-bit sample values stored at 8 or 16 bits (v·257 is v exactly at 16).
  static func samples(_ values: [Int], bitDepth: Int) -> [Int] {
    bitDepth == 16 ? values.map { $0 * 257 } : values
  }

  @Test(arguments: [8, 16], [false, true])
  func rgbaDecodesExactly(bitDepth: Int, interlaced: Bool) throws {
    let values = Self.rgba.pixels.map(Int.init)
    let bytes = Self.fixture(
      .rgba, bitDepth, Self.samples(values, bitDepth: bitDepth), interlaced: interlaced)
    #expect(try PNGDecoder.decode(bytes: bytes) == Self.rgba)
  }

  /// Every scanline filter, through libpng (8-bit) and through the de-interlacing workaround
  /// for libpng's 16-bit interlaced bug (see `PNGDeinterlacer`).
  @Test(arguments: [8, 16], [0, 1, 2, 3, 4] as [UInt8])
  func everyFilterDecodes(bitDepth: Int, filter: UInt8) throws {
    var fixture = PNGFixture(
      width: Self.width, height: Self.height, colorType: .rgba, bitDepth: bitDepth,
      samples: Self.samples(Self.rgba.pixels.map(Int.init), bitDepth: bitDepth),
      interlaced: true)
    fixture.filter = filter
    #expect(try PNGDecoder.decode(bytes: fixture.encode()) == Self.rgba)
  }

  @Test func corruptSixteenBitInterlacedFileIsReported() throws {
    var bytes = Self.fixture(
      .rgba, 16, Self.samples(Self.rgba.pixels.map(Int.init), bitDepth: 16), interlaced: true)
    let idat = try #require(Self.offset(of: "IDAT", in: bytes))
    bytes[idat + 30] ^= 0xFF
    #expect(throws: PNGDecodingError.malformed("IDAT: CRC error")) {
      try PNGDecoder.decode(bytes: bytes)
    }
  }

  @Test(arguments: [8, 16], [false, true])
  func rgbDecodesOpaque(bitDepth: Int, interlaced: Bool) throws {
    let values = Self.indices.flatMap { i in
      [Self.palette[i].0, Self.palette[i].1, Self.palette[i].2].map(Int.init)
    }
    let bytes = Self.fixture(
      .rgb, bitDepth, Self.samples(values, bitDepth: bitDepth), interlaced: interlaced)
    #expect(try PNGDecoder.decode(bytes: bytes) == Self.opaque)
  }

  @Test(arguments: [1, 2, 4, 8], [false, true])
  func paletteWithTransparencyDecodes(bitDepth: Int, interlaced: Bool) throws {
    // At 1 bit the palette holds only the first two colours.
    let colours = bitDepth == 1 ? Array(Self.palette.prefix(2)) : Self.palette
    let indices = Self.indices.map { $0 % colours.count }
    var fixture = PNGFixture(
      width: Self.width, height: Self.height, colorType: .palette, bitDepth: bitDepth,
      samples: indices, interlaced: interlaced)
    fixture.palette = colours.map { ($0.0, $0.1, $0.2) }
    fixture.transparency = colours.map(\.3)
    let expected = RGBAImage(
      width: Self.width, height: Self.height,
      pixels: indices.flatMap {
        let c = Self.palette[$0]
        return [c.0, c.1, c.2, c.3]
      })
    #expect(try PNGDecoder.decode(bytes: fixture.encode()) == expected)
  }

  @Test(arguments: [2, 4, 8, 16], [false, true])
  func greyExpandsToRGB(bitDepth: Int, interlaced: Bool) throws {
    let levels = (1 << min(bitDepth, 8)) - 1  // 3, 15, 255
    let values = Self.indices.map {
      bitDepth == 16 ? Self.greys[$0] * 257 : Self.greys[$0] * levels / 255
    }
    let bytes = Self.fixture(.grey, bitDepth, values, interlaced: interlaced)
    #expect(try PNGDecoder.decode(bytes: bytes) == Self.grey)
  }

  @Test func oneBitGreyIsBlackAndWhite() throws {
    let bits = Self.indices.map { $0 % 2 }
    let bytes = Self.fixture(.grey, 1, bits, interlaced: false)
    let expected = RGBAImage(
      width: Self.width, height: Self.height,
      pixels: bits.flatMap { $0 == 1 ? [255, 255, 255, 255] : [0, 0, 0, 255] })
    #expect(try PNGDecoder.decode(bytes: bytes) == expected)
  }

  @Test(arguments: [8, 16])
  func greyAlphaDecodes(bitDepth: Int) throws {
    let values = Self.indices.flatMap { [Self.greys[$0], Int(Self.palette[$0].3)] }
    let bytes = Self.fixture(
      .greyAlpha, bitDepth, Self.samples(values, bitDepth: bitDepth), interlaced: true)
    let expected = RGBAImage(
      width: Self.width, height: Self.height,
      pixels: Self.indices.flatMap { i in
        let g = UInt8(Self.greys[i])
        return [g, g, g, Self.palette[i].3]
      })
    #expect(try PNGDecoder.decode(bytes: bytes) == expected)
  }

  @Test func colourKeyBecomesTransparent() throws {
    // tRNS on an RGB image names one colour that is fully transparent.
    let values = Self.indices.flatMap { i in
      [Self.palette[i].0, Self.palette[i].1, Self.palette[i].2].map(Int.init)
    }
    var fixture = PNGFixture(
      width: Self.width, height: Self.height, colorType: .rgb, bitDepth: 8, samples: values)
    fixture.transparency = [0, 20, 0, 120, 0, 220]
    let decoded = try PNGDecoder.decode(bytes: fixture.encode())
    for (n, i) in Self.indices.enumerated() {
      #expect(decoded.pixels[n * 4 + 3] == (i == 1 ? 0 : 255))
    }
  }

  @Test func sixteenBitSamplesAreScaledWithRounding() throws {
    // 0x12FF·255/65535 = 18.92: scaling gives 19 where stripping the low byte would give 18.
    let bytes = PNGFixture(
      width: 1, height: 1, colorType: .rgb, bitDepth: 16, samples: [0x12FF, 0x1280, 0xFFFF]
    ).encode()
    #expect(try PNGDecoder.decode(bytes: bytes).pixels == [19, 18, 255, 255])
  }

  // MARK: full depth

  /// Samples that 8 bits cannot hold: each differs from its neighbours in the low byte.
  static func deepSamples(channels: Int) -> [Int] {
    (0..<width * height * channels).map { ($0 * 7919 + 0x1234) % 65536 }
  }

  @Test(arguments: [PNGFixture.ColorType.rgba, .rgb, .grey, .greyAlpha], [false, true])
  func sixteenBitSamplesAreKeptAsStored(colorType: PNGFixture.ColorType, interlaced: Bool) throws {
    let samples = Self.deepSamples(channels: colorType.channels)
    var fixture = PNGFixture(
      width: Self.width, height: Self.height, colorType: colorType, bitDepth: 16,
      samples: samples, interlaced: interlaced)
    fixture.filter = 4
    let bytes = fixture.encode()
    let decoded = try PNGDecoder.decodeKeepingDepth(bytes: bytes)
    #expect(decoded.image == (try PNGDecoder.decode(bytes: bytes)))
    let wide = try #require(decoded.samples16)
    let n = colorType.channels
    let expected: [UInt16] = (0..<Self.width * Self.height).flatMap { p -> [Int] in
      let s = Array(samples[p * n..<(p + 1) * n])
      switch colorType {
      case .grey: return [s[0], s[0], s[0], 65535]
      case .greyAlpha: return [s[0], s[0], s[0], s[1]]
      case .rgb: return s + [65535]
      default: return s
      }
    }.map { UInt16($0) }
    #expect(wide == expected)
  }

  @Test func sixteenBitColourKeyIsTransparentAtFullDepth() throws {
    var fixture = PNGFixture(
      width: 2, height: 1, colorType: .rgb, bitDepth: 16,
      samples: [0x1001, 0x2002, 0x3003, 0x1001, 0x2002, 0x3004])
    fixture.transparency = [0x10, 0x01, 0x20, 0x02, 0x30, 0x03]
    let wide = try #require(try PNGDecoder.decodeKeepingDepth(bytes: fixture.encode()).samples16)
    #expect(wide == [0x1001, 0x2002, 0x3003, 0, 0x1001, 0x2002, 0x3004, 65535])
  }

  @Test(arguments: [1, 2, 4, 8])
  func eightBitsOrFewerKeepNoSamples(bitDepth: Int) throws {
    let bytes = Self.fixture(.grey, bitDepth, Self.indices.map { $0 % 2 }, interlaced: false)
    let decoded = try PNGDecoder.decodeKeepingDepth(bytes: bytes)
    #expect(decoded.samples16 == nil)
    #expect(decoded.image == (try PNGDecoder.decode(bytes: bytes)))
  }

  // MARK: broken files

  static let valid = fixture(.rgba, 8, rgba.pixels.map(Int.init), interlaced: false)

  @Test func emptyFile() {
    #expect(throws: PNGDecodingError.empty) { try PNGDecoder.decode(bytes: []) }
  }

  @Test func notAPNG() {
    #expect(throws: PNGDecodingError.notPNG) {
      try PNGDecoder.decode(bytes: Array("GIF89a, not a PNG".utf8))
    }
    #expect(throws: PNGDecodingError.notPNG) {
      try PNGDecoder.decode(bytes: Array(Self.valid.prefix(5)))
    }
  }

  @Test(arguments: [9, 20, 40, valid.count / 2, valid.count - 12, valid.count - 1])
  func truncatedFile(length: Int) {
    #expect(throws: PNGDecodingError.truncated) {
      try PNGDecoder.decode(bytes: Array(Self.valid.prefix(length)))
    }
  }

  @Test func badChecksum() throws {
    var bytes = Self.valid
    let idat = try #require(Self.offset(of: "IDAT", in: bytes))
    bytes[idat + 30] ^= 0xFF  // a pixel byte of the first IDAT; its CRC no longer matches
    let error = try #require(throws: PNGDecodingError.self) { try PNGDecoder.decode(bytes: bytes) }
    #expect(error == .malformed("IDAT: CRC error"))
  }

  @Test func corruptCompressedData() throws {
    // Garbage in place of the zlib stream, under a correct CRC.
    let header = Self.valid[8..<33]  // the IHDR chunk
    let bytes =
      PNGFixture.signature + header
      + PNGChunks.chunk("IDAT", [0x78, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0])
      + PNGChunks.chunk("IEND", [])
    let error = try #require(throws: PNGDecodingError.self) { try PNGDecoder.decode(bytes: bytes) }
    guard case .malformed(let message) = error else {
      Issue.record("expected .malformed, got \(error)")
      return
    }
    #expect(!message.isEmpty)
  }

  @Test func invalidHeader() throws {
    let bytes = PNGFixture(width: 0, height: 3, colorType: .rgb, bitDepth: 8, samples: []).encode()
    let error = try #require(throws: PNGDecodingError.self) { try PNGDecoder.decode(bytes: bytes) }
    guard case .malformed = error else {
      Issue.record("expected .malformed, got \(error)")
      return
    }
  }

  @Test func hugeDeclaredSizeIsRefusedBeforeAllocating() throws {
    var header = PNGFixture.bigEndian(100_000) + PNGFixture.bigEndian(100_000)
    header += [8, 6, 0, 0, 0]
    let bytes =
      PNGFixture.signature + PNGChunks.chunk("IHDR", header)
      + PNGChunks.chunk("IDAT", PNGFixture.zlibStored([0])) + PNGChunks.chunk("IEND", [])
    #expect(throws: PNGDecodingError.tooLarge(width: 100_000, height: 100_000)) {
      try PNGDecoder.decode(bytes: bytes)
    }
  }

  @Test func errorsReadAsOneLine() {
    let errors: [PNGDecodingError] = [
      .empty, .notPNG, .truncated, .tooLarge(width: 1, height: 2), .malformed("IDAT: CRC error"),
    ]
    for error in errors {
      #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }
    #expect(
      PNGDecodingError.malformed("IDAT: CRC error").description
        == "corrupt PNG file: IDAT: CRC error")
  }

  static func offset(of type: String, in bytes: [UInt8]) -> Int? {
    let pattern = Array(type.utf8)
    return (0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(pattern) }.map { $0 - 4 }
  }
}
