import AnimplotPlatform

/// Writing a case's reference: what `check --record` and `check --review`'s Approve do.
package enum ReferenceFile {
  /// Writes `bytes` as `checkCase`'s reference, atomically, only as a regular file in the case
  /// folder `folder`: never through a link (of the file or of a folder on its way), never into
  /// a FIFO or a device.
  /// - Returns: `nil` when written, else the one line saying why it was refused or failed.
  package static func write(_ bytes: [UInt8], for checkCase: CheckCase, in folder: String) -> String? {
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
    guard !link, inside, reallyInside, !odd else {
      return "\(checkCase.referencePath): "
        + (link ? "a symbolic link" : !(inside && reallyInside) ? "reached through a linked folder" : "not a regular file")
        + "; references are recorded only as files in the case folder"
    }
    do {
      try OutputFile.write(bytes, to: checkCase.referencePath)
      return nil
    } catch {
      return error.description
    }
  }
}
