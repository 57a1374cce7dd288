import AnimplotCommandLine
import AnimplotEdit
import AnimplotIO
import AnimplotPlatform
import AnimplotText

extension ServeAPI {
  /// The most bytes an edit request's body may hold.
  package static let maximumEditBytes = 1 << 20
  /// The undo steps kept per file (each a copy of the edited curves).
  package static let maximumUndoSteps = 200
  /// The keys the undo and redo steps of every served file may hold together (each step is a
  /// copy of the edited action's curves: a curve of a million keys is 48 MB a step). Past it
  /// the steps of the file holding the most go first, its oldest first (`trimHistory`). A
  /// bound per file let four files of 2 million keys, edited a few times each, take a server
  /// past 3 GB.
  package static let maximumUndoKeys = 10_000_000

  /// Refuses writes when the server was not started with `--edit`.
  func requireEditing() throws(ServeError) {
    guard editing else {
      throw ServeError(.forbidden, "this server only shows files; start animplot serve with --edit to edit them")
    }
  }

  /// The file a write names (`file=N`, default 0), as a number.
  func fileIndex(_ query: ViewQuery) throws(ServeError) -> Int {
    let text = query.value("file") ?? "0"
    guard let index = Int(text), index >= 0 else {
      throw ServeError(.badRequest, "file=\(messageQuoted(text)): expected a file's number from 0 (GET /api/files lists them)")
    }
    return index
  }

  /// `POST /api/edit?file=N` with `{"ops": [...]}` (`animplot edit`'s vocabulary; `scene` and
  /// `editor` too; `action` in the query picks the action): one undo step. The script runs
  /// outside the files' lock (other requests are answered meanwhile), with `animplot edit`'s
  /// budget (`Limits.editWork`); run it through `writing` so that the writes of one file come
  /// one at a time, off the threads that answer requests.
  package func edit(query: ViewQuery, body: [UInt8]) throws(ServeError) -> Answer {
    try requireEditing()
    let index = try fileIndex(query)
    let name = "POST /api/edit"
    let script: EditScript
    do {
      script = try EditScriptDecoder.decode(body, file: name)
    } catch {
      throw ServeError(.badRequest, error.description)
    }
    editStarts?(index)
    // The file as it is now; the edit is made from it without holding the lock.
    let file = try files.file(index)
    guard let document = file.document else { throw ServeError(.badRequest, file.error ?? "\(file.path): not read") }
    guard file.kind == .actionJSON || file.kind == .compactJSON else {
      throw ServeError(
        .badRequest,
        "\(file.path): edits apply to action files (format 1 or the compact form), not \(file.kind?.summary ?? "this kind"); convert it with animplot import first")
    }
    let action = query.value("action")
    var edit: ActionEdit
    if let current = file.edits?.current, action == nil || action == current.original.actions[current.actionIndex].name
      || Int(action!) == current.actionIndex
    {
      edit = current
    } else {
      // Another action: its edit starts from the current state of the file.
      do throws(CLIError) {
        edit = try ActionEdit(file.current ?? document, action: action, file: file.path)
      } catch {
        throw ServeError(.badRequest, error.message)
      }
    }
    let before = file.edits?.current ?? edit
    do throws(CLIError) {
      var budget = ActionEdit.Budget()
      _ = try edit.apply(script, budget: &budget) { i in "\(name): ops[\(i)]" }
    } catch {
      throw ServeError(.badRequest, error.message)
    }
    do {
      try RecalcArguments.refuseOverflow(edit.result, input: file.path)
    } catch {
      throw ServeError(.badRequest, "\(error)")
    }
    var state = file.edits ?? ServedFiles.EditState(current: edit)
    state.undo.append(before)
    if state.undo.count > Self.maximumUndoSteps { state.undo.removeFirst(state.undo.count - Self.maximumUndoSteps) }
    state.redo.removeAll()
    state.current = edit
    try files.update(index) { now throws(ServeError) in
      // Writes of one file come one at a time (`writing`); only a read from disk can come
      // between, and the edit was made from what it replaced.
      guard now.generation == file.generation else {
        throw ServeError(.conflict, "\(file.path) was read again from disk while the edit ran; nothing was changed: send the edit again")
      }
      if now.edits?.changedOnDisk == true { state.changedOnDisk = true }
      now.edits = state
      now.generation += 1
    }
    let (edits, others) = files.trimHistory(maximumKeys: undoKeys, reading: index)
    let answer = Self.history(edits)
    events.send(.edit(file: index, answer: answer))
    // The pages of files whose oldest steps went make their history anew.
    for (file, edits) in others { events.send(.edit(file: file, answer: Self.history(edits))) }
    return answer
  }

  /// `job`, run in the line of the file `query` names (`file=N`): the writes of one file
  /// (edit, undo, redo, save, revert) one at a time and in order, each on a thread of its own
  /// (`Gate`), so that a long edit holds up neither the threads that answer other requests nor
  /// the writes of other files.
  /// When `maximumWaitingWrites` writes of the file wait already, `busy` instead: each holds
  /// its request (an edit's body is up to 1 MiB), and thousands queued took the server past
  /// 2 GB.
  package func writing<T: Sendable>(_ query: ViewQuery, busy: T, _ job: @escaping @Sendable () -> T) async -> T {
    let index = (try? fileIndex(query)).flatMap { writeLines.indices.contains($0) ? $0 : nil }
    return await (index.map { writeLines[$0] } ?? Self.otherWrites).run(wanted: { true }, job) ?? busy
  }

  /// The most writes of one file that wait their turn.
  package static let maximumWaitingWrites = 16

  /// Where writes naming no served file run (they are refused at once).
  static let otherWrites = Gate(width: 1, maximumWaiting: maximumWaitingWrites)

  /// `POST /api/undo` and `POST /api/redo`: one step back or forward.
  package func step(back: Bool, query: ViewQuery) throws(ServeError) -> Answer {
    try requireEditing()
    let index = try fileIndex(query)
    let (answer, moved) = try files.update(index) { file throws(ServeError) -> (Answer, Bool) in
      guard var state = file.edits else { return (Self.history(nil), false) }
      let generation = file.generation
      if back, let previous = state.undo.popLast() {
        state.redo.append(state.current)
        state.current = previous
        file.generation += 1
      } else if !back, let next = state.redo.popLast() {
        state.undo.append(state.current)
        state.current = next
        file.generation += 1
      }
      file.edits = state
      return (Self.history(state), file.generation != generation)
    }
    if moved { events.send(.edit(file: index, answer: answer)) }
    return answer
  }

  /// `POST /api/revert?file=N`: the edits dropped, the file read again from disk (what a 409
  /// on save offers besides overwriting), read and decoded outside the files' lock; a 409,
  /// the edits kept, when the file cannot be read or decoded.
  package func revert(query: ViewQuery) throws(ServeError) -> Answer {
    try requireEditing()
    let index = try fileIndex(query)
    var fresh = try files.file(index)
    ServedFiles.read(&fresh)
    // A file that cannot be read (gone, a FIFO in its place, no longer decoding) is nothing to
    // go back to: the edits stay, to be saved or reverted later.
    if let error = fresh.error { throw ServeError(.conflict, "\(error); the edits were kept") }
    try files.update(index) { file throws(ServeError) in
      file.edits = nil
      file.take(fresh)
      file.generation += 1
    }
    events.send(.change(file: index))
    return Self.history(nil)
  }

  /// `POST /api/save?file=N[&overwrite=1]`: the edited file written over the served one,
  /// atomically as `-o` writes; refused (409) when the file changed on disk since it was read,
  /// unless `overwrite` says to. The text is made, read back as the file will be, and written
  /// beside the file outside the files' lock; only the rename into place and what the server
  /// then holds are inside it. A file changed on disk or edited meanwhile is a 409 whatever
  /// `overwrite` says (it allowed replacing what was on disk when the save was asked for), and
  /// so is a file that is no longer a regular file: a FIFO there would block the write.
  package func save(query: ViewQuery) throws(ServeError) -> Answer {
    try requireEditing()
    let index = try fileIndex(query)
    let overwrite = ["1", "true", ""].contains(query.value("overwrite")?.lowercased() ?? "no")
    typealias Edited = (document: ActionDocument, generation: Int, path: String, onDisk: ServedFiles.Stamp?)
    let edited = try files.update(index) { file throws(ServeError) -> Edited? in
      guard let state = file.edits else { return nil }
      let onDisk = ServedFiles.stamp(of: file.path)
      let changed = state.changedOnDisk || onDisk != file.stamp
      if changed && !overwrite {
        throw ServeError(
          .conflict,
          "\(file.path) changed on disk since it was read; save with overwrite=1 to replace it, or POST /api/revert to drop the edits")
      }
      return (state.current.result, file.generation, file.path, onDisk)
    }
    // Nothing to save: nothing written, nobody told.
    guard let (document, generation, path, onDisk) = edited else { return .json("{\"saved\": null}\n") }
    if let problem = ActionEncoder.refusal(document) { throw ServeError(.badRequest, "\(path): \(problem)") }
    let bytes: [UInt8]
    let (kind, written): (InputKind, ActionDocument)
    do {
      try RecalcArguments.refuseOverflow(document, input: path)
      bytes = Array(ActionEncoder.encode(document).utf8)
      // What will be on disk is the edited document: read as the file will be, the same keys.
      (kind, written) = try ServedFiles.decoded(bytes, path: path)
    } catch {
      throw ServeError(.badRequest, "\(error)")
    }
    if let reason = ServedFiles.notARegularFile(path) { throw ServeError(.conflict, "\(reason); nothing was written") }
    let staged: StagedOutput
    do {
      staged = try OutputFile.stage(bytes, to: path)
    } catch {
      throw ServeError(.badRequest, "\(error)")
    }
    guard staged.renamesIntoPlace else {
      staged.discard()
      throw ServeError(.conflict, "\(path): no longer a regular file; nothing was written")
    }
    saveStaged?(index)
    var reachedTheFile = false
    do throws(ServeError) {
      try files.update(index) { file throws(ServeError) in
        reachedTheFile = true
        guard file.generation == generation, ServedFiles.stamp(of: path) == onDisk else {
          staged.discard()
          throw ServeError(.conflict, "\(path) changed while it was being saved; nothing was written")
        }
        do {
          try staged.commit()
        } catch {
          throw ServeError(.badRequest, "\(error)")
        }
        (file.bytes, file.document, file.kind, file.error) = (bytes, written, kind, nil)
        file.stamp = ServedFiles.stamp(of: path)
        file.edits = nil
        file.generation += 1
      }
    } catch {
      if !reachedTheFile { staged.discard() }
      throw error
    }
    events.send(.change(file: index))
    return .json("{\"saved\": \(jsonStringLiteral(path))}\n")
  }

  static func history(_ state: ServedFiles.EditState?) -> Answer {
    .json("{\"undo\": \(state?.undo.count ?? 0), \"redo\": \(state?.redo.count ?? 0)}\n")
  }
}
