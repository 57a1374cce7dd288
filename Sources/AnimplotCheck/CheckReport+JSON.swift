import AnimplotGolden
import AnimplotIO
import AnimplotPlatform
import AnimplotText

extension CheckReport {
  /// The value of the summary's `"format"` member.
  package static let jsonFormat = "animplot-check-summary"

  /// The run as a JSON summary (`check --json`): the versions and settings, the counts, the
  /// orphans, and every case with its verdict, figures, artifacts and images (PNG, in Base64:
  /// reference, output, diff and the enlarged worst window),
  /// everything the HTML and JUnit reports are made from, so that `CheckReport(json:)` reads
  /// it back and the shards of a run can be merged (`merge`). One member per line.
  package var json: String {
    var members: [(String, String)] = [
      ("format", jsonStringLiteral(Self.jsonFormat)),
      ("version", "1"),
      ("folder", jsonStringLiteral(folder)),
      ("versions", jsonObject(versions.map { ($0.name, jsonStringLiteral($0.version)) })),
      ("comparison", Self.json(options)),
      ("record", jsonStringLiteral(mode.rawValue)),
      ("shard", shard.map { jsonStringLiteral($0.description) } ?? "null"),
      ("filter", filter.map(jsonStringLiteral) ?? "null"),
      ("artifacts", jsonStringLiteral(artifactsFolder)),
      ("seconds", jsonNumber(seconds)),
      ("summary", jsonStringLiteral(summaryLine)),
      ("passed", String(passedCount)),
      ("failed", String(failedCount)),
      ("recorded", String(recordedCount)),
      ("orphans", jsonArray(orphans.map(jsonStringLiteral))),
    ]
    members.append(("cases", jsonArray(results.map(Self.json))))
    return prettyJSON(jsonObject(members)) ?? jsonObject(members) + "\n"
  }

  /// Reads a summary `json` wrote.
  /// - Parameter file: names the text in errors.
  /// - Throws: `CheckSummaryError` naming the file and the member at fault.
  package init(json text: String, file: String) throws(CheckSummaryError) {
    try self.init(json: Array(text.utf8), file: file)
  }

  /// Reads a summary `json` wrote, from its bytes: bytes that are not UTF-8 are refused at
  /// their place, never read as U+FFFD.
  /// - Parameter casesBefore: the cases of the summaries read before it; with them, its cases
  ///   may be `Limits.summaryCases` at most, counted before the summary is parsed.
  /// - Throws: `CheckSummaryError` naming the file and the member at fault.
  package init(json bytes: [UInt8], file: String, casesBefore: Int = 0) throws(CheckSummaryError) {
    let room = max(0, Limits.summaryCases - casesBefore)
    let count = bytes.withUnsafeBufferPointer { JSONNode.elementCount(ofMember: "cases", in: $0, upTo: room) }
    if let count, count > room {
      let others = casesBefore == 0 ? "" : " (the summaries before it hold \(casesBefore))"
      throw CheckSummaryError(
        "\(file): cases: more than \(room)\(others); merge reads at most \(Limits.summaryCases) cases, all its summaries together: split the run into smaller ones (--filter)")
    }
    let parsed = bytes.withUnsafeBufferPointer { bytes in Result { () throws(ActionDecodingError) in try JSONNode.parse(bytes) } }
    let root: JSONNode
    switch parsed {
    case .success(let node): root = node
    case .failure(let error):
      let place = error.line.map { line in "line \(line)" + (error.column.map { ", column \($0)" } ?? "") } ?? "at the start"
      let problem = if case .syntax(let text) = error.kind { text } else { error.message }
      throw CheckSummaryError("\(file): not JSON (\(place): \(problem))")
    }
    let r = SummaryReader(file: file)
    guard root["format"]?.string == Self.jsonFormat else {
      throw CheckSummaryError(
        "\(file): not a JSON summary of animplot check (\"format\": \"\(Self.jsonFormat)\"); write one with check --json")
    }
    guard root["version"]?.int == 1 else {
      throw CheckSummaryError("\(file): version: this animplot reads version 1 of the check summary")
    }
    let folder = try r.string(root, "folder")
    let versions = try r.object(root, "versions").map { (name, value) throws(CheckSummaryError) in
      ComponentVersion(name: name, version: try r.string(value, nil, path: "versions.\(name)"))
    }
    let options = try r.options(root["comparison"])
    guard let mode = RecordMode(rawValue: try r.string(root, "record")) else {
      throw r.error("record", "expected one of " + RecordMode.allCases.map(\.rawValue).joined(separator: ", "))
    }
    var shard: Shard?
    if let text = root["shard"]?.string {
      do {
        shard = try Shard(parsing: text)
      } catch {
        throw r.error("shard", "\(error)")
      }
    }
    let artifacts = try r.string(root, "artifacts")
    let seconds = try r.measure(root, "seconds")
    let orphans = try r.array(root, "orphans").enumerated().map { (i, v) throws(CheckSummaryError) in
      try r.string(v, nil, path: "orphans[\(i)]")
    }
    var results: [CaseResult] = []
    for (i, value) in try r.array(root, "cases").enumerated() {
      results.append(try r.result(value, path: "cases[\(i)]"))
    }
    self.init(
      folder: folder, results: results, orphans: orphans, options: options, mode: mode, shard: shard,
      artifactsFolder: artifacts, seconds: seconds, versions: versions)
    filter = try r.optionalString(root, "filter", path: "")
  }

  // MARK: Writing


  private static func json(_ options: DiffOptions) -> String {
    var members: [(String, String)] = []
    switch options.metric {
    case .exact: members.append(("metric", "\"exact\""))
    case .perceptual(let threshold, let includeAA):
      members += [("metric", "\"perceptual\""), ("threshold", jsonNumber(threshold)), ("includeAA", String(includeAA))]
      if options.checkerboard { members.append(("checkerboard", "true")) }
    }
    switch options.pixelBudget {
    case .pixels(let n): members.append(("maxDiffPixels", String(n)))
    case .ratio(let r): members.append(("maxDiffRatio", jsonNumber(r)))
    }
    members.append(("window", String(options.windowSize)))
    members.append(("maxWindowPixels", options.maxWindowPixels.map(String.init) ?? "null"))
    members.append(("description", jsonStringLiteral(Self.comparisonDescription(options))))
    return jsonObject(members)
  }

  private static func json(_ result: CaseResult) -> String {
    let c = result.checkCase
    var members: [(String, String)] = [
      ("id", jsonStringLiteral(c.id)),
      ("name", jsonStringLiteral(c.name)),
      ("kind", jsonStringLiteral(c.kind.rawValue)),
      ("input", jsonStringLiteral(c.inputPath)),
      ("options", c.argumentsPath.map(jsonStringLiteral) ?? "null"),
      ("reference", jsonStringLiteral(c.referencePath)),
      ("referenceExisted", String(c.referenceExists)),
      ("status", jsonStringLiteral(result.status.jsonName)),
    ]
    if case .recorded(let recording) = result.status {
      members.append(("recording", jsonStringLiteral(recording.jsonName)))
    }
    members += [
      ("message", jsonStringLiteral(result.message)),
      ("seconds", jsonNumber(result.seconds)),
      ("artifacts", jsonArray(result.artifacts.map(jsonStringLiteral))),
    ]
    if let figures = result.figures { members.append(("figures", json(figures))) }
    var images = [
      ("expected", result.images.expected), ("actual", result.images.actual), ("diff", result.images.diff),
      ("ghost", result.images.ghost),
    ]
      .compactMap { name, png in png.map { (name, "\"" + Markup.base64($0) + "\"") } }
    if let crop = result.images.crop {
      let w = crop.window
      images.append(
        ("crop", jsonObject([
          ("png", "\"" + Markup.base64(crop.png) + "\""), ("scale", "\(crop.scale)"),
          ("window", jsonObject([("x", "\(w.x)"), ("y", "\(w.y)"), ("size", "\(w.size)"), ("pixels", "\(w.pixels)")])),
        ])))
    }
    if !images.isEmpty { members.append(("images", jsonObject(images))) }
    if let changes = result.changes { members.append(("changes", jsonArray(changes.map(jsonStringLiteral)))) }
    if let frame = result.frame { members.append(("frame", "\(frame)")) }
    if let diff = result.textDiff { members.append(("textDiff", jsonStringLiteral(diff))) }
    if let table = result.valuesTable { members.append(("valuesTable", jsonStringLiteral(table))) }
    return jsonObject(members)
  }

  private static func json(_ r: DiffResult) -> String {
    func size(_ s: ImageSize) -> String { "[\(s.width), \(s.height)]" }
    var members: [(String, String)] = [
      ("expectedSize", size(r.expectedSize)), ("actualSize", size(r.actualSize)),
      ("identical", String(r.identical)), ("differingPixels", String(r.differingPixels)),
      ("antialiasedPixels", String(r.antialiasedPixels)), ("comparedPixels", String(r.comparedPixels)),
    ]
    if let w = r.worstWindow {
      members.append(("worstWindow", jsonObject([("x", "\(w.x)"), ("y", "\(w.y)"), ("size", "\(w.size)"), ("pixels", "\(w.pixels)")])))
    }
    if let b = r.boundingBox { members.append(("boundingBox", "[\(b.minX), \(b.minY), \(b.maxX), \(b.maxY)]")) }
    members.append(("rms", jsonNumber(r.rms)))
    let violations = r.violations.map { v in
      switch v {
      case .sizeMismatch: jsonObject([("kind", "\"size\"")])
      case .pixelBudget(.pixels(let n)): jsonObject([("kind", "\"pixels\""), ("maxDiffPixels", "\(n)")])
      case .pixelBudget(.ratio(let ratio)): jsonObject([("kind", "\"pixels\""), ("maxDiffRatio", jsonNumber(ratio))])
      case .windowBudget(let max): jsonObject([("kind", "\"window\""), ("maxWindowPixels", "\(max)")])
      }
    }
    members.append(("violations", jsonArray(violations)))
    return jsonObject(members)
  }
}

extension CaseResult.Status {
  /// `passed`, `differed`, `missing`, `error`, `recorded`.
  var jsonName: String {
    switch self {
    case .passed: "passed"
    case .differed: "differed"
    case .missing: "missing"
    case .error: "error"
    case .recorded: "recorded"
    }
  }
}

extension CaseResult.Recording {
  /// `new`, `differed`, `matched`, `unreadable`.
  var jsonName: String {
    switch self {
    case .new: "new"
    case .differed: "differed"
    case .matched: "matched"
    case .unreadable: "unreadable"
    }
  }
}

/// Why a JSON summary cannot be read or merged: one line naming the file.
package struct CheckSummaryError: Error, Sendable, Hashable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) { self.message = message }

  package var description: String { message }
}

/// Reads the members of a summary, with errors naming the file and the member.
private struct SummaryReader {
  let file: String

  /// Whether decoded image bytes begin as a PNG does (the report embeds them as PNG).
  static func isPNG(_ bytes: [UInt8]) -> Bool { InputStart.png.accepts(Array(bytes.prefix(InputStart.png.length))) }

  func error(_ path: String, _ expected: String) -> CheckSummaryError {
    CheckSummaryError("\(file): \(path): \(expected)")
  }

  func string(_ parent: JSONNode, _ key: String?, path: String? = nil) throws(CheckSummaryError) -> String {
    let value = key.map { parent[$0] } ?? parent
    guard let s = value?.string else { throw error(path ?? key ?? "", "expected a string") }
    return s
  }

  func optionalString(_ parent: JSONNode, _ key: String, path: String) throws(CheckSummaryError) -> String? {
    guard let value = parent[key], !value.isNull else { return nil }
    return try string(value, nil, path: path.isEmpty ? key : path + "." + key)
  }

  func number(_ parent: JSONNode, _ key: String, path: String? = nil) throws(CheckSummaryError) -> Double {
    guard let n = parent[key]?.number else { throw error(path.map { $0 + "." + key } ?? key, "expected a number") }
    return n
  }

  func int(_ value: JSONNode?, path: String) throws(CheckSummaryError) -> Int {
    guard let n = value?.int else { throw error(path, "expected a whole number") }
    return n
  }

  /// A count or a size: a whole number from 0 to `Limits.summaryCount` (what no image
  /// animplot compares can exceed, held exactly by a double).
  func wholeCount(_ value: JSONNode?, path: String) throws(CheckSummaryError) -> Int {
    guard let n = value?.int, (0...Limits.summaryCount).contains(n) else {
      throw error(path, "expected a whole number from 0 to \(Limits.summaryCount)")
    }
    return n
  }

  /// A measure that cannot be negative (seconds, RMS): from 0 to `Limits.summaryMeasure`.
  func measure(_ parent: JSONNode, _ key: String, path: String? = nil) throws(CheckSummaryError) -> Double {
    guard let n = parent[key]?.number, n >= 0, n <= Limits.summaryMeasure else {
      throw error(path.map { $0 + "." + key } ?? key, "expected a number from 0 to \(formatNumber(Limits.summaryMeasure))")
    }
    return n
  }

  func bool(_ parent: JSONNode, _ key: String, path: String) throws(CheckSummaryError) -> Bool {
    guard let b = parent[key]?.bool else { throw error(path + "." + key, "expected true or false") }
    return b
  }

  func array(_ parent: JSONNode, _ key: String, path: String? = nil) throws(CheckSummaryError) -> [JSONNode] {
    guard let a = parent[key]?.array else { throw error(path.map { $0 + "." + key } ?? key, "expected an array") }
    return a
  }

  func object(_ parent: JSONNode, _ key: String) throws(CheckSummaryError) -> [(String, JSONNode)] {
    guard case .object(let members)? = parent[key]?.value else { throw error(key, "expected an object") }
    return members.map { ($0.key, $0.value) }
  }

  func options(_ value: JSONNode?) throws(CheckSummaryError) -> DiffOptions {
    guard let value, case .object = value.value else { throw error("comparison", "expected an object") }
    let metric: DiffOptions.Metric
    switch value["metric"]?.string {
    case "exact": metric = .exact
    case "perceptual":
      metric = .perceptual(
        threshold: try number(value, "threshold", path: "comparison"),
        includeAntialiased: try bool(value, "includeAA", path: "comparison"))
    default: throw error("comparison.metric", "expected \"exact\" or \"perceptual\"")
    }
    let budget: DiffOptions.PixelBudget =
      if let n = value["maxDiffPixels"] {
        .pixels(try int(n, path: "comparison.maxDiffPixels"))
      } else {
        .ratio(try number(value, "maxDiffRatio", path: "comparison"))
      }
    let window = try int(value["window"], path: "comparison.window")
    let maxWindow = value["maxWindowPixels"].flatMap { $0.isNull ? nil : $0 }
    do {
      return try DiffOptions(
        metric: metric, pixelBudget: budget, windowSize: window,
        maxWindowPixels: try maxWindow.map { v throws(CheckSummaryError) in try int(v, path: "comparison.maxWindowPixels") },
        checkerboard: value["checkerboard"] == nil ? false : try bool(value, "checkerboard", path: "comparison"))
    } catch let e as CheckSummaryError {
      throw e
    } catch {
      throw self.error("comparison", "\(error)")
    }
  }

  func result(_ value: JSONNode, path: String) throws(CheckSummaryError) -> CaseResult {
    guard let kind = ReferenceKind(rawValue: try string(value, "kind", path: path + ".kind")) else {
      throw error(path + ".kind", "expected one of " + ReferenceKind.allCases.map(\.rawValue).joined(separator: ", "))
    }
    let checkCase = CheckCase(
      name: try string(value, "name", path: path + ".name"),
      inputPath: try string(value, "input", path: path + ".input"),
      argumentsPath: try optionalString(value, "options", path: path),
      kind: kind, referencePath: try string(value, "reference", path: path + ".reference"),
      referenceExists: try bool(value, "referenceExisted", path: path))
    let statusName = try string(value, "status", path: path + ".status")
    let status: CaseResult.Status
    switch statusName {
    case "passed": status = .passed
    case "differed": status = .differed
    case "missing": status = .missing
    case "error": status = .error
    case "recorded":
      let name = try string(value, "recording", path: path + ".recording")
      let all: [CaseResult.Recording] = [.new, .differed, .matched, .unreadable]
      guard let recording = all.first(where: { $0.jsonName == name }) else {
        throw error(path + ".recording", "expected new, differed, matched or unreadable")
      }
      status = .recorded(recording)
    default: throw error(path + ".status", "expected passed, differed, missing, error or recorded")
    }
    var result = CaseResult(
      checkCase: checkCase, status: status, message: try string(value, "message", path: path + ".message"),
      seconds: try measure(value, "seconds", path: path))
    result.artifacts = try array(value, "artifacts", path: path).enumerated().map { (i, v) throws(CheckSummaryError) in
      try string(v, nil, path: path + ".artifacts[\(i)]")
    }
    if let figures = value["figures"] { result.figures = try self.figures(figures, path: path + ".figures") }
    if let images = value["images"] {
      func png(_ name: String) throws(CheckSummaryError) -> [UInt8]? {
        guard let text = images[name] else { return nil }
        guard let s = text.string, let bytes = Markup.base64Decoded(s), Self.isPNG(bytes) else {
          throw error(path + ".images." + name, "expected a PNG in Base64")
        }
        return bytes
      }
      var crop: WindowCrop?
      if let c = images["crop"] {
        let at = path + ".images.crop"
        guard let text = c["png"]?.string, let bytes = Markup.base64Decoded(text), Self.isPNG(bytes) else {
          throw error(at + ".png", "expected a PNG in Base64")
        }
        let w = c["window"] ?? JSONNode(value: .null, offset: 0)
        crop = WindowCrop(
          png: bytes, scale: try wholeCount(c["scale"], path: at + ".scale"),
          window: DiffWindow(
            x: try wholeCount(w["x"], path: at + ".window.x"), y: try wholeCount(w["y"], path: at + ".window.y"),
            size: try wholeCount(w["size"], path: at + ".window.size"), pixels: try wholeCount(w["pixels"], path: at + ".window.pixels")))
      }
      result.images = CaseImages(
        expected: try png("expected"), actual: try png("actual"), diff: try png("diff"), crop: crop)
      result.images.ghost = try png("ghost")
    }
    if value["changes"] != nil {
      result.changes = try array(value, "changes", path: path).enumerated().map { (i, v) throws(CheckSummaryError) in
        try string(v, nil, path: path + ".changes[\(i)]")
      }
    }
    if let frame = value["frame"] { result.frame = try wholeCount(frame, path: path + ".frame") }
    result.textDiff = try optionalString(value, "textDiff", path: path)
    result.valuesTable = try optionalString(value, "valuesTable", path: path)
    return result
  }

  func figures(_ value: JSONNode, path: String) throws(CheckSummaryError) -> DiffResult {
    func ints(_ key: String, _ count: Int) throws(CheckSummaryError) -> [Int] {
      guard let a = value[key]?.array, a.count == count else {
        throw error(path + "." + key, "expected \(count) whole numbers")
      }
      var out: [Int] = []
      for (i, v) in a.enumerated() { out.append(try wholeCount(v, path: path + ".\(key)[\(i)]")) }
      return out
    }
    let e = try ints("expectedSize", 2)
    let a = try ints("actualSize", 2)
    var window: DiffWindow?
    if let w = value["worstWindow"] {
      window = DiffWindow(
        x: try wholeCount(w["x"], path: path + ".worstWindow.x"), y: try wholeCount(w["y"], path: path + ".worstWindow.y"),
        size: try wholeCount(w["size"], path: path + ".worstWindow.size"),
        pixels: try wholeCount(w["pixels"], path: path + ".worstWindow.pixels"))
    }
    var box: PixelBox?
    if value["boundingBox"] != nil {
      let b = try ints("boundingBox", 4)
      box = PixelBox(minX: b[0], minY: b[1], maxX: b[2], maxY: b[3])
    }
    var violations: [BudgetViolation] = []
    for (i, v) in try array(value, "violations", path: path).enumerated() {
      let at = path + ".violations[\(i)]"
      switch v["kind"]?.string {
      case "size": violations.append(.sizeMismatch)
      case "pixels":
        if let n = v["maxDiffPixels"] {
          violations.append(.pixelBudget(.pixels(try wholeCount(n, path: at + ".maxDiffPixels"))))
        } else {
          violations.append(.pixelBudget(.ratio(try measure(v, "maxDiffRatio", path: at))))
        }
      case "window": violations.append(.windowBudget(maxPixels: try wholeCount(v["maxWindowPixels"], path: at + ".maxWindowPixels")))
      default: throw error(at + ".kind", "expected size, pixels or window")
      }
    }
    return DiffResult(
      expectedSize: ImageSize(width: e[0], height: e[1]), actualSize: ImageSize(width: a[0], height: a[1]),
      identical: try bool(value, "identical", path: path),
      differingPixels: try wholeCount(value["differingPixels"], path: path + ".differingPixels"),
      antialiasedPixels: try wholeCount(value["antialiasedPixels"], path: path + ".antialiasedPixels"),
      comparedPixels: try wholeCount(value["comparedPixels"], path: path + ".comparedPixels"),
      worstWindow: window, boundingBox: box, rms: try measure(value, "rms", path: path), violations: violations)
  }
}

/// The reads of a summary's values: `nil` where the value is absent or of another type.
extension JSONNode {
  /// The member `key` of an object.
  fileprivate subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.value
  }

  fileprivate var string: String? { if case .string(let s) = value { s } else { nil } }
  /// A finite number (the reader gives infinity for a number beyond a double's range).
  fileprivate var number: Double? { if case .number(let n) = value, n.isFinite { n } else { nil } }
  fileprivate var bool: Bool? { if case .bool(let b) = value { b } else { nil } }
  fileprivate var array: [JSONNode]? { if case .array(let a) = value { a } else { nil } }
  fileprivate var int: Int? { number.flatMap { $0 == $0.rounded() && abs($0) < 9e15 ? Int($0) : nil } }
  fileprivate var isNull: Bool { if case .null = value { true } else { false } }
}
