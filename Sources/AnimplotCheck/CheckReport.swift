import AnimplotGolden

/// A finished check run: every case's result, the orphans and the settings; the summary
/// line, the JUnit XML and the HTML report are made from it.
package struct CheckReport: Sendable {
  /// The case folder, as given.
  package var folder: String
  /// The results in case order.
  package var results: [CaseResult]
  /// Reference and `NAME.args` files with no input, relative to the folder.
  package var orphans: [String]
  /// How images were compared.
  package var options: DiffOptions
  package var mode: RecordMode
  /// The shard run, when the cases were split.
  package var shard: Shard?
  /// Where the artifacts of failing cases were written.
  package var artifactsFolder: String
  /// Wall-clock seconds of the whole run.
  package var seconds: Double
  /// animplot's version and those of the libraries its pictures depend on (Cairo, pixman,
  /// FreeType, libpng, zlib): a reference made with other versions may differ by a pixel.
  package var versions: [ComponentVersion]
  /// The `--filter` the cases were chosen by, if any (recorded in the JSON summary, so that
  /// only shards of one choice are merged).
  package var filter: String?

  package init(
    folder: String, results: [CaseResult], orphans: [String], options: DiffOptions,
    mode: RecordMode, shard: Shard?, artifactsFolder: String, seconds: Double,
    versions: [ComponentVersion] = []
  ) {
    self.versions = versions
    self.folder = folder
    self.results = results
    self.orphans = orphans
    self.options = options
    self.mode = mode
    self.shard = shard
    self.artifactsFolder = artifactsFolder
    self.seconds = seconds
  }

  /// Cases that matched.
  package var passedCount: Int { results.count { $0.status == .passed } }
  /// Cases that differed, had no reference (record mode never) or could not be drawn.
  package var failedCount: Int { results.count { $0.status.isFailure } }
  /// Cases whose reference was written.
  package var recordedCount: Int {
    results.count {
      if case .recorded = $0.status { return true }
      return false
    }
  }

  /// Whether the run passes: nothing failed and nothing was recorded (orphans do not fail).
  package var passed: Bool { failedCount == 0 && recordedCount == 0 }

  /// `3 passed, 2 failed, 1 recorded, 1 orphaned`; recorded and orphaned only when not 0.
  package var summaryLine: String {
    var parts = ["\(passedCount) passed", "\(failedCount) failed"]
    if recordedCount > 0 { parts.append("\(recordedCount) recorded") }
    if !orphans.isEmpty { parts.append("\(orphans.count) orphaned") }
    return parts.joined(separator: ", ")
  }

  /// `exact` or `perceptual (threshold 0.1)`, then the budgets.
  var comparisonDescription: String { Self.comparisonDescription(options) }

  /// `exact` or `perceptual (threshold 0.1)`, then the budgets of `options`.
  static func comparisonDescription(_ options: DiffOptions) -> String {
    var text =
      switch options.metric {
      case .exact: "exact"
      case .perceptual(let threshold, let includeAA):
        "perceptual (threshold \(threshold)\(includeAA ? ", anti-aliasing counted" : "")"
          + "\(options.checkerboard ? ", over a checkerboard" : ""))"
      }
    switch options.pixelBudget {
    case .pixels(let n): text += ", at most \(n) differing pixel\(n == 1 ? "" : "s")"
    case .ratio(let r): text += ", at most \(percent(r)) of pixels differing"
    }
    if let max = options.maxWindowPixels {
      text += ", at most \(max) in any \(options.windowSize)×\(options.windowSize) window"
    }
    return text
  }
}

/// A program or library and its version, as the reports record them: `cairo 1.18.0`.
package struct ComponentVersion: Sendable, Hashable, CustomStringConvertible {
  package var name: String
  package var version: String

  package init(name: String, version: String) {
    self.name = name
    self.version = version
  }

  /// `cairo 1.18.0`.
  package var description: String { "\(name) \(version)" }
}
