import AnimplotCheck
import AnimplotConcurrency
import AnimplotGolden
import AnimplotIO
import AnimplotPlatform
import AnimplotRender
import AnimplotText
import ArgumentParser

/// `animplot check DIR`: golden-image regression over a folder of cases (docs/check.md), exit 0
/// when every case matches its reference, 1 when not. Each case's `NAME.args` is parsed once
/// into a typed request (`CaseRequests`) with the verbs' own grammar.
package struct CheckArguments: ParsableArguments, Sendable {
  package init() {}

  /// The verb's help, for the executable's command.
  package static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Draw every case of a folder and compare it with its reference; exit 0 when all match, 1 when not.",
    discussion: """
      A case is an input (NAME.json) with its reference beside it: NAME.png (compared by \
      pixels), NAME.svg (both SVGs rasterised with rsvg-convert, then compared by pixels), \
      NAME.layout.json or NAME.displaylist.txt (compared as text), NAME.values.csv ('animplot \
      eval' of the input, compared channel by channel; --values gives every input one). An \
      optional NAME.args holds the verb and its options, e.g. 'graph --width 800 --height \
      450 --theme light' (default: graph), and check's --ignore X,Y,W,H; a --format there \
      chooses the kind of reference. NAME.mask.png leaves its bright pixels out of the \
      comparison. Subfolders are \
      searched too; cases are named by their reference's path in the folder (ui/ball.png). \
      See docs/check.md.

      Record modes (--record, else $ANIMPLOT_RECORD): missing (the default) writes \
      references that do not exist; failed also rewrites those that differ; all rewrites \
      every one; never writes none, and is the default when $CI is set. A run that writes \
      a reference fails, so that it is reviewed and committed before anything passes.

      Each failing case gets one line; its reference, output and diff go to the artifacts \
      folder (NAME.expected.png, NAME.actual.png, NAME.diff.png), never through a symbolic \
      link; artifacts of cases that no longer exist are removed there (REMOVED lines) when \
      check made the folder. An artifacts folder inside the case folder must be hidden \
      (.NAME). References with no input \
      (orphans) are listed. The last line counts: 3 passed, 1 failed. The reports record \
      the versions of animplot, Cairo, pixman, FreeType, libpng and zlib; 'animplot merge' \
      makes one report of the shards' --json summaries.

      Exit codes: 0 every case matches; 1 a case differs, has no reference, cannot be \
      drawn, or a reference was recorded; 2 bad usage or a bad case folder (an unreadable \
      NAME.args, options that do not parse, two inputs of one name).

      Examples:
        animplot check goldens/
        animplot check goldens/ --filter 'ui/*' --report report.html \\
          --junit junit.xml
        CI=1 animplot check goldens/ --shard 2/4 --json shard-2.json
      """)

  @Argument(help: "The folder of cases.")
  package var folder: String

  @Option(
    help: ArgumentHelp(
      "When to write references (default: $ANIMPLOT_RECORD, else never when $CI is set, else missing).",
      valueName: "mode"))
  package var record: RecordMode?

  @Option(
    help: ArgumentHelp(
      "Folder for the expected, actual and diff files of failing cases.", valueName: "dir"))
  package var artifacts = ".animplot-artifacts"

  @Option(
    help: ArgumentHelp(
      "Write an HTML report: each failing case's images side by side, the passing ones listed.",
      valueName: "file.html"))
  package var report: String?

  @Option(help: ArgumentHelp("Write a JUnit XML report for CI dashboards.", valueName: "file.xml"))
  package var junit: String?

  @Option(
    help: ArgumentHelp(
      "Write a JSON summary: the versions, the settings and every case's verdict, figures and images; 'animplot merge' makes one report of the shards' summaries.",
      valueName: "file.json"))
  package var json: String?

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Cases drawn at once (default: the number of cores).", valueName: "n"))
  package var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "Run one shard of the cases: shard I of N takes the cases at positions I, I+N, I+2N, … of the sorted list.",
      valueName: "I/N"))
  package var shard: String?

  @Option(
    help: ArgumentHelp(
      "Only the cases whose name (ui/ball) or reference (ui/ball.png) matches this glob, e.g. 'ui/*' or '*ball*'; commas separate alternatives.",
      valueName: "glob"))
  package var filter: String?

  @Option(
    help: ArgumentHelp(
      "Only the case of this name (ui/ball) or reference (ui/ball.png), exactly; repeatable. With --record all, approves it.",
      valueName: "name"))
  package var only: [String] = []

  @Flag(
    help: "Give every input a values reference, NAME.values.csv ('animplot eval' of its scene range), recorded as the record mode says.")
  package var values = false

  @OptionGroup var criteria: ComparisonOptions

  @OptionGroup var look: DiffImageOptions

  /// The extensions of the inputs the drawing verbs read.
  static var inputExtensions: Set<String> { Set(InputKind.all.flatMap(\.fileExtensions)) }

  package func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, not \(jobs)") }
    if let shard {
      do {
        _ = try Shard(parsing: shard)
      } catch {
        throw ValidationError("--shard \(error)")
      }
    }
  }

  package func run() throws {
    if !(try check()).passed { throw ExitCode(1) }
  }

  /// Runs the cases, writes what the options ask and prints the verdicts; the report, for a
  /// review of its failed cases (`check --review`). With `keeping`, the output of each case
  /// that did not pass (what approving writes) is kept there as the case ends
  /// (`CaseResult.approval`), not in memory, unless its reference may not be written (it is a
  /// file the run reads as something else, as `--record` refuses it); outputs are let go.
  package func check(keeping spill: SpillFile? = nil) throws -> CheckReport {
    let started = Clock.seconds()
    let options = try criteria.diffOptions()
    let style = try look.style()
    let mode: RecordMode
    do {
      mode = try RecordMode.resolve(
        flag: record, recordVariable: environment("ANIMPLOT_RECORD"),
        ciVariable: environment("CI"))
    } catch {
      throw CLIError(error.description)
    }
    // validate() has checked the value.
    let shard = self.shard.flatMap { try? Shard(parsing: $0) }
    // An artifacts folder inside the case folder is left out of the walk: one that is not
    // hidden would drop the cases under it and take their references for stale artifacts.
    let artifactsRoot = FileSystem.resolvedAbsolute(artifacts)
    if let caseRoot = FileSystem.canonical(folder), artifactsRoot == caseRoot {
      // The walk would leave out the whole folder ("no cases"), and artifacts written there
      // would be its orphans.
      throw CLIError(
        "--artifacts \(artifacts): that is the case folder \(folder) itself, where artifacts would be taken for references: use a folder outside it, or a hidden one inside (the default .animplot-artifacts)")
    }
    if let caseRoot = FileSystem.canonical(folder), artifactsRoot.hasPrefix(caseRoot == "/" ? "/" : caseRoot + "/") {
      let inner = artifactsRoot.dropFirst(caseRoot == "/" ? 1 : caseRoot.count + 1)
      if !inner.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
        throw CLIError(
          "--artifacts \(artifacts): a folder inside the case folder \(folder) that is not hidden; its cases would be left out and their files taken for artifacts: use a name starting with '.' (the default .animplot-artifacts) or a folder outside")
      }
    }
    let caseFolder: CaseFolder
    var requests = CaseRequests()
    do {
      caseFolder = try CaseFolder.scan(
        root: folder, inputExtensions: Self.inputExtensions, skipping: [artifacts], values: values,
        verbsWithoutInput: CaseRequests.verbsWithoutInput,
        requestedKind: { requests.parse(path: $0, text: $1) })
    } catch {
      throw Self.problems(error.problems)
    }
    guard !caseFolder.cases.isEmpty else {
      throw CLIError(
        "\(folder): no cases; a case is an input (NAME.json) beside its reference (NAME.png), see 'animplot check --help'")
    }
    // References are recorded in the folder the run reads, opened now: never in another that
    // its path names later.
    let caseRoot = Result { () throws(FileError) in try OpenFolder(folder) }
    // No output of the run may be a file it reads: a report over an input, a reference or a
    // glTF's buffer would destroy what it reports on.
    let referred = referredFiles(of: caseFolder, requests: requests)
    let reads = referred.adding(absolute: caseFolder.files, as: "a file of the case folder \(folder)")
    let outputs = try ReportPaths.checked(
      [("--junit", junit), ("--report", report), ("--json", json)], reads: reads, artifacts: artifacts)
    if let problem = ReportPaths.artifactsProblem(artifacts) {
      throw CLIError("--artifacts \(artifacts): \(problem); check makes the artifacts folder, but not over a file")
    }
    var chosen = caseFolder.cases
    if let filter {
      let globs = filter.split(separator: ",").map { $0.trimmingCharacters(in: " ") }
      chosen = chosen.filter { c in globs.contains { Glob.matches($0, c.name) || Glob.matches($0, c.id) } }
      guard !chosen.isEmpty else {
        let names = caseFolder.cases.map(\.id)
        let shown = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? " and \(names.count - 8) more" : "")
        throw CLIError("--filter \(filter): no case of \(folder) matches; the cases are \(shown)")
      }
    }
    if !only.isEmpty {
      for name in only where !chosen.contains(where: { $0.id == name || $0.name == name }) {
        let names = caseFolder.cases.map(\.id)
        let shown = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? " and \(names.count - 8) more" : "")
        let suggestion = Suggestion.nearest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw CLIError("--only \(name): no case of \(folder) has that name\(suggestion) (the cases are \(shown))")
      }
      chosen = chosen.filter { c in only.contains(c.id) || only.contains(c.name) }
    }
    let cases = shard?.select(chosen) ?? chosen
    // Artifacts are written and removed only in real folders: a link inside the artifacts
    // folder would carry them elsewhere.
    for checkCase in cases {
      if let link = FileSystem.linkedFolder(under: artifacts, toward: ArtifactNames(for: checkCase).expected) {
        throw CLIError(Self.linkedFolderMessage(link))
      }
    }
    let rasterizer = SVGRasterizer.find(searchPath: environment("PATH"))
    if rasterizer == nil, let svgCase = cases.first(where: { $0.kind == .svg }) {
      throw CLIError(
        "\(svgCase.referencePath): comparing SVG needs \(SVGRasterizer.command); \(SVGRasterizer.installHint)")
    }

    // Every case's request is made before anything is drawn.
    var problems: [String] = []
    let drawings = cases.compactMap { checkCase -> CaseDrawing? in
      do throws(CaseOptionsProblem) {
        return try requests.drawing(for: checkCase)
      } catch {
        problems.append("\(checkCase.argumentsPath ?? checkCase.inputPath): \(error.message)")
        return nil
      }
    }
    if !problems.isEmpty { throw Self.problems(problems) }

    // Check's own artifacts folder: one it makes now, the default, or one marked before.
    let artifactsExisted = FileSystem.status(of: artifacts) != nil || FileSystem.isSymbolicLink(artifacts)
    let defaultName = artifacts.split(separator: "/").last == ".animplot-artifacts"
    let ignoredRegions = cases.map { requests.ignoredRegions(for: $0) }
    // A picture that differs is shown with its recorded values as ghost curves.
    let ghostRequests = cases.map { c in
      c.kind == .values ? nil : c.valuesPath.flatMap { requests.ghostRequest(for: c, valuesPath: $0) }
    }
    let bar = ProgressBar(total: cases.count)
    let progress = CaseProgress(bar: bar)
    let results = Parallel.map(count: cases.count, jobs: jobs ?? .max) { i in
      var result = runCase(
        cases[i], drawings[i], options: options, style: style, ignoring: ignoredRegions[i],
        mode: mode, rasterizer: rasterizer, reads: reads, referred: referred, caseRoot: caseRoot)
      if let spill, result.status != .passed, let output = result.output {
        let referencePath = cases[i].referencePath
        if let what = referred.what(referencePath) {
          result.approval = .refused("\(referencePath): not written: that is \(what); rename one")
        } else {
          do {
            result.approval = .kept(try spill.store(output))
          } catch {
            result.approval = .refused("the output could not be kept for the review: \(error)")
          }
        }
      }
      result.output = nil
      if result.status == .differed, let ghost = ghostRequests[i] {
        result.images.ghost = try? ghost.render(.file(cases[i].inputPath), with: Renderer())
      }
      progress.finished(i, result)
      return result
    }
    bar.clear()

    // An artifacts folder that holds the case folder (--artifacts .) is no folder of check's
    // own, and files named like artifacts there may be anyone's. Any other is marked as
    // check's when this run made it (or it is the default .animplot-artifacts).
    let holdsCases = FileSystem.canonical(artifacts).flatMap { a in
      FileSystem.canonical(folder).map { c in c == a || c.hasPrefix(a == "/" ? a : a + "/") }
    } ?? false
    let isDirectory = FileSystem.isDirectory(artifacts)
    if isDirectory, !holdsCases, !artifactsExisted || defaultName, !StaleArtifacts.isMarked(artifacts) {
      do {
        try OutputFile.replace(Array(StaleArtifacts.markerText.utf8), at: artifactPath(StaleArtifacts.marker))
      } catch {
        Terminal.error(error.description)
      }
    }

    // Orphans belong to the folder, not to a shard: the first shard lists them.
    let orphans = (shard?.index ?? 1) == 1 ? caseFolder.orphans : []
    for orphan in orphans {
      Terminal.write(CheckReport.line("ORPHAN", orphan, "no input of its name"), to: 1)
    }
    if (shard?.index ?? 1) == 1 {
      for entry in caseFolder.skipped { Terminal.write(CheckReport.line("SKIPPED", entry.path, entry.kind + ", left out"), to: 1) }
      // Artifacts of cases that are gone belong to the folder too: the first shard removes
      // them (any case of the folder keeps its own, whatever --filter chose), only from a
      // folder of check's own (marked).
      let protected = reads.paths.union(outputs.keys)
      var stale: (removed: [String], problems: [String]) = ([], [])
      if holdsCases || !isDirectory {
        // Nothing of check's own to clean.
      } else if StaleArtifacts.isMarked(artifacts) {
        stale = StaleArtifacts.remove(in: artifacts, cases: caseFolder.cases, skipping: [folder], protected: protected)
      } else {
        let left = StaleArtifacts.find(in: artifacts, cases: caseFolder.cases, skipping: [folder], protected: protected)
        if !left.isEmpty {
          Terminal.write(
            CheckReport.line(
              "NOTE", artifactPath(""),
              "\(left.count) file\(left.count == 1 ? "" : "s") named like artifacts of no case left there: check removes stale artifacts only in a folder it made (one holding \(StaleArtifacts.marker))"),
            to: 1)
        }
      }
      for path in stale.removed {
        Terminal.write(CheckReport.line("REMOVED", path, "an artifact of a case that no longer exists"), to: 1)
      }
      for problem in stale.problems { Terminal.error(problem) }
    }
    var report = CheckReport(
      folder: folder, results: results, orphans: orphans, options: options, mode: mode,
      shard: shard, artifactsFolder: artifacts, seconds: Clock.seconds() - started,
      versions: reportedVersions)
    report.filter = filter
    for folder in ReportPaths.foldersInArtifacts([junit, self.report, json], artifacts: artifacts) {
      do {
        try FileSystem.createFolders(folder)
      } catch {
        throw CLIError(error.description)
      }
    }
    try report.write(junit: junit, html: self.report, json: json)

    let tail = report.closingLines(artifactsPath: artifactPath(""))
    try Terminal.result(tail)
    return report
  }

  /// The files the cases read besides those of the case folder (`CaseFolder.files`): those a
  /// glTF input refers to, those the options name (`edit --ops`, `graph --ghost`) and those a
  /// glTF named so refers to; in the order of the cases, so that a file read twice is
  /// described by its first reader.
  private func referredFiles(of caseFolder: CaseFolder, requests: CaseRequests) -> RunReads {
    var reads = RunReads()
    var seen: Set<String> = []
    for checkCase in caseFolder.cases {
      if checkCase.hasInput, seen.insert(checkCase.inputPath).inserted { reads.addReferences(of: checkCase.inputPath) }
      for (option, path) in requests.namedFiles(for: checkCase) {
        reads.add(path, as: "\(path), the \(option) file of \(checkCase.argumentsPath ?? checkCase.inputPath)")
        if seen.insert(path).inserted { reads.addReferences(of: path) }
      }
    }
    return reads
  }

  /// Draws, compares and records one case, and writes its files; safe on any thread. No file
  /// of `reads` is written or removed, and no reference recorded over a file of `referred`
  /// (the cases read it as something else).
  private func runCase(
    _ checkCase: CheckCase, _ drawing: CaseDrawing, options: DiffOptions, style: DiffImageStyle,
    ignoring regions: [PixelRect], mode: RecordMode, rasterizer: SVGRasterizer?, reads: RunReads,
    referred: RunReads, caseRoot: Result<OpenFolder, FileError>
  ) -> CaseResult {
    let started = Clock.seconds()
    var ignoring = IgnoredPixels(regions: regions)
    if let maskPath = checkCase.maskPath {
      do {
        ignoring.mask = try ImageFile.read(path: maskPath)
      } catch {
        var result = CaseResult(checkCase: checkCase, status: .error, message: error.description)
        result.seconds = Clock.seconds() - started
        return result
      }
    }
    let output = drawing.draw(input: checkCase.hasInput ? checkCase.inputPath : nil)
    let reference: CaseEvaluation.Reference
    if checkCase.referenceExists {
      do {
        reference = .bytes(try FileSystem.readBytes(path: checkCase.referencePath))
      } catch {
        reference = .unreadable(error)
      }
    } else {
      reference = .absent
    }
    let evaluation = CaseEvaluation(
      checkCase: checkCase, output: output, reference: reference, options: options, mode: mode,
      rasterizer: rasterizer, style: style, ignoring: ignoring)
    var result = evaluation.result
    if let bytes = evaluation.recordedReference {
      let refusal: String?
      if let what = referred.what(checkCase.referencePath) {
        refusal = "\(checkCase.referencePath): not recorded: that is \(what); rename one"
      } else {
        switch caseRoot {
        case .success(let root): refusal = ReferenceFile.write(bytes, for: checkCase, in: root)
        case .failure(let error): refusal = error.description
        }
      }
      if let refusal {
        result.status = .error
        result.message = refusal
        result.seconds = Clock.seconds() - started
        return result
      }
    }
    // An artifact that cannot be written is said after the case's verdict, which stays: the
    // reports keep its comparison.
    var unwritten: [(name: String, problem: String)] = []
    for artifact in evaluation.artifacts {
      let path = artifactPath(artifact.name)
      if let what = reads.what(path) {
        unwritten.append((artifact.name, "\(path): this artifact would replace \(what); choose another --artifacts folder"))
        continue
      }
      do throws(FileError) {
        // Checked before the run; again here (before and after making the folders), as
        // folders may have changed since.
        if let link = FileSystem.linkedFolder(under: artifacts, toward: artifact.name) {
          unwritten.append((artifact.name, Self.linkedFolderMessage(link)))
          continue
        }
        if let slash = path.lastIndex(of: "/") { try FileSystem.createFolders(String(path[..<slash])) }
        if let link = FileSystem.linkedFolder(under: artifacts, toward: artifact.name) {
          unwritten.append((artifact.name, Self.linkedFolderMessage(link)))
          continue
        }
        // Replaces a link at the artifact's path, never writes through it.
        try OutputFile.replace(artifact.bytes, at: path)
      } catch {
        unwritten.append((artifact.name, error.description))
      }
    }
    if let first = unwritten.first {
      let more = unwritten.count > 1 ? " (and \(unwritten.count - 1) more artifact\(unwritten.count == 2 ? "" : "s"))" : ""
      result.message += "; not written: \(first.problem)\(more)"
      result.artifacts.removeAll { name in unwritten.contains { $0.name == name } }
      // A case that passed writes no artifact; one recorded fails the run already.
      if result.status == .passed { result.status = .error }
    }
    // Only regular files, in real folders, that the run does not read: a link named like an
    // artifact is left alone, as is a glTF's buffer.
    for name in evaluation.staleArtifacts {
      let path = artifactPath(name)
      if FileSystem.linkedFolder(under: artifacts, toward: name) == nil, FileSystem.isRegularFile(path), reads.what(path) == nil {
        try? FileSystem.removeFile(path)
      }
    }
    result.seconds = Clock.seconds() - started
    return result
  }

  /// The refusal of a symbolic link met inside the artifacts folder.
  private static func linkedFolderMessage(_ link: String) -> String {
    "\(link): a symbolic link inside the artifacts folder; check writes and removes artifacts only in real folders: remove the link or choose another --artifacts folder"
  }

  /// `name` in the artifacts folder.
  private func artifactPath(_ name: String) -> String {
    (artifacts.hasSuffix("/") ? artifacts : artifacts + "/") + name
  }

  /// Reports every problem of a case folder, one line each; the last one as the error.
  private static func problems(_ problems: [String]) -> CLIError {
    for problem in problems.dropLast() { Terminal.error(problem) }
    return CLIError(problems.last ?? "bad case folder")
  }

  private func environment(_ name: String) -> String? { FileSystem.environment(name) }

}

extension RecordMode: CaseInsensitiveArgument {}
