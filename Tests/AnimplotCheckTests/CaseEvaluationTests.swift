import AnimplotCairo
import AnimplotCanvas
import AnimplotCheck
import AnimplotGolden
import AnimplotPlatform
import AnimplotTestSupport
import Testing

/// The verdict, the recording and the artifacts of one case, for every record mode.
@Suite struct CaseEvaluationTests {
  static func checkCase(_ kind: ReferenceKind = .png, exists: Bool = true) -> CheckCase {
    CheckCase(
      name: "sub/ball", inputPath: "cases/sub/ball.json", argumentsPath: nil,
      kind: kind, referencePath: "cases/sub/ball" + kind.suffix, referenceExists: exists)
  }

  static let curve = ImageFile.pngBytes(TestImages.curve())
  static let shifted = ImageFile.pngBytes(TestImages.curve(shift: 1))

  static func evaluate(
    _ kind: ReferenceKind = .png, output: [UInt8] = curve, reference: CaseEvaluation.Reference,
    mode: RecordMode, options: DiffOptions = .exact
  ) -> CaseEvaluation {
    var exists = true
    if case .absent = reference { exists = false }
    return CaseEvaluation(
      checkCase: checkCase(kind, exists: exists), output: .success(output), reference: reference,
      options: options, mode: mode, rasterizer: nil)
  }

  @Test func aCaseThatCannotBeDrawnIsAnErrorAndWritesNothing() {
    for mode in RecordMode.allCases {
      let e = CaseEvaluation(
        checkCase: Self.checkCase(),
        output: .failure(DrawingFailure(message: "cases/sub/ball.json:1:2: unknown field \"x\"")),
        reference: .absent, options: .exact, mode: mode, rasterizer: nil)
      #expect(e.result.status == .error)
      #expect(e.result.message == "cases/sub/ball.json:1:2: unknown field \"x\"")
      #expect(e.recordedReference == nil && e.artifacts.isEmpty)
      #expect(e.staleArtifacts == ["sub/ball.expected.png", "sub/ball.actual.png", "sub/ball.diff.png"])
    }
  }

  @Test func aMissingReference() {
    for mode in [RecordMode.missing, .failed, .all] {
      let e = Self.evaluate(reference: .absent, mode: mode)
      #expect(e.result.status == .recorded(.new))
      #expect(e.result.message == "new reference recorded")
      #expect(e.recordedReference == Self.curve)
      #expect(e.artifacts.isEmpty)
      #expect(e.result.images.actual == Self.curve)
    }
    let never = Self.evaluate(reference: .absent, mode: .never)
    #expect(never.result.status == .missing && never.result.status.isFailure)
    #expect(never.recordedReference == nil)
    #expect(never.artifacts == [Artifact(name: "sub/ball.actual.png", bytes: Self.curve)])
    #expect(never.result.artifacts == ["sub/ball.actual.png"])
    #expect(never.staleArtifacts == ["sub/ball.expected.png", "sub/ball.diff.png"])
  }

  @Test func aMatchingReference() {
    for mode in [RecordMode.missing, .failed, .never] {
      let e = Self.evaluate(reference: .bytes(Self.curve), mode: mode)
      #expect(e.result.status == .passed)
      #expect(e.result.message == "match: identical file")
      #expect(e.recordedReference == nil && e.artifacts.isEmpty && e.staleArtifacts.count == 3)
    }
    let all = Self.evaluate(reference: .bytes(Self.curve), mode: .all)
    #expect(all.result.status == .recorded(.matched))
    #expect(all.recordedReference == Self.curve)
  }

  @Test func samePixelsInOtherBytesMatch() {
    let recompressed = PNGEncoder.encode(TestImages.curve(), compression: .fast)
    #expect(recompressed != Self.curve)
    let e = Self.evaluate(reference: .bytes(recompressed), mode: .never)
    #expect(e.result.status == .passed)
    #expect(e.result.message == "match: identical (400×200)")
    #expect(e.result.figures?.differingPixels == 0)
  }

  /// A 16-bit reference is compared at full depth: an output one step away in the low byte
  /// of one sample differs (exact), and passes perceptually.
  @Test func sixteenBitReferencesAreComparedAtFullDepth() {
    func file(_ change: Int) -> [UInt8] {
      PNGFixture(
        width: 3, height: 2, colorType: .rgb, bitDepth: 16,
        samples: (0..<18).map { $0 == 4 ? 0x8000 + change : 0x4000 + $0 * 0x0101 }
      ).encode()
    }
    let exact = Self.evaluate(output: file(1), reference: .bytes(file(0)), mode: .never)
    #expect(exact.result.status == .differed)
    #expect(exact.result.message.hasPrefix("differ: 1 pixel (16.6667%)"))
    let perceptual = Self.evaluate(
      output: file(1), reference: .bytes(file(0)), mode: .never, options: .perceptual)
    #expect(perceptual.result.status == .passed)
    #expect(perceptual.result.message.hasSuffix("; 16-bit samples compared at 8 bits"))
  }

  @Test func aDifferingReference() throws {
    for mode in [RecordMode.missing, .never] {
      let e = Self.evaluate(output: Self.shifted, reference: .bytes(Self.curve), mode: mode)
      #expect(e.result.status == .differed)
      #expect(e.result.message.hasPrefix("differ: 1506 pixels (1.8825%)"))
      #expect(e.recordedReference == nil)
      #expect(e.artifacts.map(\.name) == ["sub/ball.expected.png", "sub/ball.actual.png", "sub/ball.diff.png"])
      #expect(e.artifacts[0].bytes == Self.curve && e.artifacts[1].bytes == Self.shifted)
      let diff = try ImageFile.decode(pngBytes: e.artifacts[2].bytes, path: "diff")
      #expect(diff.width == 400 && diff.height == 200)
      #expect(e.result.images.expected == Self.curve && e.result.images.actual == Self.shifted)
      #expect(e.result.images.diff == e.artifacts[2].bytes)
      // The densest window, enlarged for the report: 16×16 with 8 pixels around, at 8×.
      let crop = try #require(e.result.images.crop)
      #expect(crop.scale == 8 && crop.window == e.result.figures?.worstWindow)
      let cropImage = try ImageFile.decode(pngBytes: crop.png, path: "crop")
      #expect(cropImage.width == 3 * 32 * 8 + 4 && cropImage.height == 32 * 8)
      #expect(e.result.figures?.differingPixels == 1506)
      #expect(e.staleArtifacts.isEmpty)
    }
    for mode in [RecordMode.failed, .all] {
      let e = Self.evaluate(output: Self.shifted, reference: .bytes(Self.curve), mode: mode)
      #expect(e.result.status == .recorded(.differed))
      #expect(e.result.message.hasPrefix("reference recorded over one that differed: differ: 1506 pixels"))
      #expect(e.recordedReference == Self.shifted)
      #expect(e.artifacts.count == 3)
    }
  }

  @Test func budgetsDecide() throws {
    let tolerant = try DiffOptions(metric: .exact, pixelBudget: .pixels(2000))
    let e = Self.evaluate(output: Self.shifted, reference: .bytes(Self.curve), mode: .never, options: tolerant)
    #expect(e.result.status == .passed)
    #expect(e.result.message.hasPrefix("match: 1506 pixels"))
    #expect(e.artifacts.isEmpty)
  }

  @Test func anUnusableReference() {
    let garbage = Array("not a png".utf8)
    for mode in [RecordMode.missing, .never] {
      let e = Self.evaluate(reference: .bytes(garbage), mode: mode)
      #expect(e.result.status == .error)
      #expect(e.result.message.hasPrefix("cases/sub/ball.png: "))
      #expect(e.artifacts.map(\.name) == ["sub/ball.actual.png"])
    }
    let unreadable = Self.evaluate(reference: .unreadable(SystemError(errno: 13)), mode: .never)
    #expect(unreadable.result.message == "cases/sub/ball.png: cannot read: Permission denied")
    let mended = Self.evaluate(reference: .bytes(garbage), mode: .failed)
    #expect(mended.result.status == .recorded(.unreadable))
    #expect(mended.recordedReference == Self.curve)
  }

  @Test func textReferences() {
    let expected = Array("save\nfill A\nrestore\n".utf8)
    let actual = Array("save\nfill B\nrestore\n".utf8)
    let e = Self.evaluate(.displayList, output: actual, reference: .bytes(expected), mode: .never)
    #expect(e.result.status == .differed)
    #expect(e.result.message == "differ: 1 line removed, 1 added, first at line 2 (reference 3 lines, actual 3)")
    #expect(
      e.artifacts.map(\.name) == [
        "sub/ball.expected.displaylist.txt", "sub/ball.actual.displaylist.txt",
        "sub/ball.displaylist.txt.diff",
      ])
    #expect(e.result.textDiff?.contains("-fill A\n+fill B\n") == true)
    #expect(e.result.images == CaseImages())
    let same = Self.evaluate(.layoutJSON, output: Array("{}".utf8), reference: .bytes(Array("{}\n".utf8)), mode: .never)
    #expect(same.result.status == .passed)
    #expect(same.result.message == "match: identical text (1 line)")
  }

  @Test func svgWithoutRasterizerIsAnErrorOnlyWhenTheFilesDiffer() {
    let svg = Array("<svg/>".utf8)
    #expect(Self.evaluate(.svg, output: svg, reference: .bytes(svg), mode: .never).result.status == .passed)
    let e = Self.evaluate(.svg, output: Array("<svg></svg>".utf8), reference: .bytes(svg), mode: .failed)
    #expect(e.result.status == .error)
    #expect(e.result.message.hasSuffix("comparing SVG needs rsvg-convert; install librsvg2-bin (Debian, Ubuntu) or librsvg (Homebrew)"))
    #expect(e.recordedReference == nil)
  }

  @Test func artifactNames() {
    #expect(ArtifactNames(for: Self.checkCase(.svg)).all == [
      "sub/ball.svg.expected.png", "sub/ball.svg.actual.png", "sub/ball.svg.diff.png", "sub/ball.actual.svg",
    ])
    #expect(ArtifactNames(for: Self.checkCase(.layoutJSON)).all == [
      "sub/ball.expected.layout.json", "sub/ball.actual.layout.json", "sub/ball.layout.json.diff",
    ])
  }
}
