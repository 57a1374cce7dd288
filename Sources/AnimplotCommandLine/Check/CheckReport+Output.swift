import AnimplotGolden
import AnimplotPlatform

extension CheckReport {
  /// Writes the reports asked for: JUnit XML, HTML, JSON summary.
  func write(junit: String?, html: String?, json: String?) throws(FileError) {
    if let junit { try OutputFile.write(junitXML, to: junit) }
    if let html { try OutputFile.write(self.html, to: html) }
    if let json { try OutputFile.write(self.json, to: json) }
  }

  /// The line of a case that did not pass: `FAIL ball.png: differ: …`.
  static func line(_ result: CaseResult) -> String {
    "\(result.status.word) \(result.checkCase.id): \(result.message)\n"
  }

  /// The summary line, then where the artifacts are and what to do with recorded references.
  func closingLines(artifactsPath: String) -> String {
    var tail = summaryLine + "\n"
    if results.contains(where: { $0.status.isFailure && !$0.artifacts.isEmpty }) {
      tail += "artifacts of the failing cases: \(artifactsPath)\n"
    }
    if recordedCount > 0 {
      let n = recordedCount
      tail +=
        "\(n) reference\(n == 1 ? " was" : "s were") written: review \(n == 1 ? "it" : "them") "
        + "and commit; this run fails so that no new reference passes unseen\n"
    }
    return tail
  }
}
