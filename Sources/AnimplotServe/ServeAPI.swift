import AnimplotCanvas
import AnimplotCommandLine
import AnimplotCore
import AnimplotEdit
import AnimplotIO
import AnimplotPlatform
import AnimplotPlots
import AnimplotRender
import AnimplotText
import ArgumentParser

/// Every answer of `animplot serve`'s API, without HTTP: each is made by the verb's own grammar
/// (its `ParsableArguments`) and the render pipeline, so that it is byte for byte what the
/// command line gives for the same file and options (docs/serve.md, "API").
package struct ServeAPI: Sendable {
  package let files: ServedFiles
  /// Whether edits are allowed (`--edit`).
  package let editing: Bool
  package let events: ServeEvents
  /// The layouts hit tests read, kept for the next point of the same picture, weighed by the
  /// items they hold (`LaidOut.heldItems`).
  let layouts: RecentValues<LaidOut>
  /// The keys of the layouts kept, oldest first.
  package var keptLayouts: [String] { layouts.keys }
  /// The most items one hit test's layout holds (`Limits.hitLayoutItems`), weighed before it
  /// is made.
  let layoutItems: Int
  /// Each served file's line of writes, one at a time and in order (`writing`).
  let writeLines: [Gate]
  /// The most keys the undo and redo steps of every served file hold together
  /// (`ServeAPI.maximumUndoKeys`; a test gives fewer).
  let undoKeys: Int
  /// Called with the file's number on an edit's thread as the edit starts, before it reads
  /// the file (a test holds an edit there to see what is answered meanwhile).
  package var editStarts: (@Sendable (Int) -> Void)?
  /// Called with the file's number when a save has written its text beside the file, before
  /// it renames it into place (a test changes the file on disk there).
  package var saveStaged: (@Sendable (Int) -> Void)?

  /// `layoutItems`: the most items one hit test's layout holds; `keptLayoutItems`: the most
  /// the layouts kept hold together, but for the last one made; `undoKeys`: the most keys the
  /// undo and redo steps of all files hold together (a test gives smaller ones).
  package init(
    files: ServedFiles, editing: Bool, events: ServeEvents = ServeEvents(), layoutItems: Int = Limits.hitLayoutItems,
    keptLayoutItems: Int = ServeAPI.keptLayoutItems, undoKeys: Int = ServeAPI.maximumUndoKeys
  ) {
    self.files = files
    self.editing = editing
    self.events = events
    self.layoutItems = layoutItems
    self.undoKeys = undoKeys
    layouts = RecentValues(capacity: 8, weight: keptLayoutItems)
    writeLines = (0..<files.count).map { _ in Gate(width: 1, maximumWaiting: Self.maximumWaitingWrites) }
  }

  // MARK: Reading

  /// `GET /api/files`: for each file, `animplot info FILE --format json` of its current state.
  package func fileList() -> Answer {
    var parts: [String] = []
    for i in 0..<files.count {
      guard let file = try? files.file(i), let document = file.current else { continue }
      parts.append(FileInfo(file: file.path, kind: file.kind, document: document).json())
    }
    return .json("{\"edit\": \(editing), \"files\": [\n" + parts.joined(separator: ",\n") + "]}\n")
  }

  /// The views a picture or layout may be asked of, by the URL's name.
  package static let views = ["graph", "dopesheet", "timeline"]

  /// The verbs whose options a request's query gives.
  package static let verbs: [any VerbArguments.Type] = [
    GraphArguments.self, DopeSheetArguments.self, TimelineArguments.self, EvalArguments.self,
  ]

  /// `GET /api/render/VIEW.EXT` and `GET /api/layout/VIEW.json`: the verb's output in the
  /// format the extension names.
  package func render(view: String, format: String, query: ViewQuery) throws(ServeError) -> Answer {
    // Pictures and layouts; the other outputs (an interactive page, a display list) are the
    // command line's.
    guard ["png", "svg", "pdf", "json"].contains(format) else {
      throw ServeError(.notFound, "no \(messageQuoted(format)) over HTTP; expected png, svg or pdf (json under /api/layout)")
    }
    let bytes: [UInt8]
    switch view {
    case "graph": bytes = try output(GraphArguments.self, format: format, query: query)
    case "dopesheet": bytes = try output(DopeSheetArguments.self, format: format, query: query)
    case "timeline": bytes = try output(TimelineArguments.self, format: format, query: query)
    default: throw ServeError(.notFound, "no view \(messageQuoted(view)); expected graph, dopesheet or timeline")
    }
    return Answer(contentType: Self.contentType(format), body: bytes)
  }

  /// `GET /api/eval?at=...`: `animplot eval FILE --at ... --format json`.
  package func evaluate(query: ViewQuery) throws(ServeError) -> Answer {
    Answer(contentType: Self.contentType("json"), body: try output(EvalArguments.self, format: "json", query: query))
  }

  static func contentType(_ format: String) -> String {
    switch format {
    case "png": "image/png"
    case "svg": "image/svg+xml"
    case "pdf": "application/pdf"
    case "json": "application/json; charset=utf-8"
    case "csv": "text/csv; charset=utf-8"
    default: "application/octet-stream"
    }
  }

  /// The most values (frames × channels) one `/api/eval` answers: 29 MB of JSON, about 150 MB
  /// while it is made (the command line's 10 million took 1.5 GB, and a server may make two
  /// at once and hold many answers until their clients read them).
  package static let servedValues = 1_000_000

  /// The keys past which a file's renders run one at a time (`Gate.run(alone:)`).
  package static let largeKeys = 1_000_000

  /// The most items (path elements, keys, marks: `LaidOut.heldItems`) the layouts hit tests read
  /// hold together, but for the last one made: about 220 MB, whatever the requests.
  package static let keptLayoutItems = 4_000_000

  /// Whether the file a query names holds more than `largeKeys` keys (a query that names no
  /// file the server has is not: its answer is an error).
  package func isLarge(_ query: ViewQuery) -> Bool {
    guard let document = try? servedDocument(query).document else { return false }
    return Self.keyCount(document, past: Self.largeKeys) > Self.largeKeys
  }

  /// The keys of `document`, counted until they pass `limit`.
  static func keyCount(_ document: ActionDocument, past limit: Int = .max) -> Int {
    var keys = 0
    for action in document.actions {
      for track in action.tracks {
        keys += track.keyframes.count
        if keys > limit { return keys }
      }
    }
    return keys
  }

  /// The file a query names (`file=N`, default 0) and its current document.
  func servedDocument(_ query: ViewQuery) throws(ServeError) -> (file: ServedFiles.File, document: ActionDocument) {
    let file = try files.file(try fileIndex(query))
    guard let document = file.current else { throw ServeError(.badRequest, file.error ?? "\(file.path): not read") }
    return (file, document)
  }

  /// The verb's arguments for a query, parsed as the command line parses them, with the
  /// served file as the input.
  func arguments<Arguments: VerbArguments>(_ type: Arguments.Type, query: ViewQuery, path: String) throws(ServeError)
    -> Arguments
  {
    let line = [path] + (try query.arguments { Self.isFlag($0, of: Arguments.self, path: path) })
    do {
      return try Arguments.parse(line)
    } catch {
      throw ServeError(.badRequest, "\(Arguments.verb): \(Arguments.message(for: error))")
    }
  }

  /// Whether `--NAME` is one of the verb's flags: it parses with no value after it. Asked once
  /// per verb and name.
  static func isFlag<Arguments: VerbArguments>(_ name: String, of type: Arguments.Type, path: String) -> Bool {
    let key = Arguments.verb + " " + name
    if let known = flags.withLock({ $0[key] }) { return known }
    let flag = (try? Arguments.parse([path, "--" + name])) != nil
    // Bounded: a request may name anything; names beyond the bound are asked each time.
    flags.withLock { if $0.count < 4096 { $0[key] = flag } }
    return flag
  }

  static let flags = Locked<[String: Bool]>([:])

  /// The actions a request shows of a served file: its current document, or the file read
  /// again with the kind and import options the query gives.
  func actions(_ request: RenderRequest, showsEveryAction: Bool, file: ServedFiles.File, document: ActionDocument)
    throws(ServeError) -> [Action]
  {
    var document = document
    if (request.inputKind != nil && request.inputKind != file.kind) || request.importOptions != ImportOptions() {
      guard file.edits == nil else {
        throw ServeError(
          .badRequest,
          "\(file.path) has unsaved edits: import options (fps, input-format ...) would read it again from disk; save or revert first")
      }
      if let reason = ServedFiles.notARegularFile(file.path) { throw ServeError(.badRequest, reason) }
      do {
        document = try Input.file(file.path, kind: request.inputKind, options: request.importOptions).document()
      } catch {
        throw ServeError(.badRequest, error.description)
      }
    }
    do {
      return try request.selection.actions(of: document, every: showsEveryAction, file: file.path)
    } catch {
      throw ServeError(.badRequest, error.description)
    }
  }

  /// The output of `Arguments`' verb in `format` for the query's file and options.
  func output<Arguments: VerbArguments>(_ type: Arguments.Type, format name: String, query: ViewQuery) throws(ServeError)
    -> [UInt8]
  {
    let (file, document) = try servedDocument(query)
    let arguments = try self.arguments(type, query: query, path: file.path)
    guard let format = Arguments.View.outputFormats.first(where: { $0.name == name }) else {
      throw ServeError(
        .notFound,
        "\(Arguments.verb) does not write \(messageQuoted(name)); use "
          + OutputFormat.list(Arguments.View.outputFormats.map(\.name)))
    }
    let request: RenderRequest
    do {
      request = try arguments.request(format: format)
    } catch {
      throw ServeError(.badRequest, "\(Arguments.verb): \(Arguments.message(for: error))")
    }
    let actions = try self.actions(
      request, showsEveryAction: Arguments.View.showsEveryAction, file: file, document: document)
    let renderer = Renderer(settings: request.settings)
    func draw<View: PlotView>(_ view: View) throws(RenderError) -> [UInt8] {
      try renderer.render(actions, view: view, as: format, name: file.path)
    }
    do {
      // Values are held whole, as their text, until the client has read them: fewer per
      // answer than the command line's, as several answers may be held at once.
      if var values = request.view as? EvaluationView {
        values.maximumValues = Self.servedValues
        return try draw(values)
      }
      return try draw(request.view)
    } catch {
      throw ServeError(.badRequest, error.description)
    }
  }
}
