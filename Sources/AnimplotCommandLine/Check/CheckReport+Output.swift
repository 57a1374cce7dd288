import AnimplotCheck
import AnimplotGolden
import AnimplotPlatform
import AnimplotText

extension CheckReport {
  /// Writes the reports asked for: JUnit XML, HTML, JSON summary. All are staged (written
  /// beside their places) before any is put in place, so a report that cannot be written
  /// leaves the others as they were.
  func write(junit: String?, html: String?, json: String?) throws(FileError) {
    let reports = [(junit, { self.junitXML }), (html, { self.html }), (json, { self.json })]
    var staged: [StagedOutput] = []
    for case (let path?, let text) in reports {
      do {
        staged.append(try OutputFile.stage(Array(text().utf8), to: path))
      } catch {
        for output in staged { output.discard() }
        throw error
      }
    }
    for output in staged { try output.commit() }
  }

  /// The line of a case that did not pass: `FAIL ball.png: differ: …` (a name holding a
  /// control character quoted, as messages quote names: it never reaches the terminal raw).
  static func line(_ result: CaseResult) -> String {
    "\(result.status.word) \(shownName(result.checkCase.id)): \(result.message)\n"
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
