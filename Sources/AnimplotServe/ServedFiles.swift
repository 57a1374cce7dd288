import AnimplotCommandLine
import AnimplotCore
import AnimplotIO
import AnimplotPlatform
import AnimplotRender

/// The files a server serves, as last read from disk, with their edits: what every answer is
/// made from. Thread-safe; a file's state is a value, taken whole under the lock.
package final class ServedFiles: Sendable {
  /// One served file.
  package struct File: Sendable {
    /// The path as given on the command line (the name messages give it).
    package let path: String
    /// The bytes last read that decoded, and their document; `nil` until one decodes.
    package var bytes: [UInt8]?
    package var document: ActionDocument?
    package var kind: InputKind?
    /// The located message of the last read that failed to decode, if the last read failed.
    package var error: String?
    /// Size and modification time at the last read.
    var stamp: Stamp?
    /// The edits since the file was read or saved, when the server edits.
    package var edits: EditState?
    /// Bumped at every change a page should show (a read, an edit, an undo).
    package var generation = 0

    /// The document answers are made from: the edited one if there are edits.
    package var current: ActionDocument? { edits?.current.result ?? document }

    /// What `fresh`, read from disk, holds: its bytes, document, kind, error and stamp.
    mutating func take(_ fresh: File) {
      (bytes, document, kind, error, stamp) = (fresh.bytes, fresh.document, fresh.kind, fresh.error, fresh.stamp)
    }
  }

  /// The edits of a file: the current edit of an action, and the steps back and forward.
  package struct EditState: Sendable {
    package var current: ActionEdit
    package var undo: [ActionEdit] = []
    package var redo: [ActionEdit] = []
    /// The file changed on disk after these edits began (a save must say to overwrite).
    package var changedOnDisk = false
  }

  struct Stamp: Sendable, Equatable {
    var identity: FileIdentity
    var size: Int64
    var modified: Int64
    /// A write whose modification time was put back still changes this one.
    var statusChanged: Int64
  }

  let files: Locked<[File]>

  /// Reads every file; the first that cannot be read or decoded is the error.
  /// - Throws: `ServeError` (400) with the file's located message.
  package init(paths: [String]) throws(ServeError) {
    var files: [File] = []
    for path in paths {
      var file = File(path: path)
      Self.read(&file)
      if let error = file.error { throw ServeError(.badRequest, error) }
      files.append(file)
    }
    self.files = Locked(files)
  }

  package var count: Int { files.withLock { $0.count } }

  /// File `index`'s state.
  /// - Throws: `ServeError` (404) when there is no such file.
  package func file(_ index: Int) throws(ServeError) -> File {
    let file = files.withLock { $0.indices.contains(index) ? $0[index] : nil }
    guard let file else {
      throw ServeError(.notFound, "no file \(index): the server serves \(count) (GET /api/files lists them)")
    }
    return file
  }

  /// Changes file `index` under the lock.
  package func update<R>(_ index: Int, _ body: (inout File) throws(ServeError) -> R) throws(ServeError) -> R {
    let result: Result<R, ServeError> = files.withLock { files in
      guard files.indices.contains(index) else {
        return .failure(ServeError(.notFound, "no file \(index): the server serves \(files.count)"))
      }
      do throws(ServeError) {
        return .success(try body(&files[index]))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Drops undo and redo steps while those of all files hold more than `maximumKeys` keys:
  /// from the file whose steps hold the most (another than `reading` on a tie), its oldest undo
  /// step first, then the redo step farthest ahead; the last undo step of file `reading` (the
  /// one just edited) stays. Returns file `reading`'s edits as they are then (its history to
  /// answer), and those of the other files whose steps went (their pages are told). Under the
  /// lock, so that the edits of several files, each on its own thread, are weighed together.
  func trimHistory(maximumKeys: Int, reading: Int) -> (reading: EditState?, others: [(file: Int, edits: EditState)]) {
    files.withLock { files in
      func keys(_ step: ActionEdit) -> Int { step.editDocument.curves.reduce(0) { $0 + $1.keyframes.count } }
      // The keys of each file's steps as they are held: undo oldest first, redo farthest first.
      var held = files.map { (undo: $0.edits?.undo.map(keys) ?? [], redo: $0.edits?.redo.map(keys) ?? []) }
      var total = held.reduce(0) { $0 + $1.undo.reduce(0, +) + $1.redo.reduce(0, +) }
      var touched = Set<Int>()
      while total > maximumKeys {
        let candidates = held.indices.filter { held[$0].undo.count + held[$0].redo.count > ($0 == reading ? 1 : 0) }
        func weight(_ i: Int) -> (Int, Int) { (held[i].undo.reduce(0, +) + held[i].redo.reduce(0, +), i == reading ? 0 : 1) }
        guard let most = candidates.max(by: { weight($0) < weight($1) }) else { break }
        if most != reading { touched.insert(most) }
        if held[most].undo.count > (most == reading ? 1 : 0) {
          total -= held[most].undo.removeFirst()
          files[most].edits!.undo.removeFirst()
        } else {
          total -= held[most].redo.removeFirst()
          files[most].edits!.redo.removeFirst()
        }
      }
      return (
        files.indices.contains(reading) ? files[reading].edits : nil,
        touched.sorted().compactMap { i in files[i].edits.map { (i, $0) } }
      )
    }
  }

  /// Whether file `index` looks changed on disk since it was read (size, time or identity).
  func looksChanged(_ index: Int) -> Bool {
    guard let file = try? file(index) else { return false }
    return Self.stamp(of: file.path) != file.stamp
  }

  /// Reads file `index` again; returns what a page is told: `nil` when nothing changed, else
  /// the new state (its `error` set when it no longer decodes: the last good document stays).
  /// The file is read and decoded outside the lock (a large file would hold up every request);
  /// a save or another read that came first in the meantime wins.
  func reread(_ index: Int) -> File? {
    guard let before = try? file(index), Self.stamp(of: before.path) != before.stamp else { return nil }
    var fresh = before
    Self.read(&fresh)
    return try? update(index) { file in
      guard file.stamp == before.stamp else { return nil }
      file.take(fresh)
      if file.edits != nil { file.edits!.changedOnDisk = true }
      file.generation += 1
      return file
    }
  }

  /// Why the served file at `path` cannot be read now, when it is not a regular file (a FIFO
  /// put in its place would block the reader for good; a folder cannot be read): `nil` for a
  /// regular file, or one that is gone (reading it then says so).
  static func notARegularFile(_ path: String) -> String? {
    guard let status = FileSystem.status(of: path), status.kind != .file else { return nil }
    return "\(path): not a regular file (\(status.kind == .directory ? "a directory" : FileSystem.oddKind(of: path) ?? "not a file"))"
  }

  static func stamp(of path: String) -> Stamp? {
    FileSystem.status(of: path).map {
      Stamp(identity: $0.identity, size: $0.size, modified: $0.modified, statusChanged: $0.statusChanged)
    }
  }

  /// Reads and decodes `file` from disk: on success its bytes, document and kind replace the
  /// old ones and `error` is cleared; on failure `error` says why and the rest stays.
  static func read(_ file: inout File) {
    file.stamp = stamp(of: file.path)
    if let reason = notARegularFile(file.path) {
      file.error = reason
      return
    }
    do throws(ActionDecodingError) {
      let bytes = try ActionFile.readBytes(file.path)
      (file.kind, file.document) = try decoded(bytes, path: file.path)
      file.bytes = bytes
      file.error = nil
    } catch {
      file.error = error.description
    }
  }

  /// `bytes` as the file at `path` is read: its kind and its document.
  static func decoded(_ bytes: [UInt8], path: String) throws(ActionDecodingError) -> (InputKind, ActionDocument) {
    let kind = bytes.withUnsafeBufferPointer { InputKind.detect($0, path: path) }
    guard let kind else { throw ActionDecodingError(.unrecognized(InputKind.all.map(\.summary)), file: path) }
    return (kind, try InputKind.decode(bytes, file: path, path: path, kind: kind, options: ImportOptions()))
  }
}
