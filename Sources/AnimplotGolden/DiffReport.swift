import AnimplotText

extension ImageComparison {
  /// One line for people: the verdict, then the facts.
  ///
  /// `match: identical (1600×900)`, `differ: size 1600×900 vs 1600×901; 1600 pixels
  /// (0.1110%), …` (the counts over both), or
  /// `differ: 37 pixels (0.0026%), 5 antialiased, worst 16×16 window 12 px at (380,212),
  /// bbox 371,200–402,231, RMS 0.81; exceeds max 0 pixels`.
  ///
  /// When a 16-bit file is compared perceptually, the line ends with `; 16-bit samples
  /// compared at 8 bits`: the perceptual metric sees them scaled to 8 bits with rounding.
  public var summary: String {
    let line = summaryFacts
    return depthNote.map { line + "; " + $0 } ?? line
  }

  /// How a 16-bit file's samples were compared, when there was one.
  private var depthNote: String? {
    guard hasSixteenBitSamples else { return nil }
    switch options.metric {
    case .exact: return nil
    case .perceptual: return "16-bit samples compared at 8 bits"
    }
  }

  private var summaryFacts: String {
    let r = result
    if r.identical { return "match: identical (\(r.expectedSize))" }
    var parts = [
      "\(r.differingPixels) pixel\(r.differingPixels == 1 ? "" : "s") (\(percent(r.differingRatio)))"
    ]
    if r.antialiasedPixels > 0 { parts.append("\(r.antialiasedPixels) antialiased") }
    if r.ignoredPixels > 0 { parts.append("\(r.ignoredPixels) ignored") }
    if let w = r.worstWindow {
      parts.append("worst \(w.size)×\(w.size) window \(w.pixels) px at (\(w.x),\(w.y))")
    }
    if let b = r.boundingBox { parts.append("bbox \(b.minX),\(b.minY)–\(b.maxX),\(b.maxY)") }
    parts.append("RMS \(formatNumber(r.rms, decimals: 2))")
    // Two sizes: the size, then the counts over both (the JSON had them; the line did not).
    if !r.sizesMatch { return "differ: size \(r.expectedSize) vs \(r.actualSize); " + parts.joined(separator: ", ") }
    var line = (r.passed ? "match: " : "differ: ") + parts.joined(separator: ", ")
    let excesses = r.violations.compactMap { violation -> String? in
      switch violation {
      case .sizeMismatch: nil
      case .pixelBudget(.pixels(let n)): "max \(n) pixel\(n == 1 ? "" : "s")"
      case .pixelBudget(.ratio(let ratio)): "max \(percent(ratio)) of pixels"
      case .windowBudget(let n): "max \(n) px per window"
      }
    }
    if !excesses.isEmpty { line += "; exceeds " + excesses.joined(separator: " and ") }
    return line
  }

  /// The same facts as one JSON object, with the file paths when given.
  public func json(expectedPath: String? = nil, actualPath: String? = nil) -> String {
    let r = result
    func image(_ path: String?, _ size: ImageSize) -> String {
      (path.map { "\"path\":\(jsonStringLiteral($0))," } ?? "")
        + "\"width\":\(size.width),\"height\":\(size.height)"
    }
    var fields: [String] = [
      "\"match\":\(r.passed)",
      "\"identical\":\(r.identical)",
    ]
    switch options.metric {
    case .exact: fields.append("\"metric\":\"exact\"")
    case .perceptual(let threshold, let includeAA):
      fields += [
        "\"metric\":\"perceptual\"", "\"threshold\":\(threshold)",
        "\"includeAntialiased\":\(includeAA)", "\"checkerboard\":\(options.checkerboard)",
      ]
    }
    if hasSixteenBitSamples {
      // The depth the samples were compared at: 16 exact, 8 perceptual.
      fields.append("\"sampleDepth\":\(options.metric == .exact ? 16 : 8)")
    }
    fields += [
      "\"expected\":{\(image(expectedPath, r.expectedSize))}",
      "\"actual\":{\(image(actualPath, r.actualSize))}",
      "\"comparedPixels\":\(r.comparedPixels)",
      "\"differingPixels\":\(r.differingPixels)",
      "\"differingPercent\":\(r.differingRatio * 100)",
      "\"antialiasedPixels\":\(r.antialiasedPixels)",
      "\"ignoredPixels\":\(r.ignoredPixels)",
      "\"worstWindow\":"
        + (r.worstWindow.map {
          "{\"size\":\($0.size),\"x\":\($0.x),\"y\":\($0.y),\"pixels\":\($0.pixels)}"
        } ?? "null"),
      "\"boundingBox\":"
        + (r.boundingBox.map {
          "{\"minX\":\($0.minX),\"minY\":\($0.minY),\"maxX\":\($0.maxX),\"maxY\":\($0.maxY)}"
        } ?? "null"),
      "\"rms\":\(r.rms)",
    ]
    switch options.pixelBudget {
    case .pixels(let n): fields.append("\"maxDiffPixels\":\(n)")
    case .ratio(let ratio): fields.append("\"maxDiffRatio\":\(ratio)")
    }
    fields += [
      "\"windowSize\":\(options.windowSize)",
      "\"maxWindowPixels\":" + (options.maxWindowPixels.map(String.init) ?? "null"),
      "\"violations\":["
        + r.violations.map { violation in
          switch violation {
          case .sizeMismatch: "\"size\""
          case .pixelBudget: "\"pixels\""
          case .windowBudget: "\"window\""
          }
        }.joined(separator: ",") + "]",
      "\"summary\":\(jsonStringLiteral(summary))",
    ]
    return "{" + fields.joined(separator: ",") + "}"
  }
}

/// `ratio` as a percentage with at most 4 decimals: `0.0026%`, `12.5%`, `<0.0001%`; the reports
/// of `check` write their ratios so too.
package func percent(_ ratio: Double) -> String {
  let value = ratio * 100
  if value > 0 && value < 0.00005 { return "<0.0001%" }
  return formatNumber(value, decimals: 4, trailingZeros: false) + "%"
}
