/// When check writes reference files, as swift-snapshot-testing's record modes. Any run that
/// writes a reference fails, so a new reference cannot pass before it is reviewed and
/// committed.
package enum RecordMode: String, Sendable, Hashable, CaseIterable {
  /// Write references that do not exist yet (the default outside CI).
  case missing
  /// Rewrite every reference.
  case all
  /// Write missing references and rewrite those that do not match.
  case failed
  /// Write nothing (the default when the `CI` environment variable is set).
  case never

  /// The mode in force: the flag, else `ANIMPLOT_RECORD`, else `never` under CI, else
  /// `missing`.
  /// - Parameters:
  ///   - recordVariable: the value of `ANIMPLOT_RECORD`, if set.
  ///   - ciVariable: the value of `CI`, if set; empty, `0` and `false` mean not CI.
  /// - Throws: `RecordModeError` for an `ANIMPLOT_RECORD` that names no mode.
  package static func resolve(
    flag: RecordMode?, recordVariable: String?, ciVariable: String?
  ) throws(RecordModeError) -> RecordMode {
    if let flag { return flag }
    if let recordVariable, !recordVariable.isEmpty {
      guard let mode = RecordMode(rawValue: recordVariable.lowercased()) else {
        throw RecordModeError(value: recordVariable)
      }
      return mode
    }
    let ci = ciVariable.map { !["", "0", "false"].contains($0.lowercased()) } ?? false
    return ci ? .never : .missing
  }

  /// Whether a case's reference is written.
  /// - Parameter matched: whether the output matched the reference; `nil` when there is none.
  package func records(matched: Bool?) -> Bool {
    switch self {
    case .missing: matched == nil
    case .all: true
    case .failed: matched != true
    case .never: false
    }
  }
}

/// An `ANIMPLOT_RECORD` value that names no record mode.
package struct RecordModeError: Error, Sendable, Hashable, CustomStringConvertible {
  package var value: String

  package init(value: String) { self.value = value }

  package var description: String {
    "ANIMPLOT_RECORD=\(value): expected one of "
      + RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
  }
}
