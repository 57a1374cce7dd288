import AnimplotPlatform

/// Writing a case's reference: what `check --record` and `check --review`'s Approve do.
package enum ReferenceFile {
  /// Writes `bytes` as `checkCase`'s reference, atomically, only as a regular file in the case
  /// folder `caseFolder` (opened when the run began): never through a link (of the file, of a
  /// folder on its way, or of the case folder itself, replaced by one since), never into a FIFO
  /// or a device.
  /// - Returns: `nil` when written, else the one line saying why it was refused or failed.
  package static func write(_ bytes: [UInt8], for checkCase: CheckCase, in caseFolder: OpenFolder) -> String? {
    let folder = caseFolder.path
    let root = FileSystem.absolute(folder)
    let inside = FileSystem.absolute(checkCase.referencePath).hasPrefix(root == "/" ? root : root + "/")
    // A folder on the way that is a link leads elsewhere: the real place must be inside too.
    let resolvedRoot = FileSystem.canonical(folder) ?? root
    let parent = String(checkCase.referencePath[..<(checkCase.referencePath.lastIndex(of: "/") ?? checkCase.referencePath.startIndex)])
    let resolvedParent = FileSystem.canonical(parent.isEmpty ? "." : parent) ?? ""
    // No link between the case folder and the reference either: each folder on the way, as the
    // case names it below `folder`, is a real folder (a link inside the folder to another of its
    // folders is refused too).
    var throughLink = false
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    if checkCase.referencePath.hasPrefix(prefix) {
      var walked = String(prefix.dropLast())
      for component in checkCase.referencePath.dropFirst(prefix.count).split(separator: "/").dropLast() {
        walked += "/" + component
        if FileSystem.isSymbolicLink(walked) { throughLink = true }
      }
    }
    let reallyInside = !throughLink && (resolvedParent == resolvedRoot || resolvedParent.hasPrefix(resolvedRoot == "/" ? "/" : resolvedRoot + "/"))
    let odd = FileSystem.status(of: checkCase.referencePath).map { $0.kind != .file } ?? false
    let link = FileSystem.isSymbolicLink(checkCase.referencePath)
    func refusal(_ why: String) -> String {
      "\(checkCase.referencePath): \(why); references are recorded only as files in the case folder"
    }
    guard !link, inside, checkCase.referencePath.hasPrefix(prefix), reallyInside, !odd else {
      return refusal(link ? "a symbolic link" : !(inside && reallyInside) ? "reached through a linked folder" : "not a regular file")
    }
    // The case folder's path names another folder than the run's (moved, or replaced by a
    // link): the reference would not go where the run read.
    guard caseFolder.isStillAtItsPath else {
      return refusal("reached through a linked folder (\(folder) is no longer the folder the run began in)")
    }
    // Written below the folder opened at the start, each folder on the way opened without
    // following a link: what changes after the checks above cannot carry the file elsewhere.
    do throws(OpenFolder.WriteError) {
      try caseFolder.write(bytes, at: String(checkCase.referencePath.dropFirst(prefix.count)), shown: checkCase.referencePath)
      return nil
    } catch {
      switch error {
      case .linkedFolder: return refusal("reached through a linked folder")
      case .link: return refusal("a symbolic link")
      case .notRegularFile: return refusal("not a regular file")
      case .failed(let failure): return failure.description
      }
    }
  }
}
