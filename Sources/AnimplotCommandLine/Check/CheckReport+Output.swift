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

  /// The line of a case that did not pass: `FAIL ball.png: differ: …`.
  static func line(_ result: CaseResult) -> String { line(result.status.word, result.checkCase.id, result.message) }

  /// A line check and merge print about a file: `WORD name: message` (FAIL, RECORDED, ORPHAN,
  /// SKIPPED, REMOVED, NOTE), the name quoted when it holds a control character, as messages
  /// quote names (`shownName`): it never reaches the terminal raw.
  static func line(_ word: String, _ name: String, _ message: String) -> String {
    "\(word) \(shownName(name)): \(message)\n"
  }

  /// The summary line, then where the artifacts are and what to do with recorded references.
  func closingLines(artifactsPath: String) -> String {
    var tail = summaryLine + "\n"
    if results.contains(where: { $0.status.isFailure && !$0.artifacts.isEmpty }) {
      tail += "artifacts of the failing cases: \(shownName(artifactsPath))\n"
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
