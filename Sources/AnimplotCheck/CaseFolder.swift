import AnimplotPlatform
/// The cases of a check folder and its orphaned files, found by the naming rules of
/// docs/check.md.
///
/// The folder is walked recursively, in sorted order; names starting with `.` are skipped,
/// symbolic links are followed (each directory is visited once), and `skipping` folders
/// (the artifacts folder) are left out. In each folder:
/// - an input is a file whose extension is one of `inputExtensions`, unless its name ends
///   in a reference suffix (`ball.layout.json` is a reference, not an input);
/// - `NAME.png`, `NAME.svg`, `NAME.layout.json`, `NAME.displaylist.txt` are references,
///   `NAME.args` holds the case's verb and options, and `NAME.mask.png` the pixels its
///   picture references leave out of the comparison;
/// - other files are ignored.
///
/// Each input makes one case per reference it has; with none, one case whose reference is
/// missing, of the kind its options ask for, else PNG. Options that ask for a kind (the
/// caller reads them from `NAME.args`, see `scan`) make the case compare that kind only, and a
/// reference of another kind beside it is an error. References and `NAME.args` files with no
/// input of their name are orphans.
package struct CaseFolder: Sendable, Hashable {
  /// The folder, as given.
  package var root: String
  /// Every case, ordered by id (byte order of the UTF-8 text).
  package var cases: [CheckCase]
  /// Reference and `NAME.args` files with no input, as paths relative to the folder, sorted.
  package var orphans: [String]
  /// Entries that are neither files nor folders (FIFOs, devices, dangling links), left out
  /// unread, sorted by path.
  package var skipped: [SkippedEntry] = []
  /// The folders' `check.args` files, as paths relative to the folder, sorted.
  package var defaultsFiles: [String] = []

  /// An entry of the folder left out, and why.
  package struct SkippedEntry: Sendable, Hashable {
    /// Its path relative to the folder.
    package var path: String
    /// What it is: "a FIFO", "a dangling symbolic link".
    package var kind: String
  }

  /// The file of options for every case of its folder.
  package static let defaultsFileName = "check.args"

  /// Every file of the run as `FileSystem.absolute` gives it: inputs, `NAME.args` and
  /// `check.args`, masks, references (present or still to be recorded) and orphans; no output
  /// may be one of them.
  package var files: Set<String> {
    var paths = Set(
      cases.flatMap { [$0.inputPath, $0.referencePath] + [$0.argumentsPath, $0.maskPath].compactMap { $0 } })
    let base = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    for file in orphans + defaultsFiles { paths.insert(base + "/" + file) }
    return Set(paths.map(FileSystem.absolute))
  }

  /// Finds the cases under `root`.
  /// - Parameters:
  ///   - inputExtensions: the extensions of the files the drawing verbs read, without dot.
  ///   - skipping: folders left out of the walk (compared by identity, not by path).
  ///   - requestedKind: reads the text of a case's `NAME.args` (given with its path) and tells
  ///     the reference kind its options ask for, if any, or the problem with them (one line,
  ///     without the file name). Called once per `NAME.args` file.
  /// - Throws: `CaseFolderError` listing every problem found: unreadable folders or
  ///   `NAME.args` files, names that are not UTF-8 text (no path can be made of them), options `requestedKind` refuses, two inputs of one name, a
  ///   reference of another kind than the options ask for.
  ///   - values: every input gets a values case (`NAME.values.csv`), recorded when missing
  ///     (`check --values`); without it, only the inputs that have one.
  ///   - verbsWithoutInput: verbs that read no input (`gallery`): a `NAME.args` whose verb is
  ///     one (its own first word, else its folder's `check.args`'s) is a case by itself.
  package static func scan(
    root: String, inputExtensions: Set<String>, skipping: [String] = [], values: Bool = false,
    verbsWithoutInput: Set<String> = [],
    requestedKind: (_ argumentsPath: String, _ text: String) -> Result<ReferenceKind?, CaseOptionsProblem> = { _, _ in .success(nil) }
  ) throws(CaseFolderError) -> CaseFolder {
    let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    guard let status = FileSystem.status(of: trimmed), status.kind == .directory else {
      throw CaseFolderError(problems: ["\(root): not a folder"])
    }
    var walk = Walk(
      root: trimmed, inputExtensions: inputExtensions,
      visited: Set(skipping.compactMap { FileSystem.status(of: $0)?.identity }))
    walk.visit(relative: "", identity: status.identity)
    walk.addCasesWithoutInput(verbs: verbsWithoutInput)
    let folder = walk.folder(root: root, values: values, requestedKind: requestedKind)
    if !walk.problems.isEmpty { throw CaseFolderError(problems: walk.problems) }
    return folder
  }
}

/// The files of one walk of a case folder, gathered by case name, and the problems met.
private struct Walk {
  let root: String
  let inputExtensions: Set<String>
  /// Folders already walked or skipped.
  var visited: Set<FileIdentity>
  /// Input file (relative path) by case name.
  var inputs: [String: String] = [:]
  /// Reference kinds present by case name.
  var references: [String: Set<ReferenceKind>] = [:]
  /// Case names with a `NAME.args` file.
  var argumentFiles: Set<String> = []
  /// Folders (relative, `""` or ending in `/`) with a `check.args` file: options for every case
  /// there.
  var folderDefaults: Set<String> = []
  /// Case names with a `NAME.mask.png` file.
  var masks: Set<String> = []
  var problems: [String] = []
  /// Entries neither file nor folder, with what they are.
  var skipped: [CaseFolder.SkippedEntry] = []

  init(root: String, inputExtensions: Set<String>, visited: Set<FileIdentity>) {
    self.root = root
    self.inputExtensions = inputExtensions
    self.visited = visited
  }

  func path(_ relative: String) -> String { root + "/" + relative }

  /// Records the files of the folder at `relative` (`""` for the root) and walks its folders.
  mutating func visit(relative: String, identity: FileIdentity) {
    guard visited.insert(identity).inserted else { return }
    let folder = relative.isEmpty ? root : path(relative)
    let names: [String]
    var notUTF8: [String] = []
    do {
      names = try FileSystem.entries(of: folder, notUTF8: &notUTF8)
    } catch {
      problems.append("\(folder)/: cannot read the folder: \(error)")
      return
    }
    // No path can be made of such a name: left out, it would pass unseen.
    for shown in notUTF8 where !shown.hasPrefix(".") {
      problems.append(
        "\(folder)/\(shown): a name that is not UTF-8 text; animplot reads every path as UTF-8: rename it (or give it a name starting with '.' to leave it out)")
    }
    for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    where !name.hasPrefix(".") {
      let child = relative.isEmpty ? name : relative + "/" + name
      guard let status = FileSystem.status(of: path(child)), status.kind != .other else {
        skipped.append(.init(path: child, kind: FileSystem.oddKind(of: path(child)) ?? "not a regular file"))
        continue
      }
      switch status.kind {
      case .directory: visit(relative: child, identity: status.identity)
      case .file: record(file: child, named: name)
      case .other: continue
      }
    }
  }

  /// Files a regular file under the case name it belongs to.
  mutating func record(file relative: String, named name: String) {
    let folder = String(relative.dropLast(name.count))
    if name.hasSuffix(CheckCase.maskSuffix), name.count > CheckCase.maskSuffix.count {
      masks.insert(folder + String(name.dropLast(CheckCase.maskSuffix.count)))
    } else if let (stem, kind) = ReferenceKind.classify(fileName: name) {
      references[folder + stem, default: []].insert(kind)
    } else if name == CaseFolder.defaultsFileName {
      folderDefaults.insert(folder)
    } else if name.hasSuffix(".args"), name.count > ".args".count {
      argumentFiles.insert(folder + String(name.dropLast(".args".count)))
    } else if let dot = name.lastIndex(of: "."), dot != name.startIndex,
      inputExtensions.contains(String(name[name.index(after: dot)...]))
    {
      let caseName = folder + String(name[..<dot])
      if let other = inputs[caseName] {
        problems.append(
          "\(path(other)) and \(path(relative)): two inputs for the case \(caseName); rename one")
      } else {
        inputs[caseName] = relative
      }
    }
  }

  /// The text of a `NAME.args` or `check.args` at `path`, read up to `Limits.caseOptionsBytes`.
  /// - Throws: `CaseOptionsProblem` for a larger file; the reading's `SystemError`.
  static func options(at path: String) throws -> String {
    let bytes: [UInt8]
    do throws(SystemError) {
      bytes = try FileSystem.readBytes(path: path, limit: Limits.caseOptionsBytes)
    } catch {
      guard error.isOverLimit else { throw error }
      throw CaseOptionsProblem(
        "more than \(Limits.caseOptionsBytes >> 10) KiB of options; a case's options are a few lines (give fewer --ignore rectangles, or a mask)")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The first word of a `NAME.args` text (comments skipped), as its verb is told.
  static func firstWord(_ text: String) -> Substring? {
    for line in text.split(whereSeparator: \.isNewline) {
      guard let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { continue }
      if word.hasPrefix("#") { continue }
      return word
    }
    return nil
  }

  /// Makes each `NAME.args` with no input whose verb is one of `verbs` a case of its own: its
  /// input is the file itself (`CheckCase.hasInput` is false).
  mutating func addCasesWithoutInput(verbs: Set<String>) {
    guard !verbs.isEmpty else { return }
    for name in argumentFiles.sorted() where inputs[name] == nil {
      let folder = String(name[..<(name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex)])
      let own = try? Self.options(at: path(name + ".args"))
      var verb = own.flatMap { Self.firstWord($0) }
      if verb == nil || verb!.hasPrefix("-"), folderDefaults.contains(folder),
        let defaults = try? Self.options(at: path(folder + CaseFolder.defaultsFileName))
      {
        verb = Self.firstWord(defaults)
      }
      if let verb, verbs.contains(String(verb)) { inputs[name] = name + ".args" }
    }
  }

  /// A case's `NAME.args` text added to its folder's `check.args`: the case's options follow
  /// the folder's; a verb the case names must be the folder's (it is said once).
  static func adding(_ own: String, to defaults: String, defaultsPath: String) throws -> String {
    guard let verb = firstWord(own), !verb.hasPrefix("-") else { return defaults + "\n" + own }
    let folderVerb = firstWord(defaults) ?? "graph"
    guard verb == folderVerb else {
      throw CaseOptionsProblem(
        "the verb '\(verb)' is not the one of \(defaultsPath), '\(folderVerb)'; a case adds options to its folder's")
    }
    // The verb is dropped from the case's words, where it is the first word (not where a
    // comment before it says it): the folder's comes first.
    var rest = own
    rest.replaceSubrange(verb.startIndex..<verb.endIndex, with: "")
    return defaults + "\n" + rest
  }

  /// The cases and orphans found, reading each case's `NAME.args`.
  mutating func folder(
    root given: String, values everyValues: Bool,
    requestedKind: (String, String) -> Result<ReferenceKind?, CaseOptionsProblem>
  ) -> CaseFolder {
    var cases: [CheckCase] = []
    for (name, input) in inputs.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      var asked: ReferenceKind?
      var argumentsPath: String?
      let folder = String(name[..<(name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex)])
      let defaultsFile = folderDefaults.contains(folder) ? path(folder + CaseFolder.defaultsFileName) : nil
      if argumentFiles.contains(name) || defaultsFile != nil {
        let own = argumentFiles.contains(name) ? path(name + ".args") : nil
        let file = own ?? defaultsFile!
        argumentsPath = file
        var text: String
        do {
          text = try Self.options(at: file)
          if let own, let defaultsFile {
            let defaults = try Self.options(at: defaultsFile)
            text = try Self.adding(text, to: defaults, defaultsPath: defaultsFile)
          }
        } catch let error as CaseOptionsProblem {
          problems.append("\(file): \(error.message)")
          continue
        } catch {
          problems.append("\(file): cannot read: \(error)")
          continue
        }
        switch requestedKind(file, text) {
        case .success(let kind): asked = kind
        case .failure(let problem):
          problems.append("\(file): \(problem.message)")
          continue
        }
      }
      let present = references[name, default: []]
      var kinds: [ReferenceKind]
      if let asked {
        // A values reference goes with any kind of picture or layout.
        if let other = present.subtracting([asked, .values]).min(by: { $0.suffix < $1.suffix }) {
          problems.append(
            "\(path(name + other.suffix)): \(argumentsPath!) asks for a \(asked.suffix) reference, "
              + "\(name + asked.suffix); remove one")
          continue
        }
        kinds = [asked]
      } else {
        kinds = present.subtracting([.values]).isEmpty ? [.png] : ReferenceKind.allCases.filter(present.contains)
      }
      if present.contains(.values) || everyValues, !kinds.contains(.values) { kinds.append(.values) }
      let valuesPath = present.contains(.values) ? path(name + ReferenceKind.values.suffix) : nil
      for kind in kinds {
        cases.append(
          CheckCase(
            name: name, inputPath: path(input), argumentsPath: argumentsPath,
            kind: kind, referencePath: path(name + kind.suffix),
            referenceExists: present.contains(kind),
            maskPath: masks.contains(name) ? path(name + CheckCase.maskSuffix) : nil, valuesPath: valuesPath))
      }
    }
    var orphans: [String] = []
    for (name, kinds) in references where inputs[name] == nil {
      orphans += kinds.map { name + $0.suffix }
    }
    orphans += argumentFiles.filter { inputs[$0] == nil }.map { $0 + ".args" }
    orphans += masks.filter { inputs[$0] == nil }.map { $0 + CheckCase.maskSuffix }
    problems.sort()
    var folder = CaseFolder(
      root: given, cases: cases.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) },
      orphans: orphans.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    folder.skipped = skipped.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    folder.defaultsFiles = folderDefaults.map { $0 + CaseFolder.defaultsFileName }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return folder
  }
}

/// Why a case's options cannot be used, as the caller of `CaseFolder.scan` judges them.
package struct CaseOptionsProblem: Error, Sendable, Hashable {
  /// One line, without the file's name.
  package var message: String

  package init(_ message: String) { self.message = message }
}

/// Why a check folder cannot be used: one line per problem.
package struct CaseFolderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Each problem, naming the file at fault.
  package var problems: [String]

  package init(problems: [String]) { self.problems = problems }

  package var description: String { problems.joined(separator: "\n") }
}
