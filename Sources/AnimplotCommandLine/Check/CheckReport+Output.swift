import AnimplotCheck
import AnimplotGolden
import AnimplotPlatform
import AnimplotText

extension CheckReport {
  /// Writes the reports asked for: JUnit XML, HTML, JSON summary. All are staged (written
  /// beside their places) before any is put in place, so a report that cannot be written
  /// leaves the others as they were, and no temporary file (`StagedOutput.commit`).
  /// - Throws: `CLIError` naming the option, its path and why; `FileError` for standard
  ///   output closed by its reader (`-`), which ends the run quietly.
  func write(junit: String?, html: String?, json: String?) throws {
    let reports = [("--junit", junit, { self.junitXML }), ("--report", html, { self.html }), ("--json", json, { self.json })]
    var staged: [(option: String, output: StagedOutput)] = []
    func failure(_ option: String, _ error: FileError) -> any Error {
      error.isClosedStandardOutput ? error : CLIError("\(option) \(error)")
    }
    for case (let option, let path?, let text) in reports {
      do {
        staged.append((option, try OutputFile.stage(Array(text().utf8), to: path)))
      } catch {
        for (_, output) in staged { output.discard() }
        throw failure(option, error)
      }
    }
    do {
      try StagedOutput.commit(staged.map(\.output))
    } catch {
      throw failure(staged[error.index].option, error.error)
    }
  }

  /// The line of a case that did not pass: `FAIL ball.png: differ: …`.
  static func line(_ result: CaseResult) -> String { line(result.status.word, result.checkCase.id, result.message) }

  /// A line check and merge print about a file: `WORD name: message` (FAIL, RECORDED, ORPHAN,
  /// SKIPPED, REMOVED, NOTE), the name quoted when it holds a control character, as messages
  /// quote names (`shownName`), and control characters in the message (a path in an error, a
  /// summary's text) escaped as in JSON: neither reaches the terminal raw.
  static func line(_ word: String, _ name: String, _ message: String) -> String {
    var shown = ""
    for scalar in visiblyEscaped(message).unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F {
        shown += jsonStringLiteral(String(scalar)).dropFirst().dropLast()
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return "\(word) \(shownName(name)): \(shown)\n"
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
