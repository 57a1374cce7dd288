import AnimplotCairo
import AnimplotCanvas
import AnimplotGolden
import AnimplotPlatform
import AnimplotText

/// What comparing a case's output with its reference found.
package enum ReferenceComparison: Sendable {
  /// The files have the same bytes; nothing was decoded.
  case identicalFiles
  /// Pixels compared: PNG, or SVG after rasterising both documents.
  case image(ImageComparison, expectedPNG: [UInt8], actualPNG: [UInt8])
  /// Text compared: a layout or a display list.
  case text(TextComparison)
  /// Values compared: a values table.
  case values(ValuesComparison)
  /// Animations compared frame by frame.
  case animation(AnimationComparison)

  /// Whether the output matches the reference within the budgets.
  package var passed: Bool {
    switch self {
    case .identicalFiles: true
    case .image(let comparison, _, _): comparison.result.passed
    case .text(let comparison): comparison.passed
    case .values(let comparison): comparison.passed
    case .animation(let comparison): comparison.passed
    }
  }

  /// One line: the verdict and the figures.
  package var summary: String {
    switch self {
    case .identicalFiles: "match: identical file"
    case .image(let comparison, _, _): comparison.summary
    case .text(let comparison): comparison.summary
    case .values(let comparison): comparison.summary
    case .animation(let comparison): comparison.summary
    }
  }

  /// Compares the bytes `actual` drawn now with the reference bytes `expected`.
  /// - Parameters:
  ///   - label: the reference's name, for messages and diff headers.
  ///   - rasterizer: rasterises SVG; needed only for `.svg` files that differ.
  /// - Throws: `ReferenceComparisonError` when the reference (or, for SVG, the output)
  ///   cannot be decoded.
  ///   - ignoring: pixels left out of a picture's comparison; a mask must be the size of the
  ///     expected picture (`maskLabel` names it).
  package static func compare(
    kind: ReferenceKind, expected: [UInt8], actual: [UInt8], options: DiffOptions,
    label: String, rasterizer: SVGRasterizer?, ignoring: IgnoredPixels = IgnoredPixels(),
    maskLabel: String = "the mask"
  ) throws(ReferenceComparisonError) -> ReferenceComparison {
    func checkMask(_ image: RGBAImage) throws(ReferenceComparisonError) {
      guard let mask = ignoring.mask, (mask.width, mask.height) != (image.width, image.height) else { return }
      throw .output(
        "\(maskLabel): \(mask.width)×\(mask.height) pixels, but the reference \(label) is "
          + "\(image.width)×\(image.height); the mask must be its size")
    }
    if expected == actual { return .identicalFiles }
    switch kind {
    case .png:
      let expectedImage: DecodedPNG
      let actualImage: DecodedPNG
      do {
        expectedImage = try ImageFile.decodeKeepingDepth(pngBytes: expected, path: label)
      } catch {
        throw .reference("\(error)")
      }
      do {
        actualImage = try ImageFile.decodeKeepingDepth(pngBytes: actual, path: label + " (actual)")
      } catch {
        throw .output("\(error)")
      }
      try checkMask(expectedImage.image)
      return .image(
        ImageComparison(expected: expectedImage, actual: actualImage, options: options, ignoring: ignoring),
        expectedPNG: expected, actualPNG: actual)
    case .svg:
      guard let rasterizer else {
        throw .output(
          "\(label): comparing SVG needs \(SVGRasterizer.command); \(SVGRasterizer.installHint)")
      }
      let expectedRaster: RasterizedSVG
      let actualRaster: RasterizedSVG
      do {
        expectedRaster = try rasterizer.rasterize(svg: expected, name: label)
      } catch {
        throw .reference("\(error)")
      }
      do {
        actualRaster = try rasterizer.rasterize(svg: actual, name: label + " (actual)")
      } catch {
        throw .output("\(error)")
      }
      try checkMask(expectedRaster.image)
      return .image(
        ImageComparison(
          expected: expectedRaster.image, actual: actualRaster.image, options: options, ignoring: ignoring),
        expectedPNG: expectedRaster.png, actualPNG: actualRaster.png)
    case .values:
      do {
        return .values(
          try ValuesComparison(
            expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: actual, as: UTF8.self),
            label: label))
      } catch {
        switch error {
        case .reference(let message): throw .reference(message)
        case .output(let message): throw .output(message)
        }
      }
    case .animation:
      return .animation(
        try AnimationComparison(expected: expected, actual: actual, options: options, ignoring: ignoring, label: label))
    case .displayList:
      return .text(
        TextComparison(
          expected: String(decoding: expected, as: UTF8.self),
          actual: String(decoding: actual, as: UTF8.self), label: label))
    case .layoutJSON, .edited:
      // Layouts are compared one member per line, whatever the reference's layout: one
      // written before layouts were (one row per line) still matches, and differences show
      // as the lines of the members that changed.
      let expectedText = String(decoding: expected, as: UTF8.self)
      let actualText = String(decoding: actual, as: UTF8.self)
      let expectedPretty = prettyJSON(expectedText, maximumBytes: Limits.comparedTextBytes)
      var comparison = TextComparison(
        expected: expectedPretty ?? expectedText,
        actual: prettyJSON(actualText, maximumBytes: Limits.comparedTextBytes) ?? actualText, label: label)
      if !comparison.identical, let changes = JSONChanges(expected: expectedText, actual: actualText), !changes.isEmpty {
        comparison.changes = changes.lines
        comparison.leadChange = changes.lead
      }
      if kind == .layoutJSON, let expectedPretty, expectedPretty != expectedText {
        comparison.note = "the reference is laid out one row per line, as before; --record all rewrites it one member per line"
      }
      return .text(comparison)
    }
  }
}

/// Why a comparison could not be made.
package enum ReferenceComparisonError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The reference file cannot be decoded: recording over it mends it.
  case reference(String)
  /// The output drawn now cannot be decoded or rasterised.
  case output(String)

  package var description: String {
    switch self {
    case .reference(let message), .output(let message): message
    }
  }
}
