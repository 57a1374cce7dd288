extension CheckReport {
  /// The run the shards of `summaries` make together, as one unsharded run would have
  /// reported it: the cases in case order, the orphans (listed by shard 1), the wall-clock
  /// time of the slowest shard.
  ///
  /// One summary of a run that was not sharded is that run.
  /// - Parameter summaries: each shard's summary (`check --shard I/N --json`) and its file.
  /// - Throws: `CheckSummaryError` when the summaries are not the shards of one run: a shard
  ///   missing or given twice, another folder, filter, comparison, record mode, artifacts
  ///   folder or versions, or a case in two shards.
  package static func merge(_ summaries: [(file: String, report: CheckReport)]) throws(CheckSummaryError) -> CheckReport {
    guard let (firstFile, first) = summaries.first else { throw CheckSummaryError("no summary to merge") }
    for (file, report) in summaries.dropFirst() {
      func differ(_ what: String, _ a: String, _ b: String) -> CheckSummaryError {
        CheckSummaryError("\(file): \(what) \(b), but \(firstFile) has \(a): these are not shards of one run")
      }
      if report.folder != first.folder { throw differ("folder", first.folder, report.folder) }
      if report.options != first.options {
        throw differ("comparison", first.comparisonDescription, report.comparisonDescription)
      }
      if report.filter != first.filter {
        throw differ("filter", first.filter.map { "--filter \($0)" } ?? "no filter", report.filter.map { "--filter \($0)" } ?? "no filter")
      }
      if report.mode != first.mode { throw differ("record mode", first.mode.rawValue, report.mode.rawValue) }
      if report.artifactsFolder != first.artifactsFolder {
        throw differ("artifacts folder", first.artifactsFolder, report.artifactsFolder)
      }
      if report.versions != first.versions {
        func listed(_ versions: [some CustomStringConvertible]) -> String {
          versions.isEmpty ? "no versions" : versions.map(\.description).joined(separator: ", ")
        }
        throw differ("versions", listed(first.versions), listed(report.versions))
      }
    }
    // Either one unsharded run, or shards 1 to N of N, each once.
    if let unsharded = summaries.first(where: { $0.report.shard == nil }) {
      guard summaries.count == 1 else {
        throw CheckSummaryError("\(unsharded.file): a run that was not sharded; merge the summaries of one sharded run")
      }
    } else {
      let count = first.shard!.count
      var byIndex: [Int: String] = [:]
      for (file, report) in summaries {
        let shard = report.shard!
        guard shard.count == count else {
          throw CheckSummaryError("\(file): shard \(shard), but \(firstFile) is shard \(first.shard!): not one run's shards")
        }
        if let other = byIndex[shard.index] {
          throw CheckSummaryError("\(file): shard \(shard) again (\(other) is shard \(shard) too)")
        }
        byIndex[shard.index] = file
      }
      // `count` is at most `Limits.shards` (the summary reader parses it as `--shard` does).
      let missing = (1...count).filter { byIndex[$0] == nil }
      guard missing.isEmpty else {
        let listed = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
        let more = missing.count > 10 ? " and \(missing.count - 10) more" : ""
        throw CheckSummaryError(
          "shard\(missing.count == 1 ? "" : "s") " + listed + more + " missing: merge every shard of the run")
      }
    }
    var results: [CaseResult] = []
    var owner: [String: String] = [:]
    for (file, report) in summaries {
      for result in report.results {
        if let other = owner[result.checkCase.id] {
          throw CheckSummaryError("\(file): case \(result.checkCase.id) is in \(other) too")
        }
        owner[result.checkCase.id] = file
        results.append(result)
      }
    }
    results.sort { $0.checkCase.id.utf8.lexicographicallyPrecedes($1.checkCase.id.utf8) }
    let orphans = Set(summaries.flatMap(\.report.orphans)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var merged = CheckReport(
      folder: first.folder, results: results, orphans: orphans, options: first.options, mode: first.mode,
      shard: nil, artifactsFolder: first.artifactsFolder, seconds: summaries.map(\.report.seconds).max() ?? 0,
      versions: first.versions)
    merged.filter = first.filter
    return merged
  }
}
