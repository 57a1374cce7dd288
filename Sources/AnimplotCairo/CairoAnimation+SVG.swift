import AnimplotCanvas
import AnimplotConcurrency
import AnimplotPlatform
import AnimplotText

extension CairoAnimation {
  // MARK: Animated SVG

  /// An animated SVG: the still layer once, as Cairo draws it, then each frame's layer in a
  /// group that SMIL animation (`<animate>` of `display`, discrete) shows during its delay.
  /// Glyphs the frames share are defined once. A viewer without SVG animation shows the first
  /// frame, as a viewer without APNG does.
  /// - Parameters:
  ///   - delays: seconds each frame is shown (`count` of them).
  ///   - plays: how many times the animation plays; 0 loops forever. After the last play the
  ///     last frame stays.
  public func svg(delays: [Double], plays: Int) throws(CairoCanvasError) -> [UInt8] {
    precondition(delays.count == count, "one delay per frame")
    let delays = delays.map(Self.clampedDelay)
    let base = try CairoCanvas(width: width, height: height, scale: scale, format: .svg)
    base.svgText = svgText
    still(base)
    // The marks of the still layer and of every frame count together against the vector
    // budget: the frames' SVG is held until the document is written.
    var marks = base.markCount
    var document = try base.finish()
    let close = Array("</svg>".utf8)
    guard let end = document.lastRange(of: close) else { return document }
    document.removeSubrange(end.lowerBound...)
    var glyphs = SVGGlyphTable()
    var defs: [UInt8] = []
    var groups: [UInt8] = []
    let total = delays.reduce(0, +)
    var start = 0.0
    var first = 0
    while first < count {
      let range = first..<min(count, first + 16)
      let layers = Parallel.map(count: range.count) { k -> Result<(svg: [UInt8], marks: Int), CairoCanvasError> in
        do throws(CairoCanvasError) {
          let canvas = try CairoCanvas(width: width, height: height, scale: scale, format: .svg)
          canvas.svgText = svgText
          frame(range.lowerBound + k, canvas)
          let marks = canvas.markCount
          return .success((try canvas.finish(), marks))
        } catch {
          return .failure(error)
        }
      }
      for (k, layer) in layers.enumerated() {
        let i = range.lowerBound + k
        let (svg, layerMarks) = try layer.get()
        marks += layerMarks
        if marks > Limits.vectorMarks { throw .tooManyMarks(format: .svg, limit: Limits.vectorMarks) }
        let parts = SVGLayer(svg, prefix: "f\(i)-", glyphs: &glyphs)
        defs += parts.definitions
        let shown = i == 0 ? "inline" : "none"
        groups += Array("<g display=\"\(shown)\">\n".utf8)
        if count > 1 {
          let a = svgTime(start / total), b = svgTime((start + delays[i]) / total)
          let (values, times) =
            i == 0 ? ("inline;none", "0;\(b)") : i == count - 1 ? ("none;inline", "0;\(a)") : ("none;inline;none", "0;\(a);\(b)")
          let repeats = plays == 0 ? "indefinite" : "\(plays)"
          groups += Array(
            "<animate attributeName=\"display\" calcMode=\"discrete\" values=\"\(values)\" keyTimes=\"\(times)\" dur=\"\(svgTime(total))s\" repeatCount=\"\(repeats)\" fill=\"freeze\"/>\n".utf8)
        }
        groups += parts.body
        groups += Array("</g>\n".utf8)
        start += delays[i]
      }
      first = range.upperBound
    }
    document += Array("<defs>\n".utf8) + glyphs.definitions + defs + Array("</defs>\n".utf8)
    document += groups
    document += close + [UInt8(ascii: "\n")]
    return document
  }
}

/// The parts of one frame's SVG (as Cairo writes it) to put in the animated document: its
/// definitions other than glyphs (clip paths), with ids made unique by `prefix`; and its
/// drawing, referring to glyphs of the shared table.
struct SVGLayer {
  var definitions: [UInt8] = []
  var body: [UInt8] = []

  init(_ svg: [UInt8], prefix: String, glyphs: inout SVGGlyphTable) {
    let text = String(decoding: svg, as: UTF8.self)
    var renamed: [String: String] = [:]
    var definitions = ""
    // Glyphs: `<symbol overflow="visible" id="glyph0-1">…</symbol>`, shared by content.
    var rest = Substring(text)
    if let defsStart = rest.firstRange(of: "<defs>"), let defsEnd = rest.firstRange(of: "</defs>") {
      var defs = rest[defsStart.upperBound..<defsEnd.lowerBound]
      while let open = defs.firstRange(of: "<symbol overflow=\"visible\" id=\"") {
        guard let quote = defs[open.upperBound...].firstIndex(of: "\""),
          let close = defs[quote...].firstRange(of: "</symbol>")
        else { break }
        let id = String(defs[open.upperBound..<quote])
        // The content starts after the start tag's `>`.
        guard let tagEnd = defs[quote..<close.lowerBound].firstIndex(of: ">") else { break }
        let content = String(defs[defs.index(after: tagEnd)..<close.lowerBound])
        renamed[id] = glyphs.id(for: content)
        defs = defs[close.upperBound...]
      }
      // Everything else defined (clip paths, patterns) keeps its own, prefixed copy.
      var others = Substring(text[defsStart.upperBound..<defsEnd.lowerBound])
      if let glyphEnd = others.ranges(of: "</symbol>\n</g>\n").last {
        others = others[glyphEnd.upperBound...]
      } else if others.hasPrefix("\n<g>\n</g>\n") {
        others = others.dropFirst("\n<g>\n</g>\n".count)
      }
      definitions = String(others)
      rest = rest[defsEnd.upperBound...]
    }
    var body = ""
    if let open = rest.firstRange(of: "<g id=\"surface"), let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
      let close = rest.ranges(of: "</g>\n</svg>").last
    {
      body = String(rest[rest.index(after: tagEnd)..<close.lowerBound])
      if body.hasPrefix("\n") { body.removeFirst() }
    }
    func rename(_ s: String) -> String {
      var out = s.replacingAll("id=\"", with: "id=\"" + prefix)
        .replacingAll("url(#", with: "url(#" + prefix)
      // Glyph references go to the shared table; any other reference to this frame's own.
      var result = ""
      var scan = Substring(out)
      let marker = "href=\"#"
      while let hit = scan.firstRange(of: marker) {
        result += scan[..<hit.upperBound]
        scan = scan[hit.upperBound...]
        let end = scan.firstIndex(of: "\"") ?? scan.endIndex
        let id = String(scan[..<end])
        result += renamed[id] ?? prefix + id
        scan = scan[end...]
      }
      result += scan
      out = result
      return out
    }
    self.definitions = Array(rename(definitions).utf8)
    self.body = Array(rename(body).utf8)
  }
}

/// Glyph outlines defined once for all the frames of an animated SVG, by their content.
struct SVGGlyphTable {
  private var ids: [String: String] = [:]
  private(set) var definitions: [UInt8] = []

  /// The id of the glyph whose `<symbol>` content is `content`, defining it the first time.
  mutating func id(for content: String) -> String {
    if let id = ids[content] { return id }
    let id = "frame-glyph\(ids.count)"
    ids[content] = id
    definitions += Array("<symbol overflow=\"visible\" id=\"\(id)\">\(content)</symbol>\n".utf8)
    return id
  }
}

/// A time as the animated SVG writes it: at most 6 decimals, no trailing zeros (`formatNumber`),
/// 0 for one that is not a number (a fraction of a total of 0 s).
private func svgTime(_ value: Double) -> String {
  value.isFinite ? formatNumber(value, decimals: 6, trailingZeros: false) : "0"
}

extension String {
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    var out = ""
    var scan = Substring(self)
    while let hit = scan.firstRange(of: target) {
      out += scan[..<hit.lowerBound]
      out += replacement
      scan = scan[hit.upperBound...]
    }
    out += scan
    return out
  }
}

extension [UInt8] {
  fileprivate func lastRange(of pattern: [UInt8]) -> Range<Int>? {
    guard count >= pattern.count else { return nil }
    var i = count - pattern.count
    while i >= 0 {
      if self[i..<(i + pattern.count)].elementsEqual(pattern) { return i..<(i + pattern.count) }
      i -= 1
    }
    return nil
  }
}
