import AnimplotCheck
import AnimplotCommandLine
import AnimplotIO
import AnimplotPlatform
import AnimplotText
import Hummingbird

/// `check DIR --review`: the failed and new cases of a run, expected beside actual, to approve
/// (the actual output becomes the reference) or reject, one at a time, in the browser.
///
/// Cases are named by the run's own list: a request's name is looked up there, never used as
/// a path; an approval writes only the case's own reference, as `--record` does (a regular
/// file inside the case folder, never through a link, atomically, never over a file the run
/// reads as something else).
///
/// What a case shows and what approving it writes are kept on disk (`SpillFile`), each read
/// when asked for: a review holds the cases' lines, not their pictures and outputs.
package final class ReviewAPI: Sendable {
  /// A case under review and what was decided.
  struct Item: Sendable {
    /// The result, without its images (in `images`) or output (`CaseResult.approval`).
    var result: CaseResult
    var decision: String?
    /// The images the page shows, by name (`expected`, `actual`, `diff`, `window`), in order.
    var images: [(name: String, piece: SpillFile.Piece)] = []
  }

  let folder: String
  /// Where the outputs and images are kept.
  let spill: SpillFile
  /// The case folder as it was when the review began: approvals write below it, and are
  /// refused once its path names another folder (moved, or replaced by a link).
  let caseFolder: Result<OpenFolder, FileError>
  let items = Locked<[Item]>([])
  /// Whether the run has finished (the page waits for it).
  let finished = Locked(false)
  /// Lines of what was written, in order, for the summary.
  let written = Locked<[String]>([])
  /// Whether Done was pressed (the summary is printed once, however often it is pressed).
  let ended = Locked(false)

  /// A review of the cases of `folder`, empty until `load`; `spill` keeps what they show and
  /// what approving them writes (`CheckArguments.check(keeping:)`).
  package init(folder: String, spill: SpillFile) {
    self.folder = folder
    self.spill = spill
    caseFolder = Result { () throws(FileError) in try OpenFolder(folder) }
  }

  /// The cases of `report` that did not pass (failed, missing, errors, and new ones recorded).
  package func load(_ report: CheckReport) {
    var loaded: [Item] = []
    for var result in report.results where result.status != .passed {
      var item = Item(result: result, decision: nil)
      let images = result.images
      for (name, png) in [
        ("expected", images.expected), ("actual", images.actual), ("diff", images.diff), ("window", images.crop?.png),
      ] {
        // An image that cannot be kept is not shown.
        if let png, let piece = try? spill.store(png) { item.images.append((name, piece)) }
      }
      result.images = CaseImages()
      result.output = nil
      item.result = result
      loaded.append(item)
    }
    items.withLock { $0 = loaded }
    finished.withLock { $0 = true }
  }

  /// Whether every case under review was approved.
  package var everyCaseApproved: Bool { items.withLock { $0.allSatisfy { $0.decision == "approved" } } }

  package var count: Int { items.withLock { $0.count } }

  /// The bytes of outputs and images the cases under review hold in memory (none: they are
  /// kept in `spill`, read when asked for).
  package var heldBytes: Int {
    items.withLock { items in
      items.reduce(0) { sum, item in
        let images = item.result.images
        return sum + (item.result.output?.count ?? 0)
          + [images.expected, images.actual, images.diff, images.ghost, images.crop?.png].reduce(0) { $0 + ($1?.count ?? 0) }
      }
    }
  }

  /// `GET /api/cases`: `{"folder": ..., "cases": [{"case", "status", "message", "reference",
  /// "decision", "images": ["expected", "actual", "diff", "window"], "approvable"}]}`, and for
  /// an animation the frame its images show (`"frame"`, 1-based), for a layout or action file
  /// its changes by row (`"changes"`), for text its unified diff (`"textDiff"`), for values the
  /// table of the channels that moved (`"valuesTable"`).
  func list() -> Answer {
    let entries = items.withLock { items in
      items.map { item -> String in
        let r = item.result
        let images = item.images.map { jsonStringLiteral($0.name) }
        var details = ""
        if let frame = r.frame { details += ", \"frame\": \(frame)" }
        if let changes = r.changes { details += ", \"changes\": [" + changes.map(jsonStringLiteral).joined(separator: ", ") + "]" }
        if let diff = r.textDiff { details += ", \"textDiff\": " + jsonStringLiteral(diff) }
        if let table = r.valuesTable { details += ", \"valuesTable\": " + jsonStringLiteral(table) }
        return "{\"case\": \(jsonStringLiteral(r.checkCase.id)), \"status\": \(jsonStringLiteral(r.status.word)), "
          + "\"message\": \(jsonStringLiteral(r.message)), \"reference\": \(jsonStringLiteral(r.checkCase.referencePath)), "
          + "\"decision\": \(item.decision.map(jsonStringLiteral) ?? "null"), \"images\": [\(images.joined(separator: ", "))], "
          + "\"approvable\": \(r.approval.map { if case .kept = $0 { true } else { false } } ?? false)\(details)}"
      }
    }
    let running = !finished.withLock { $0 }
    return .json(
      "{\"folder\": \(jsonStringLiteral(folder)), \"running\": \(running), \"cases\": [\n" + entries.joined(separator: ",\n")
        + "]}\n")
  }

  /// `GET /api/image?case=NAME&which=expected|actual|diff|window`: the PNG the report shows.
  func image(_ query: ViewQuery) throws(ServeError) -> Answer {
    let name = query.value("case") ?? ""
    let which = query.value("which") ?? ""
    let item = try self.item(name)
    guard let piece = item.images.first(where: { $0.name == which })?.piece else {
      throw ServeError(.notFound, "no \(messageQuoted(which)) image for \(messageQuoted(name)); expected one of those GET /api/cases lists")
    }
    return Answer(contentType: "image/png", body: try kept(piece))
  }

  /// What `piece` of the spill file holds.
  private func kept(_ piece: SpillFile.Piece) throws(ServeError) -> [UInt8] {
    do {
      return try spill.load(piece)
    } catch {
      throw ServeError(.serviceUnavailable, "cannot read what the run kept: \(error)")
    }
  }

  func item(_ name: String) throws(ServeError) -> Item {
    guard let item = items.withLock({ $0.first { $0.result.checkCase.id == name } }) else {
      throw ServeError(.notFound, "no case \(messageQuoted(name)) under review (GET /api/cases lists them)")
    }
    return item
  }

  /// The case a POST body names: `{"case": "NAME"}`.
  static func caseName(_ body: [UInt8]) throws(ServeError) -> String {
    let root = try? body.withUnsafeBufferPointer { buffer throws(ActionDecodingError) in try JSONNode.parse(buffer) }
    guard case .object(let members)? = root?.value, members.count == 1, members[0].key == "case",
      case .string(let name) = members[0].value.value
    else {
      throw ServeError(.badRequest, "expected a body {\"case\": \"NAME\"}")
    }
    return name
  }

  /// `POST /api/approve` with `{"case": "NAME"}`: the case's output written as its reference.
  func approve(_ body: [UInt8]) throws(ServeError) -> Answer {
    let name = try Self.caseName(body)
    let item = try self.item(name)
    let output: [UInt8]
    switch item.result.approval {
    case .kept(let piece)?: output = try kept(piece)
    case .refused(let refusal)?: throw ServeError(.forbidden, refusal)
    case nil: throw ServeError(.badRequest, "\(name): the run drew no output to approve (\(item.result.message))")
    }
    let caseFolder: OpenFolder
    do {
      caseFolder = try self.caseFolder.get()
    } catch {
      throw ServeError(.forbidden, error.description)
    }
    if let refusal = ReferenceFile.write(output, for: item.result.checkCase, in: caseFolder) {
      throw ServeError(.forbidden, refusal)
    }
    decide(name, "approved")
    // Said once per reference, however often it is approved (the same output each time).
    let line = "APPROVED \(item.result.checkCase.referencePath): the output of \(name) is its reference"
    let first = written.withLock { lines in
      guard !lines.contains(line) else { return false }
      lines.append(line)
      return true
    }
    if first { Terminal.write(line + "\n", to: 1) }
    return .json("{\"case\": \(jsonStringLiteral(name)), \"decision\": \"approved\", \"wrote\": \(jsonStringLiteral(item.result.checkCase.referencePath))}\n")
  }

  /// `POST /api/reject` with `{"case": "NAME"}`: noted; nothing is written.
  func reject(_ body: [UInt8]) throws(ServeError) -> Answer {
    let name = try Self.caseName(body)
    _ = try item(name)
    decide(name, "rejected")
    return .json("{\"case\": \(jsonStringLiteral(name)), \"decision\": \"rejected\"}\n")
  }

  func decide(_ name: String, _ decision: String) {
    items.withLock { items in
      if let i = items.firstIndex(where: { $0.result.checkCase.id == name }) { items[i].decision = decision }
    }
  }

  /// What the review did: one line per reference written, then the counts.
  package func summary() -> String {
    let (approved, rejected, left) = items.withLock { items in
      (
        items.count { $0.decision == "approved" }, items.count { $0.decision == "rejected" },
        items.count { $0.decision == nil }
      )
    }
    let lines = written.withLock { $0 }
    return "review: \(approved) approved, \(rejected) rejected, \(left) left"
      + (lines.isEmpty ? "; nothing written\n" : "; wrote:\n" + lines.map { "  " + $0 + "\n" }.joined())
  }

  /// The review's routes: its page and API.
  package func routes(_ router: Router<ServeContext>, token: String?, done: @escaping @Sendable () -> Void) {
    Server.page(
      router, html: PackageResources.review_html, js: PackageResources.review_js, css: PackageResources.review_css,
      token: token)
    router.get("/api/cases") { _, _ in Server.response(self.list()) }
    router.get("/api/image") { request, _ in Server.answer { try self.image(Server.query(request)) } }
    for (path, decide) in [("/api/approve", approve), ("/api/reject", reject)] as [(String, @Sendable ([UInt8]) throws(ServeError) -> Answer)] {
      router.post(RouterPath(path)) { request, _ in
        let body = try await request.body.collect(upTo: 1 << 16)
        return Server.answer { try decide(Array(buffer: body)) }
      }
    }
    router.post("/api/done") { _, _ in
      guard self.finished.withLock({ $0 }) else {
        return Server.response(.error(ServeError(.conflict, "the run is still going on; Done once it has finished")))
      }
      let first = self.ended.withLock { ended in
        defer { ended = true }
        return !ended
      }
      if first { done() }
      return Server.response(.json("{\"done\": true}\n"))
    }
  }
}

