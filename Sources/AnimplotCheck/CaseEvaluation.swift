import AnimplotGolden
import AnimplotPlatform
/// What check does for one case once its output is drawn: the verdict, the reference to
/// write when the record mode says so, and the artifact files to write and to remove.
///
/// It writes nothing itself; the caller writes `recordedReference` to the case's reference
/// path, `artifacts` into the artifacts folder, and removes `staleArtifacts` there (files a
/// previous run left for this case that this run does not rewrite).
package struct CaseEvaluation: Sendable {
  /// The verdict and what the reports show.
  package var result: CaseResult
  /// The bytes to write to the reference file, when recording.
  package var recordedReference: [UInt8]?
  /// Files to write into the artifacts folder.
  package var artifacts: [Artifact]
  /// The case's artifact names this run does not write.
  package var staleArtifacts: [String]

  /// The reference file as read from disk.
  package enum Reference: Sendable, Hashable {
    case absent
    case bytes([UInt8])
    case unreadable(SystemError)
  }

  /// Judges `checkCase`.
  /// - Parameters:
  ///   - output: the bytes the drawing verb made, or its one-line error (bad input).
  ///   - reference: the reference file's content.
  ///   - rasterizer: for SVG cases (to compare, and to show a new or missing SVG).
  ///   - style: how the diff image is drawn.
  ///   - ignoring: the pixels left out of a picture's comparison (`--ignore`, the mask).
  package init(
    checkCase: CheckCase, output: Result<[UInt8], DrawingFailure>, reference: Reference,
    options: DiffOptions, mode: RecordMode, rasterizer: SVGRasterizer?,
    style: DiffImageStyle = .standard, ignoring: IgnoredPixels = IgnoredPixels()
  ) {
    let names = ArtifactNames(for: checkCase)
    self.init(
      result: CaseResult(checkCase: checkCase, status: .error, message: ""),
      recordedReference: nil, artifacts: [], staleArtifacts: [])
    judge(
      output: output, reference: reference, options: options, mode: mode, rasterizer: rasterizer,
      names: names, style: style, ignoring: ignoring)
    result.artifacts = artifacts.map(\.name)
    result.output = try? output.get()
    staleArtifacts = names.all.filter { name in !artifacts.contains { $0.name == name } }
  }

  private init(
    result: CaseResult, recordedReference: [UInt8]?, artifacts: [Artifact], staleArtifacts: [String]
  ) {
    self.result = result
    self.recordedReference = recordedReference
    self.artifacts = artifacts
    self.staleArtifacts = staleArtifacts
  }

  /// Fills in the verdict, the reference to record and the artifacts.
  private mutating func judge(
    output: Result<[UInt8], DrawingFailure>, reference: Reference, options: DiffOptions,
    mode: RecordMode, rasterizer: SVGRasterizer?, names: ArtifactNames, style: DiffImageStyle,
    ignoring: IgnoredPixels
  ) {
    let checkCase = result.checkCase
    let actual: [UInt8]
    switch output {
    case .failure(let failure):
      result.message = failure.message
      return
    case .success(let bytes): actual = bytes
    }

    // Compare when there is a reference; `problem` says why the reference is unusable.
    var comparison: ReferenceComparison?
    var problem: String?
    switch reference {
    case .absent: break
    case .unreadable(let error): problem = "\(checkCase.referencePath): cannot read: \(error)"
    case .bytes(let expected):
      do {
        comparison = try ReferenceComparison.compare(
          kind: checkCase.kind, expected: expected, actual: actual, options: options,
          label: checkCase.referencePath, rasterizer: rasterizer, ignoring: ignoring,
          maskLabel: checkCase.maskPath ?? "the mask")
      } catch .reference(let message) {
        problem = message
      } catch {
        result.message = error.description
        return
      }
    }
    let matched: Bool? = reference == .absent ? nil : comparison?.passed ?? false

    // The evidence of a difference: shown in the report, written as artifacts.
    if let comparison, !comparison.passed {
      switch comparison {
      case .identicalFiles: break
      case .image(let image, let expectedPNG, let actualPNG):
        addImageEvidence(image, expectedPNG: expectedPNG, actualPNG: actualPNG, actual: actual, names: names, style: style)
      case .animation(let animation):
        if let first = animation.first {
          addImageEvidence(
            first.comparison, expectedPNG: first.expectedPNG, actualPNG: first.actualPNG, actual: actual, names: names,
            style: style)
          result.frame = first.index + 1
        } else if let source = names.actualSource {
          artifacts.append(Artifact(name: source, bytes: actual))
        }
      case .text(let text):
        // The changes by row first: a patch tool skips the lines before the diff's header.
        let said = text.changes.map { $0.map { "# " + $0 + "\n" }.joined() } ?? ""
        addTextArtifacts(reference: reference, actual: actual, difference: said + text.unifiedDiff, names: names)
        result.textDiff = text.unifiedDiff
        result.changes = text.changes
      case .values(let values):
        addTextArtifacts(reference: reference, actual: actual, difference: values.table, names: names)
        result.valuesTable = values.table
      }
    }

    if mode.records(matched: matched) {
      recordedReference = actual
      let recording: CaseResult.Recording =
        matched == nil ? .new : problem != nil ? .unreadable : matched! ? .matched : .differed
      result.status = .recorded(recording)
      result.message =
        switch recording {
        case .new: "new reference recorded"
        case .matched: "reference recorded again (record mode all); it matched"
        case .differed: "reference recorded over one that differed: " + comparison!.summary
        case .unreadable: "reference recorded over an unusable one: " + problem!
        }
      if recording == .new { result.images.actual = Self.picture(of: actual, checkCase, rasterizer) }
    } else if matched == true {
      result.status = .passed
      result.message = comparison!.summary
      if case .image(let image, _, _) = comparison { result.figures = image.result }
    } else if matched == nil || problem != nil {
      // Missing, or unusable: keep the output for the user to look at (and commit).
      result.status = matched == nil ? .missing : .error
      result.message = problem ?? "no reference; record mode never writes one (the output is in the artifacts)"
      artifacts.append(Artifact(name: names.actualSource ?? names.actual, bytes: actual))
      let picture = Self.picture(of: actual, checkCase, rasterizer)
      if checkCase.kind == .svg, let picture { artifacts.append(Artifact(name: names.actual, bytes: picture)) }
      result.images.actual = picture
    } else {
      result.status = .differed
      result.message = comparison!.summary
    }
  }

  /// The evidence of two pictures that differ: the figures, the three images and the densest
  /// window enlarged, for the report; the images and the output (`actualSource`) as artifacts.
  private mutating func addImageEvidence(
    _ image: ImageComparison, expectedPNG: [UInt8], actualPNG: [UInt8], actual: [UInt8], names: ArtifactNames,
    style: DiffImageStyle
  ) {
    let diffPNG = ImageFile.pngBytes(image.diffImage(style: style))
    result.figures = image.result
    result.images = CaseImages(expected: expectedPNG, actual: actualPNG, diff: diffPNG)
    if let crop = image.worstWindowCrop(colors: style.colors, alpha: style.alpha), let window = image.result.worstWindow {
      result.images.crop = WindowCrop(png: ImageFile.pngBytes(crop.image), scale: crop.scale, window: window)
    }
    artifacts += [
      Artifact(name: names.expected, bytes: expectedPNG),
      Artifact(name: names.actual, bytes: actualPNG),
      Artifact(name: names.diff, bytes: diffPNG),
    ]
    if let source = names.actualSource { artifacts.append(Artifact(name: source, bytes: actual)) }
  }

  /// The artifacts of a text or values case that differs: the reference, the output, and
  /// the text that says their difference.
  private mutating func addTextArtifacts(
    reference: Reference, actual: [UInt8], difference: String, names: ArtifactNames
  ) {
    if case .bytes(let expected) = reference {
      artifacts.append(Artifact(name: names.expected, bytes: expected))
    }
    artifacts += [
      Artifact(name: names.actual, bytes: actual),
      Artifact(name: names.diff, bytes: Array(difference.utf8)),
    ]
  }

  /// The output as a PNG to show: itself for PNG, rasterised for SVG, none for text.
  private static func picture(
    of output: [UInt8], _ checkCase: CheckCase, _ rasterizer: SVGRasterizer?
  ) -> [UInt8]? {
    switch checkCase.kind {
    // An animated PNG is a PNG: its first picture, animated where APNG is shown.
    case .png, .animation: output
    case .svg: try? rasterizer?.rasterize(svg: output, name: checkCase.id).png
    case .layoutJSON, .displayList, .values, .edited: nil
    }
  }
}

/// A file to write into the artifacts folder.
package struct Artifact: Sendable, Hashable {
  /// The path relative to the artifacts folder.
  package var name: String
  package var bytes: [UInt8]

  package init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

/// A drawing verb's one-line error for a case's input (the decoder's message).
package struct DrawingFailure: Error, Sendable, Hashable {
  package var message: String

  package init(message: String) { self.message = message }
}
