import AnimplotPlatform

extension ArtifactNames {
  /// Every case, as its name and kind, whose artifact `path` (relative to the artifacts
  /// folder) could be by the naming rules above: `ball.diff.png` is the diff of the PNG case
  /// `ball`; `ball.svg.diff.png` that of the SVG case `ball` or of the PNG case `ball.svg`.
  /// Empty when `path` is named as no artifact is.
  package static func owners(of path: String) -> [(name: String, kind: ReferenceKind)] {
    var owners: [(name: String, kind: ReferenceKind)] = []
    let fileName = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    for kind in ReferenceKind.allCases {
      let suffixes = ArtifactNames(
        for: CheckCase(name: "", inputPath: "", argumentsPath: nil, kind: kind, referencePath: "", referenceExists: false)
      ).all
      for suffix in suffixes where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
        owners.append((String(path.dropLast(suffix.count)), kind))
      }
    }
    return owners
  }
}

/// The artifacts a previous run left for cases that no longer exist (their input or
/// reference was renamed or deleted): files named as artifacts are (`ArtifactNames`) that
/// belong to no case of the folder. Nothing else in the artifacts folder is touched.
package enum StaleArtifacts {
  /// Which of `files` (paths relative to the artifacts folder) are artifacts of no case among
  /// `cases`, in their order.
  package static func select(files: [String], cases: [CheckCase]) -> [String] {
    let current = Set(cases.map { CaseKey(name: $0.name, kind: $0.kind) })
    return files.filter { file in
      let owners = ArtifactNames.owners(of: file)
      return !owners.isEmpty && !owners.contains { current.contains(CaseKey(name: $0.name, kind: $0.kind)) }
    }
  }

  /// The name of the file that marks a folder as check's own artifacts folder: written when
  /// check creates the folder (or uses the default `.animplot-artifacts`). Stale artifacts
  /// are removed only in a folder holding it; files named like artifacts in a folder of the
  /// user's (`--artifacts shots`, made before) may be anyone's.
  package static let marker = ".animplot-artifacts-folder"

  /// The marker's text.
  package static let markerText =
    "This folder holds the artifacts of 'animplot check'; check removes stale artifacts only in a folder holding this file.\n"

  /// Whether `folder` holds the marker (a regular file, not a link).
  package static func isMarked(_ folder: String) -> Bool {
    FileSystem.isRegularFile((folder.hasSuffix("/") ? folder : folder + "/") + marker)
  }

  /// The artifacts in `folder` of no case among `cases`, as `folder/relative`, sorted.
  ///
  /// The folder is walked as the case folder is (names starting with `.` skipped), without
  /// following symbolic links; only regular files are listed, never one of `protected`
  /// (absolute paths: the files of the run) nor anything under `skipping` (the case folder,
  /// should it lie inside).
  package static func find(
    in folder: String, cases: [CheckCase], skipping: [String] = [], protected: Set<String> = []
  ) -> [String] {
    let root = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    guard !FileSystem.isSymbolicLink(root), let status = FileSystem.status(of: root), status.kind == .directory
    else { return [] }
    let skipped = Set(skipping.compactMap { FileSystem.status(of: $0)?.identity })
    var files: [String] = []
    var visited: Set<FileIdentity> = []
    func walk(_ relative: String, _ identity: FileIdentity) {
      guard !skipped.contains(identity), visited.insert(identity).inserted else { return }
      let path = relative.isEmpty ? root : root + "/" + relative
      guard let names = try? FileSystem.entries(of: path) else { return }
      for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
        let child = relative.isEmpty ? name : relative + "/" + name
        let childPath = root + "/" + child
        guard !FileSystem.isSymbolicLink(childPath), let status = FileSystem.status(of: childPath) else { continue }
        switch status.kind {
        case .directory: walk(child, status.identity)
        case .file: files.append(child)
        case .other: continue
        }
      }
    }
    walk("", status.identity)
    return select(files: files, cases: cases).map { root + "/" + $0 }
      .filter { !protected.contains(FileSystem.absolute($0)) }
  }

  /// Removes from `folder` the artifacts of no case among `cases` (those `find` lists). A
  /// subfolder left empty by a removal is removed too.
  /// - Returns: the paths removed (as `folder/relative`, sorted) and one line per file that
  ///   could not be removed.
  package static func remove(
    in folder: String, cases: [CheckCase], skipping: [String] = [], protected: Set<String> = []
  ) -> (removed: [String], problems: [String]) {
    let root = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    var removed: [String] = []
    var problems: [String] = []
    var emptied: Set<String> = []
    for path in find(in: folder, cases: cases, skipping: skipping, protected: protected) {
      let file = String(path.dropFirst(root.count + 1))
      // Found as a regular file in a real folder; checked again just before.
      guard FileSystem.isRegularFile(path), FileSystem.linkedFolder(under: root, toward: file) == nil else { continue }
      do throws(SystemError) {
        try FileSystem.removeFile(path)
        removed.append(path)
        if let slash = file.lastIndex(of: "/") { emptied.insert(String(file[..<slash])) }
      } catch where !error.isMissing {
        problems.append("\(path): cannot remove: \(error)")
      } catch {}
    }
    // Deepest first, each folder and its parents; rmdir leaves a folder that is not empty.
    let folders = Set(emptied.flatMap { folder in
      folder.split(separator: "/").indices.map { folder.split(separator: "/")[...$0].joined(separator: "/") }
    })
    for relative in folders.sorted(by: { $0.count > $1.count }) { FileSystem.removeEmptyFolder(root + "/" + relative) }
    return (removed, problems)
  }

  private struct CaseKey: Hashable {
    var name: String
    var kind: ReferenceKind
  }
}
