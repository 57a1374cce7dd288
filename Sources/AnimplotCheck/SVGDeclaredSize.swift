import AnimplotPlatform
import AnimplotText

/// The size in pixels an SVG document declares, read from its root element before it is
/// rasterised, as librsvg reads it at 96 pixels per inch: `width` and `height` in px (or no
/// unit), in, cm, mm, pt or pc; where one or both are percentages (or missing, 100%), from the
/// `viewBox` (its size, or the other side's length at its aspect ratio).
///
/// `rsvg-convert` is then given that size (`--width`, `--height`): what it rasterises is the
/// size weighed here, whatever else the document holds.
package struct SVGDeclaredSize: Sendable, Hashable {
  /// The width and height in pixels (not rounded).
  package var width: Double
  package var height: Double
  /// `--width` and `--height` for `rsvg-convert`: the document's own lengths where they are
  /// absolute (so that its scale is exactly 1), else pixels.
  package var widthArgument: String
  package var heightArgument: String

  /// The pixels of the rasterised picture (each side rounded up, as `rsvg-convert` does).
  package var pixelWidth: Int { Int(width.rounded(.up)) }
  package var pixelHeight: Int { Int(height.rounded(.up)) }

  /// The size `svg` declares.
  /// - Throws: why it cannot be weighed: no `<svg>` root element, a length that is not one
  ///   of those units, no size at all (percentages and no viewBox), or an empty one.
  package init(of svg: [UInt8]) throws(SVGSizeProblem) {
    let attributes = try Self.rootAttributes(svg)
    func length(_ name: String) throws(SVGSizeProblem) -> Length? {
      guard let text = attributes[name] else { return nil }
      guard let length = Length(text) else {
        throw SVGSizeProblem(
          "its \(name) \(messageQuoted(text)) is not a length animplot weighs: a number with px, in, cm, mm, pt, pc or %, or none")
      }
      return length
    }
    let width = try length("width")
    let height = try length("height")
    var box: (width: Double, height: Double)?
    if let text = attributes["viewBox"] {
      let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        .map { Float(String($0)).map(Double.init) }
      guard numbers.count == 4, let w = numbers[2], let h = numbers[3], w.isFinite, h.isFinite else {
        throw SVGSizeProblem("its viewBox \(messageQuoted(text)) is not four numbers")
      }
      box = (w, h)
    }
    switch (width?.pixels, height?.pixels, box) {
    case (let w?, let h?, _):
      self.init(width: w, height: h, widthArgument: width!.text, heightArgument: height!.text)
    case (nil, nil, let box?):
      self.init(width: box.width, height: box.height, widthArgument: "\(box.width)", heightArgument: "\(box.height)")
    case (let w?, nil, let box?) where box.width > 0:
      let h = w * box.height / box.width
      self.init(width: w, height: h, widthArgument: width!.text, heightArgument: "\(h)")
    case (nil, let h?, let box?) where box.height > 0:
      let w = h * box.width / box.height
      self.init(width: w, height: h, widthArgument: "\(w)", heightArgument: height!.text)
    default:
      throw SVGSizeProblem("it declares no size: give its <svg> element a width and a height in px, or a viewBox")
    }
    guard self.width > 0, self.height > 0, self.width.isFinite, self.height.isFinite else {
      throw SVGSizeProblem("it declares an empty size, \(formatNumber(self.width)) × \(formatNumber(self.height)) pixels")
    }
  }

  private init(width: Double, height: Double, widthArgument: String, heightArgument: String) {
    self.width = width
    self.height = height
    self.widthArgument = widthArgument
    self.heightArgument = heightArgument
  }

  /// Why the size is past what `check` rasterises (`Limits.imagePixels`, and 32,767 pixels a
  /// side, librsvg's own limit), if it is.
  package var excess: String? {
    let side = 32_767
    let (w, h) = (width.rounded(.up), height.rounded(.up))
    guard w > Double(side) || h > Double(side) || w * h > Double(Limits.imagePixels) else { return nil }
    return "it declares \(formatNumber(w)) × \(formatNumber(h)) pixels, more than check rasterises "
      + "(\(Limits.imagePixels) pixels, 8192 × 8192, and \(side) a side)"
  }

  /// A length of the root element, with its value in pixels (`nil` for a percentage).
  struct Length {
    /// The text as written, spaces trimmed.
    var text: String
    var pixels: Double?

    init?(_ written: String) {
      let space: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
      let text = String(written.drop(while: space).reversed().drop(while: space).reversed())
      var digits = Substring(text)
      var unit = ""
      while let last = digits.last, last.isLetter || last == "%" {
        unit = String(last) + unit
        digits = digits.dropLast()
      }
      // CSS numbers: digits, a point, an exponent; none of Swift's other spellings.
      guard let first = digits.first, first.isNumber || first == "." || first == "-" || first == "+",
        digits.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }),
        let value = Float(digits).map(Double.init), value.isFinite
      else { return nil }
      // Units per inch; 96 pixels.
      let perInch: Double?
      switch unit.lowercased() {
      case "", "px": perInch = 96
      case "in": perInch = 1
      case "cm": perInch = 2.54
      case "mm": perInch = 25.4
      case "pt": perInch = 72
      case "pc": perInch = 6
      case "%": perInch = nil
      default: return nil
      }
      self.text = text
      self.pixels = perInch.map { value * 96 / $0 }
    }
  }

  /// The attributes of the document's root element, which must be `<svg>` (of any prefix).
  private static func rootAttributes(_ bytes: [UInt8]) throws(SVGSizeProblem) -> [String: String] {
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    func skip(past end: [UInt8]) {
      while i < bytes.count, !bytes[i...].starts(with: end) { i += 1 }
      i = min(bytes.count, i + end.count)
    }
    let notSVG = SVGSizeProblem("its root element is not <svg>")
    // The prolog: the XML declaration, comments, processing instructions, a DOCTYPE (whose
    // internal subset may hold quoted '>').
    while true {
      while i < bytes.count, isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { throw notSVG }
      if bytes[i...].starts(with: Array("<?".utf8)) {
        skip(past: Array("?>".utf8))
      } else if bytes[i...].starts(with: Array("<!--".utf8)) {
        skip(past: Array("-->".utf8))
      } else if bytes[i...].starts(with: Array("<!".utf8)) {
        var quote: UInt8?
        var depth = 0
        i += 2
        while i < bytes.count {
          let b = bytes[i]
          i += 1
          if let q = quote {
            if b == q { quote = nil }
          } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            quote = b
          } else if b == UInt8(ascii: "[") {
            depth += 1
          } else if b == UInt8(ascii: "]") {
            depth -= 1
          } else if b == UInt8(ascii: ">") && depth <= 0 {
            break
          }
        }
      } else {
        break
      }
    }
    // The root element's name, then its attributes up to the end of its start tag.
    i += 1
    let nameStart = i
    while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
    let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
    guard name == "svg" || name.hasSuffix(":svg") else { throw notSVG }
    var attributes: [String: String] = [:]
    while true {
      while i < bytes.count, isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count else { throw SVGSizeProblem("its <svg> start tag does not end") }
      if bytes[i] == UInt8(ascii: ">") || bytes[i] == UInt8(ascii: "/") { return attributes }
      let start = i
      while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
      let attribute = String(decoding: bytes[start..<i], as: UTF8.self)
      while i < bytes.count, isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
        throw SVGSizeProblem("its <svg> start tag cannot be read (attribute \(messageQuoted(attribute)))")
      }
      i += 1
      while i < bytes.count, isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
        throw SVGSizeProblem("its <svg> start tag cannot be read (attribute \(messageQuoted(attribute)))")
      }
      let quote = bytes[i]
      i += 1
      let valueStart = i
      while i < bytes.count, bytes[i] != quote { i += 1 }
      guard i < bytes.count else { throw SVGSizeProblem("its <svg> start tag does not end") }
      attributes[attribute] = String(decoding: bytes[valueStart..<i], as: UTF8.self)
      i += 1
    }
  }
}

/// Why an SVG's size cannot be weighed.
package struct SVGSizeProblem: Error, Sendable, Hashable {
  package var reason: String

  init(_ reason: String) { self.reason = reason }
}
