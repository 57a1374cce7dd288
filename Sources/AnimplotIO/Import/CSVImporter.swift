import AnimplotCore
import AnimplotPlatform
import AnimplotText

/// Samples in CSV as an action (docs/import.md): a header `frame,<channel>,...` (or `time` in
/// seconds, turned into frames at the fps), then one row of numbers per sample.
///
/// Fields follow RFC 4180 (quotes around fields that hold commas, `""` for a quote, CRLF or
/// LF). Each channel becomes a track keyed at every row; `linear` joins samples with straight
/// lines, `hermite` with the smooth curve through them whose tangents come from the
/// neighbours (cardinal spline: `(1 − tension)` times the slope between the neighbours),
/// written as Bézier handles a third of each interval long, so the curve passes through every
/// sample. A header `location[0]` names Blender's `dataPath` and index.
enum CSVImporter {
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, context: DecodeContext) throws(ActionDecodingError)
    -> ActionDocument
  {
    var reader = CSVReader(bytes)
    guard let header = try reader.nextRow() else {
      throw ActionDecodingError(.invalid("the file is empty; expected a header frame,<channel>,..."), line: 1, column: 1)
    }
    let first = header[0].text.trimmedOfSpaces.lowercased()
    guard first == "frame" || first == "time" else {
      throw reader.error(
        "the first column must be \"frame\" or \"time\" (seconds), found \(messageQuoted(header[0].text))",
        at: header[0])
    }
    let seconds = first == "time"
    guard header.count >= 2 else {
      throw reader.error("the header names no channel after \(messageQuoted(header[0].text))", at: header[0])
    }
    var names = Set<String>()
    for cell in header.dropFirst() {
      let name = cell.text.trimmedOfSpaces
      guard !name.isEmpty else { throw reader.error("a channel's name is empty", at: cell) }
      guard name.utf8.count <= Limits.nameBytes else { throw reader.error(JSONReader.nameTooLong, at: cell) }
      guard names.insert(name).inserted else {
        throw reader.error("channel \(messageQuoted(name)) appears twice", at: cell)
      }
    }
    guard header.count - 1 <= Limits.importedTracks else {
      throw reader.error(ImportBudget.tooManyTracks, at: header[Limits.importedTracks + 1])
    }
    let fps = context.options.fps ?? 24
    var frames: [Float] = []
    var columns = [[Float]](repeating: [], count: header.count - 1)
    var previous: (frame: Float, cell: CSVReader.Cell, time: Double)?
    while let row = try reader.nextRow() {
      guard row.count == header.count else {
        let cell = row.count > header.count ? row[header.count] : row[row.count - 1]
        throw reader.error(
          "this row has \(row.count) fields but the header has \(header.count)",
          at: row.count > header.count ? cell : CSVReader.Cell(text: "", line: cell.line, column: cell.end))
      }
      let time = try number(row[0], &reader)
      let frame = seconds ? SecondsToFrames.frame(time, fps: fps) : Float(time)
      guard frame.isFinite else { throw reader.error("\(row[0].text) is too large for a frame", at: row[0]) }
      if let previous, !(frame > previous.frame), seconds, time > previous.time {
        // The times increase, but not their frames: the frame rate puts them on one frame.
        throw reader.error(
          "time \(row[0].text.trimmedOfSpaces) is frame \(formatNumber(frame)) at \(formatNumber(fps)) fps, not after frame \(formatNumber(previous.frame)) of time \(previous.cell.text.trimmedOfSpaces) (line \(previous.cell.line)); give a frame rate (--fps) that tells the samples apart",
          at: row[0])
      }
      if let previous, !(frame > previous.frame) {
        throw reader.error(
          "\(seconds ? "time" : "frame") \(row[0].text.trimmedOfSpaces) does not come after \(previous.cell.text.trimmedOfSpaces) (line \(previous.cell.line)); samples must be in increasing order",
          at: row[0])
      }
      previous = (frame, row[0], time)
      // A key per channel per row (`ImportBudget`).
      guard (frames.count + 1) * (header.count - 1) <= Limits.importedKeys else {
        throw reader.error(ImportBudget.tooManyKeys, at: row[0])
      }
      frames.append(frame)
      for c in 1..<row.count {
        let v = try number(row[c], &reader)
        guard let f = Optional(Float(v)), f.isFinite else {
          throw reader.error("\(row[c].text) does not fit a 32-bit float", at: row[c])
        }
        columns[c - 1].append(f)
      }
    }
    guard !frames.isEmpty else {
      throw ActionDecodingError(.invalid("the file has a header but no samples"), line: header[0].line + 1, column: 1)
    }

    var action = Action(name: context.stem)
    action.fps = fps
    for (c, cell) in header.dropFirst().enumerated() {
      let name = cell.text.trimmedOfSpaces
      var curve: FCurve
      if let (path, index) = indexedPath(name) {
        curve = FCurve(dataPath: path, index: index)
      } else {
        curve = FCurve(dataPath: name, index: 0)
        curve.label = name
      }
      curve.keyframes = keys(frames: frames, values: columns[c], options: context.options)
      if let k = curve.keyframes.firstIndex(where: { !HermiteHandles.isFinite($0) }) {
        throw ActionDecodingError(
          .invalid("channel \(messageQuoted(name)), key \(k): " + HermiteHandles.overflowMessage), line: header[0].line,
          column: cell.column)
      }
      action.tracks.append(curve)
    }
    var document = ActionDocument(actions: [consume action])
    document.selectEveryCurve()
    document.finish(recalculate: context.recalculate)
    return document
  }

  /// `name[index]` split, when the name has that form.
  private static func indexedPath(_ name: String) -> (String, Int)? {
    guard name.hasSuffix("]"), let open = name.lastIndex(of: "["), open != name.startIndex else { return nil }
    let digits = name[name.index(after: open)..<name.index(before: name.endIndex)]
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return (String(name[..<open]), Int(digits)!)
  }


  private static func number(_ cell: CSVReader.Cell, _ reader: inout CSVReader) throws(ActionDecodingError) -> Double {
    let text = cell.text.trimmedOfSpaces
    guard !text.isEmpty else { throw reader.error("the field is empty; expected a number", at: cell) }
    guard let d = decimalNumber(text) else {
      throw reader.error("\(messageQuoted(text)) is not a number", at: cell)
    }
    return d
  }

  /// The keys through the samples of one channel: linear ones stored compactly (`SampledKeys`:
  /// the frames, shared by every channel, and the values).
  static func keys(frames: [Float], values: [Float], options: ImportOptions) -> Keyframes {
    if options.sampleInterpolation == .linear {
      return Keyframes(sampled: SampledKeys(frames: frames, values: values, interpolation: .linear))
    }
    let n = frames.count
    var keys: [Keyframe] = []
    keys.reserveCapacity(n)
    for k in 0..<n {
      // Hermite: the smooth curve through the samples.
      var key = Keyframe(frame: frames[k], value: values[k])
      key.interpolation = .bezier
      key.handleLeftType = .free
      key.handleRightType = .free
      let t = Double(frames[k]), v = Double(values[k])
      let slope: Double
      if n < 2 {
        slope = 0
      } else {
        let a = max(k - 1, 0), b = min(k + 1, n - 1)
        slope = (1 - options.tension) * (Double(values[b]) - Double(values[a])) / (Double(frames[b]) - Double(frames[a]))
      }
      let (before, after) = HermiteHandles.intervals(frames.lazy.map(Double.init), k)
      (key.handleLeft, key.handleRight) = HermiteHandles.handles(
        time: t, value: v, before: before, after: after, inSlope: slope, outSlope: slope, framesPerUnit: 1)
      keys.append(key)
    }
    return Keyframes(keys)
  }
}

/// RFC 4180 fields with their line and column.
struct CSVReader {
  struct Cell {
    var text: String
    var line: Int
    var column: Int
    /// The column just after the field.
    var end: Int = 0
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0
  var line = 1
  var lineStart = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    offset = ByteOrderMark.length(in: bytes)
    lineStart = offset
  }

  func error(_ message: String, at cell: Cell) -> ActionDecodingError {
    ActionDecodingError(.invalid(message), line: cell.line, column: cell.column)
  }

  /// The last column computed (offset, column, line start): the next is counted from it, so
  /// a long row costs its length once, not once per field.
  private var columnCache = (offset: 0, column: 1, lineStart: -1)

  private mutating func column(of at: Int) -> Int {
    var (i, c) = (lineStart, 1)
    if columnCache.lineStart == lineStart && columnCache.offset <= at { (i, c) = (columnCache.offset, columnCache.column) }
    while i < at {
      if bytes[i] & 0xC0 != 0x80 { c += 1 }
      i += 1
    }
    columnCache = (at, c, lineStart)
    return c
  }

  /// The next row's fields; `nil` at the end. Blank lines are skipped.
  mutating func nextRow() throws(ActionDecodingError) -> [Cell]? {
    while offset < bytes.count && (bytes[offset] == 0x0A || bytes[offset] == 0x0D) { endLine() }
    guard offset < bytes.count else { return nil }
    var cells: [Cell] = []
    while true {
      let start = offset
      var cell = Cell(text: "", line: line, column: column(of: start))
      var text: [UInt8] = []
      if offset < bytes.count && bytes[offset] == UInt8(ascii: "\"") {
        offset += 1
        while true {
          guard offset < bytes.count else {
            throw ActionDecodingError(.invalid("a quoted field is not closed"), line: cell.line, column: cell.column)
          }
          let b = bytes[offset]
          if b == UInt8(ascii: "\"") {
            if offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\"") {
              text.append(b)
              offset += 2
              continue
            }
            offset += 1
            break
          }
          if b == 0x0A {
            line += 1
            lineStart = offset + 1
          }
          text.append(b)
          offset += 1
        }
        if offset < bytes.count && ![UInt8(ascii: ","), 0x0A, 0x0D].contains(bytes[offset]) {
          throw ActionDecodingError(
            .invalid("unexpected text after a quoted field"), line: line, column: column(of: offset))
        }
      } else {
        while offset < bytes.count && ![UInt8(ascii: ","), 0x0A, 0x0D].contains(bytes[offset]) {
          text.append(bytes[offset])
          offset += 1
        }
      }
      guard let decoded = String(validating: text, as: UTF8.self) else {
        throw ActionDecodingError(.invalid("the field is not UTF-8 text"), line: cell.line, column: cell.column)
      }
      cell.text = decoded
      cell.end = column(of: offset)
      cells.append(cell)
      if offset < bytes.count && bytes[offset] == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      if offset < bytes.count { endLine() }
      return cells
    }
  }

  private mutating func endLine() {
    if bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A { offset += 1 }
    offset += 1
    line += 1
    lineStart = offset
  }
}

