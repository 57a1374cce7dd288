import AnimplotCheck
import AnimplotGolden
import AnimplotPlatform
import ArgumentParser

/// `animplot merge SUMMARY.json...`: the shards of a check run (`check --shard I/N --json`)
/// made into the reports one unsharded run would have written, its lines printed and its
/// exit code returned.
package struct MergeArguments: ParsableArguments, Sendable {
  package init() {}

  package static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merge the JSON summaries of a sharded check into the reports of one run; exit 0 when all cases match, 1 when not.",
    discussion: """
      Each shard of a check run writes its JSON summary with --json; merge reads every \
      shard's summary (shards 1 to N, each once, of one folder, comparison, record mode and \
      versions) and writes the HTML report, the JUnit XML and the JSON summary the whole run \
      would have written, up to timings (the time is the slowest shard's). It prints what \
      check prints: a line per case that did not pass, the orphans, the summary. The \
      artifacts stay where each shard wrote them: download them into one folder.

      Exit codes: 0 every case matches; 1 a case failed or a reference was recorded; 2 a \
      summary that cannot be read, or summaries that are not the shards of one run.

      Examples:
        animplot check goldens --shard 1/2 --json shard-1.json
        animplot check goldens --shard 2/2 --json shard-2.json
        animplot merge shard-1.json shard-2.json --report report.html \\
          --junit junit.xml
      """)

  @Argument(help: ArgumentHelp("The shards' JSON summaries (check --json).", valueName: "summary.json"))
  package var summaries: [String]

  @Option(help: ArgumentHelp("Write the merged HTML report.", valueName: "file.html"))
  package var report: String?

  @Option(help: ArgumentHelp("Write the merged JUnit XML report.", valueName: "file.xml"))
  package var junit: String?

  @Option(help: ArgumentHelp("Write the merged JSON summary.", valueName: "file.json"))
  package var json: String?

  package func validate() throws {
    guard !summaries.isEmpty else { throw ValidationError("give the shards' summaries (check --json FILE)") }
  }

  package func run() throws {
    var read: [(file: String, report: CheckReport)] = []
    var reads = RunReads()
    // The summaries are held read, and their images written again: their bytes and cases
    // together are bounded, each refused before it is parsed.
    var bytesBefore = 0
    var casesBefore = 0
    for file in summaries {
      let bytes: [UInt8]
      let room = Limits.summaryBytes - bytesBefore
      do {
        bytes = try FileSystem.readBytes(path: file, limit: min(room, Limits.inputBytes))
      } catch {
        guard error.isOverLimit, room < Limits.inputBytes else {
          throw CLIError("\(file): cannot read: \(error.unreadableReason)")
        }
        let others = bytesBefore == 0 ? "" : " (the summaries before it hold \(bytesBefore))"
        throw CLIError(
          "\(file): more than \(room) bytes\(others); merge reads at most \(Limits.summaryBytes >> 20) MiB of summaries, all together: split the run into smaller ones (--filter)")
      }
      do {
        let report = try CheckReport(json: bytes, file: file, casesBefore: casesBefore)
        casesBefore += report.results.count
        read.append((file, report))
      } catch {
        throw CLIError(error.message)
      }
      bytesBefore += bytes.count
      reads.add(file, as: "a summary being merged")
    }
    let merged: CheckReport
    do {
      merged = try CheckReport.merge(read)
    } catch {
      throw CLIError(error.message)
    }
    // check's rule for its reports, over the summaries' artifacts folder.
    _ = try ReportPaths.checked(
      [("--report", report), ("--junit", junit), ("--json", json)], reads: reads, artifacts: merged.artifactsFolder)
    try merged.write(junit: junit, html: report, json: json)
    var out = merged.results.filter { $0.status != .passed }.map(CheckReport.line).joined()
    out += merged.orphans.map { CheckReport.line("ORPHAN", $0, "no input of its name") }.joined()
    let artifacts = merged.artifactsFolder
    out += merged.closingLines(artifactsPath: artifacts.hasSuffix("/") ? artifacts : artifacts + "/")
    try Terminal.result(out)
    if !merged.passed { throw ExitCode(1) }
  }
}
