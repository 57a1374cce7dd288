/// The metrics of a TrueType font, read from the font file in pure Swift: advances, character
/// map, ascent, descent and the height of "0".
///
/// Reads only the tables text measuring needs: `head` (units per em, `loca` format), `hhea`
/// (ascender, descender, number of advances), `maxp`, `hmtx`, `cmap` and, for the digit "0",
/// `loca` and `glyf`. The character map is chosen as FreeType chooses it (a UCS-4 subtable,
/// format 12, when there is one; otherwise the last Unicode subtable, format 4), so glyph
/// numbers agree with what Cairo draws. Widths are sums of whole font units scaled once, which
/// is what FreeType's unhinted linear advances give (Cairo with `CAIRO_HINT_METRICS_OFF`): the
/// two agree to about 1e-5 px. Canvases lay text out with whole-pixel advances instead
/// (`PixelFontMetrics`); these design widths are for measuring outside any raster.
public struct TrueTypeFont: FontMetrics {
  /// The size of the em square in font units.
  public let unitsPerEm: Int
  /// `hhea` ascender in font units (above the baseline).
  public let ascender: Int
  /// `hhea` descender in font units, made positive (below the baseline).
  public let descender: Int
  /// The height of the bounding box of the glyph "0" in font units.
  public let digitZeroHeight: Int

  private let advances: [UInt16]
  private let characterMap: CharacterMap
  /// Glyph numbers of U+0000…U+007F, looked up once: labels are mostly ASCII.
  private let asciiGlyphs: [UInt16]

  /// Reads the font in `data`, the bytes of a `.ttf` file.
  public init(data: UnsafeRawBufferPointer) throws(TrueTypeFontError) {
    let file = try FontFile(data)
    let head = try file.table("head", minimumLength: 54)
    unitsPerEm = Int(try head.u16(18))
    guard unitsPerEm > 0 else { throw .malformed("head.unitsPerEm is 0") }
    let longOffsets = try head.i16(50) != 0

    let hhea = try file.table("hhea", minimumLength: 36)
    ascender = Int(try hhea.i16(4))
    descender = -Int(try hhea.i16(6))
    let metricCount = Int(try hhea.u16(34))
    let glyphCount = Int(try file.table("maxp", minimumLength: 6).u16(4))
    guard metricCount > 0, metricCount <= glyphCount else {
      throw .malformed("hhea.numberOfHMetrics is \(metricCount) for \(glyphCount) glyphs")
    }
    let hmtx = try file.table("hmtx", minimumLength: 4 * metricCount)
    var advances = [UInt16](repeating: 0, count: metricCount)
    for i in 0..<metricCount { advances[i] = try hmtx.u16(4 * i) }
    self.advances = advances

    let characterMap = try CharacterMap(try file.table("cmap", minimumLength: 4))
    self.characterMap = characterMap
    asciiGlyphs = (0..<128).map { UInt16(truncatingIfNeeded: characterMap.glyph(for: UInt32($0))) }

    let zero = Int(asciiGlyphs[0x30])
    let loca = try file.table("loca", minimumLength: 0)
    let glyphStart = longOffsets ? Int(try loca.u32(4 * zero)) : 2 * Int(try loca.u16(2 * zero))
    let glyf = try file.table("glyf", minimumLength: 0)
    digitZeroHeight = Int(try glyf.i16(glyphStart + 8)) - Int(try glyf.i16(glyphStart + 4))
  }

  /// Reads the font in `data`, the bytes of a `.ttf` file.
  public init(data: [UInt8]) throws(TrueTypeFontError) {
    let result: Result<TrueTypeFont, TrueTypeFontError> = data.withUnsafeBytes { raw in
      do throws(TrueTypeFontError) { return .success(try TrueTypeFont(data: raw)) } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }

  /// The glyph drawn for `scalar`; 0 (the font's `.notdef` box) when the font has none.
  public func glyph(for scalar: Unicode.Scalar) -> Int {
    scalar.value < 128 ? Int(asciiGlyphs[Int(scalar.value)]) : characterMap.glyph(for: scalar.value)
  }

  /// The advance width of `glyph` in font units.
  public func advance(ofGlyph glyph: Int) -> Int {
    Int(advances[min(max(glyph, 0), advances.count - 1)])
  }

  /// The sum of the advances of the glyphs of `text` as drawn (`DrawnText.cut`), in font units.
  public func advanceUnits(of text: String) -> Int {
    var sum = 0
    for scalar in DrawnText.cut(text).unicodeScalars { sum += advance(ofGlyph: glyph(for: scalar)) }
    return sum
  }

  public func width(of text: String, size: Double) -> Double {
    Double(advanceUnits(of: text)) * size / Double(unitsPerEm)
  }

  public func ascent(size: Double) -> Double { Double(ascender) * size / Double(unitsPerEm) }

  public func descent(size: Double) -> Double { Double(descender) * size / Double(unitsPerEm) }

  public func digitHeight(size: Double) -> Double {
    Double(digitZeroHeight) * size / Double(unitsPerEm)
  }
}

/// Why a font file could not be read.
public enum TrueTypeFontError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file is not a TrueType font (wrong version tag) or is shorter than its table directory.
  case notTrueType
  /// A table the metrics need is absent.
  case missingTable(String)
  /// A table is shorter than its contents require.
  case truncated(table: String)
  /// A value is out of range; what was wrong.
  case malformed(String)

  public var description: String {
    switch self {
    case .notTrueType: "not a TrueType font file"
    case .missingTable(let tag): "font has no '\(tag)' table"
    case .truncated(let tag): "font table '\(tag)' is truncated"
    case .malformed(let message): "malformed font: \(message)"
    }
  }
}

/// The table directory of a font file.
private struct FontFile {
  let data: UnsafeRawBufferPointer
  let tables: [String: Range<Int>]

  init(_ data: UnsafeRawBufferPointer) throws(TrueTypeFontError) {
    self.data = data
    let header = Table(tag: "", bytes: data)
    guard data.count >= 12, let version = try? header.u32(0),
      version == 0x0001_0000 || version == 0x7472_7565
    else { throw .notTrueType }
    let count = Int(try header.u16(4))
    guard data.count >= 12 + 16 * count else { throw .notTrueType }
    var tables: [String: Range<Int>] = [:]
    for i in 0..<count {
      let record = 12 + 16 * i
      let tag = String(decoding: data[record..<record + 4], as: UTF8.self)
      let offset = Int(try header.u32(record + 8))
      let length = Int(try header.u32(record + 12))
      guard offset <= data.count, length <= data.count - offset else {
        throw .truncated(table: tag)
      }
      tables[tag] = offset..<offset + length
    }
    self.tables = tables
  }

  func table(_ tag: String, minimumLength: Int) throws(TrueTypeFontError) -> Table {
    guard let range = tables[tag] else { throw .missingTable(tag) }
    guard range.count >= minimumLength else { throw .truncated(table: tag) }
    return Table(tag: tag, bytes: UnsafeRawBufferPointer(rebasing: data[range]))
  }
}

/// One table's bytes with bounds-checked big-endian reads.
private struct Table {
  let tag: String
  let bytes: UnsafeRawBufferPointer

  func u8(_ offset: Int) throws(TrueTypeFontError) -> UInt8 {
    guard offset >= 0, offset < bytes.count else { throw .truncated(table: tag) }
    return bytes[offset]
  }

  func u16(_ offset: Int) throws(TrueTypeFontError) -> UInt16 {
    UInt16(try u8(offset)) << 8 | UInt16(try u8(offset + 1))
  }

  func i16(_ offset: Int) throws(TrueTypeFontError) -> Int16 { Int16(bitPattern: try u16(offset)) }

  func u32(_ offset: Int) throws(TrueTypeFontError) -> UInt32 {
    UInt32(try u16(offset)) << 16 | UInt32(try u16(offset + 2))
  }

  func subtable(at offset: Int) throws(TrueTypeFontError) -> Table {
    guard offset >= 0, offset <= bytes.count else { throw .truncated(table: tag) }
    return Table(tag: tag, bytes: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
  }
}

/// A `cmap` subtable: code point → glyph number.
private enum CharacterMap: Sendable {
  /// Format 12: sequential groups `start...end` → `startGlyph...`.
  case groups([Group])
  /// Format 4: segments of the Basic Multilingual Plane.
  case segments(Segments)

  struct Group: Sendable {
    var start: UInt32, end: UInt32, startGlyph: UInt32
  }

  struct Segments: Sendable {
    var ends: [UInt16], starts: [UInt16], deltas: [UInt16], rangeOffsets: [UInt16]
    /// The rest of the subtable after `idRangeOffset`, as 16-bit words.
    var glyphIDs: [UInt16]
  }

  /// Picks the subtable FreeType picks: the last UCS-4 one (3,10 or 0,4), else the last Unicode
  /// one (platform 0, or 3 with encoding 1).
  init(_ cmap: Table) throws(TrueTypeFontError) {
    let count = Int(try cmap.u16(2))
    var ucs4: Int?
    var ucs2: Int?
    for i in 0..<count {
      let platform = try cmap.u16(4 + 8 * i)
      let encoding = try cmap.u16(6 + 8 * i)
      let offset = Int(try cmap.u32(8 + 8 * i))
      if (platform == 3 && encoding == 10) || (platform == 0 && encoding == 4) {
        ucs4 = offset
      } else if platform == 0 || (platform == 3 && encoding == 1) {
        ucs2 = offset
      }
    }
    guard let offset = ucs4 ?? ucs2 else { throw .malformed("no Unicode character map") }
    let table = try cmap.subtable(at: offset)
    switch try table.u16(0) {
    case 12:
      let groupCount = Int(try table.u32(12))
      var groups: [Group] = []
      groups.reserveCapacity(groupCount)
      for i in 0..<groupCount {
        let g = 16 + 12 * i
        groups.append(
          Group(
            start: try table.u32(g), end: try table.u32(g + 4), startGlyph: try table.u32(g + 8)))
      }
      self = .groups(groups)
    case 4:
      let length = Int(try table.u16(2))
      let segmentCount = Int(try table.u16(6)) / 2
      func words(_ start: Int, _ count: Int) throws(TrueTypeFontError) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: count)
        for i in 0..<count { out[i] = try table.u16(start + 2 * i) }
        return out
      }
      let ends = 14
      let starts = ends + 2 * segmentCount + 2
      let deltas = starts + 2 * segmentCount
      let rangeOffsets = deltas + 2 * segmentCount
      let glyphIDs = rangeOffsets + 2 * segmentCount
      self = .segments(
        Segments(
          ends: try words(ends, segmentCount), starts: try words(starts, segmentCount),
          deltas: try words(deltas, segmentCount),
          rangeOffsets: try words(rangeOffsets, segmentCount),
          glyphIDs: try words(glyphIDs, max(0, (min(length, table.bytes.count) - glyphIDs) / 2))))
    case let format:
      throw .malformed("unsupported character map format \(format)")
    }
  }

  func glyph(for code: UInt32) -> Int {
    switch self {
    case .groups(let groups):
      var low = 0
      var high = groups.count
      while low < high {
        let mid = (low + high) / 2
        if groups[mid].end < code { low = mid + 1 } else { high = mid }
      }
      guard low < groups.count, groups[low].start <= code else { return 0 }
      return Int(groups[low].startGlyph + (code - groups[low].start))
    case .segments(let s):
      guard code <= 0xFFFF else { return 0 }
      let c = UInt16(code)
      var low = 0
      var high = s.ends.count
      while low < high {
        let mid = (low + high) / 2
        if s.ends[mid] < c { low = mid + 1 } else { high = mid }
      }
      guard low < s.ends.count, s.starts[low] <= c else { return 0 }
      if s.rangeOffsets[low] == 0 { return Int(c &+ s.deltas[low]) }
      // idRangeOffset counts bytes from its own slot; glyphIDs start after the last slot.
      let index = Int(s.rangeOffsets[low]) / 2 + Int(c - s.starts[low]) - (s.ends.count - low)
      guard index >= 0, index < s.glyphIDs.count, s.glyphIDs[index] != 0 else { return 0 }
      return Int(s.glyphIDs[index] &+ s.deltas[low])
    }
  }
}
