import AnimplotGolden
import AnimplotPlatform

/// What check concluded about one case, with what the reports show of it.
package struct CaseResult: Sendable {
  /// The verdict.
  package enum Status: Sendable, Hashable {
    /// The output matches the reference.
    case passed
    /// The output differs from the reference beyond the budgets.
    case differed
    /// There is no reference and the record mode writes none.
    case missing
    /// The case could not be drawn or compared (bad input, unreadable reference).
    case error
    /// The reference was written; the run fails until it is reviewed and committed.
    case recorded(Recording)

    /// Whether the case counts as failed (recorded cases are counted apart).
    package var isFailure: Bool {
      switch self {
      case .differed, .missing, .error: true
      case .passed, .recorded: false
      }
    }

    /// `PASS`, `FAIL`, `MISSING`, `ERROR`, `RECORDED`: the word that starts its line.
    package var word: String {
      switch self {
      case .passed: "PASS"
      case .differed: "FAIL"
      case .missing: "MISSING"
      case .error: "ERROR"
      case .recorded: "RECORDED"
      }
    }
  }

  /// Why a reference was written.
  package enum Recording: Sendable, Hashable {
    /// There was none.
    case new
    /// The old one did not match.
    case differed
    /// The old one matched (record mode `all`).
    case matched
    /// The old one could not be read or decoded.
    case unreadable
  }

  /// The case.
  package var checkCase: CheckCase
  package var status: Status
  /// One line: the comparison's summary, the error, or what was recorded.
  package var message: String
  /// Wall-clock seconds spent on the case: drawing, comparing, writing.
  package var seconds: Double
  /// The pixel figures, when images were compared and differed (or matched within budgets).
  package var figures: DiffResult?
  /// PNG images to show for the case.
  package var images: CaseImages
  /// The unified diff, for a text case that differs.
  package var textDiff: String?
  /// For a layout or action file that differs, its changes said by row, key and member
  /// (`JSONChanges`): `row 'X Location' (location[0]): key at frame 40 → 40.5`.
  package var changes: [String]?
  /// For a values case that differs, the table of the channels that moved
  /// (`ValuesComparison.table`).
  package var valuesTable: String?
  /// The artifact files written for the case, relative to the artifacts folder.
  package var artifacts: [String]
  /// For an animation that differs, the first frame that differs (1-based): the one its
  /// images show.
  package var frame: Int?
  /// The case's output as drawn: what approving it writes as its reference. Let go as the
  /// case ends; a review keeps it on disk instead (`approval`).
  package var output: [UInt8]?
  /// For a review (`check --review`) of a case that did not pass: its output kept on disk to
  /// approve, or why approving it may not write its reference.
  package var approval: Approval?

  /// What approving a case under review would write.
  package enum Approval: Sendable {
    /// The output, in the review's file of kept bytes.
    case kept(SpillFile.Piece)
    /// Why it may not be written: one line.
    case refused(String)
  }

  package init(
    checkCase: CheckCase, status: Status, message: String, seconds: Double = 0,
    figures: DiffResult? = nil, images: CaseImages = CaseImages(), textDiff: String? = nil,
    artifacts: [String] = []
  ) {
    self.checkCase = checkCase
    self.status = status
    self.message = message
    self.seconds = seconds
    self.figures = figures
    self.images = images
    self.textDiff = textDiff
    self.artifacts = artifacts
  }
}

/// The PNG images of a case the report shows: reference, output, diff.
package struct CaseImages: Sendable, Hashable {
  package var expected: [UInt8]?
  package var actual: [UInt8]?
  package var diff: [UInt8]?
  /// The densest window enlarged in the three images (`ImageComparison.worstWindowCrop`).
  package var crop: WindowCrop?
  /// The Graph Editor of the case's input with its recorded values (`NAME.values.csv`) drawn
  /// as ghost curves under the new ones, for a picture that differs.
  package var ghost: [UInt8]?

  package init(
    expected: [UInt8]? = nil, actual: [UInt8]? = nil, diff: [UInt8]? = nil, crop: WindowCrop? = nil
  ) {
    self.expected = expected
    self.actual = actual
    self.diff = diff
    self.crop = crop
  }
}

/// The enlarged crop of a comparison's densest window, as a PNG, with what it shows.
package struct WindowCrop: Sendable, Hashable {
  package var png: [UInt8]
  /// The enlargement.
  package var scale: Int
  /// The window.
  package var window: DiffWindow

  package init(png: [UInt8], scale: Int, window: DiffWindow) {
    self.png = png
    self.scale = scale
    self.window = window
  }
}
