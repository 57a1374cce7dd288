import AnimplotCheck
import AnimplotGolden
import AnimplotIO
import AnimplotRender
import AnimplotText
import AnimplotPlots
import ArgumentParser

/// The typed requests of a check folder's cases, parsed once from each `NAME.args` with the
/// verbs' own grammar (`VerbArguments`), and the reference kind each asks for.
///
/// Parsing a command line costs about as much as a tenth of a small picture, and the cases of
/// a folder mostly share their options: each distinct set of words is parsed once.
package struct CaseRequests {
  /// The verbs a case may use: those whose views draw a picture or a layout.
  package static var verbs: [String] { parsers.map(\.verb) }

  /// Each verb's parser, in the verbs' grammar.
  private static let parsers: [(verb: String, parse: @Sendable ([String]) throws -> Parsed)] = [
    (GraphArguments.verb, { try parse($0, as: GraphArguments.self) }),
    (DopeSheetArguments.verb, { try parse($0, as: DopeSheetArguments.self) }),
    (TimelineArguments.verb, { try parse($0, as: TimelineArguments.self) }),
    (PathArguments.verb, { try parse($0, as: PathArguments.self) }),
    (EvalArguments.verb, { try parse($0, as: EvalArguments.self) }),
  ]

  /// A case's options, parsed.
  struct Parsed: Sendable {
    var arguments: any VerbArguments
    /// The format `--format` asks for.
    var requested: OutputFormat?
  }

  /// Parsed options by the words of a `NAME.args`.
  private var byWords: [[String]: Result<Parsed, CaseOptionsProblem>] = [:]
  /// Parsed options by the `NAME.args` path.
  private var byPath: [String: Parsed] = [:]
  /// The rectangles `--ignore` leaves out of the comparison, by the `NAME.args` path.
  private var ignoredByPath: [String: [PixelRect]] = [:]
  /// The options of a case with no `NAME.args`: `graph`.
  private let defaultCase: Parsed

  package init() {
    do {
      defaultCase = try Self.parse([CaseArguments.defaultVerb])
    } catch {
      preconditionFailure("the default case options do not parse: \(error)")
    }
  }

  /// Stands for the input while parsing: the grammar needs one.
  static let placeholderInput = "INPUT"

  /// Parses the text of `NAME.args` at `path` and tells the reference kind it asks for (the
  /// callback of `CaseFolder.scan`).
  package mutating func parse(path: String, text: String) -> Result<ReferenceKind?, CaseOptionsProblem> {
    var words: [String]
    do {
      words = try CaseArguments(parsing: text).words
      ignoredByPath[path] = try Self.takeIgnoredRegions(from: &words)
    } catch let error as CaseArgumentsError {
      return .failure(CaseOptionsProblem(error.description))
    } catch {
      return .failure(CaseOptionsProblem((error as? CLIError)?.message ?? "\(error)"))
    }
    let result =
      byWords[words]
      ?? Result { try Self.parse(words) }.mapError { $0 as? CaseOptionsProblem ?? CaseOptionsProblem("\($0)") }
    byWords[words] = result
    return result.flatMap { parsed in
      byPath[path] = parsed
      guard let requested = parsed.requested else { return .success(nil) }
      guard let kind = ReferenceKind(requested) else {
        return .failure(
          CaseOptionsProblem(
            "--format \(requested.name): check compares "
              + ReferenceKind.allCases.map { "\($0.outputFormat.name) (NAME\($0.suffix))" }.joined(separator: ", ")))
      }
      return .success(kind)
    }
  }

  /// The rectangles the case's `NAME.args` leaves out of the comparison (`--ignore`).
  package func ignoredRegions(for checkCase: CheckCase) -> [PixelRect] {
    checkCase.argumentsPath.flatMap { ignoredByPath[$0] } ?? []
  }

  /// Removes check's own `--ignore X,Y,W,H` options (as `diff` has them) from the words of a
  /// `NAME.args`, and returns their rectangles; the verb's grammar parses the rest.
  static func takeIgnoredRegions(from words: inout [String]) throws -> [PixelRect] {
    var regions: [PixelRect] = []
    var kept: [String] = []
    var i = 0
    while i < words.count {
      let word = words[i]
      if i > 0 && word == "--ignore" {
        guard i + 1 < words.count else {
          throw CLIError("--ignore needs a value X,Y,W,H (left, top, width, height in pixels)")
        }
        regions.append(try DiffArguments.parseRegion(words[i + 1]))
        i += 2
      } else if i > 0 && word.hasPrefix("--ignore=") {
        regions.append(try DiffArguments.parseRegion(String(word.dropFirst("--ignore=".count))))
        i += 1
      } else {
        kept.append(word)
        i += 1
      }
    }
    words = kept
    return regions
  }

  /// The request that draws `checkCase` in the format of its reference.
  /// - Throws: `CaseOptionsProblem` when the case's view does not write that format.
  package func request(for checkCase: CheckCase) throws(CaseOptionsProblem) -> RenderRequest {
    let parsed = checkCase.argumentsPath.flatMap { byPath[$0] } ?? defaultCase
    let format = checkCase.kind.outputFormat
    if checkCase.kind == .values && !(parsed.arguments is EvalArguments) {
      // The values of the input the case shows (its action and channels), every frame of
      // the scene range, whatever the verb draws.
      return parsed.arguments.request(view: EvaluationView(), format: .valuesCSV)
    }
    do {
      return try parsed.arguments.request(format: format)
    } catch {
      throw CaseOptionsProblem("\(error)")
    }
  }

  /// The Graph Editor of the case's input with the values of `valuesPath` drawn as ghost
  /// curves, as PNG: the case's own `graph` options, or the Graph Editor of the case's
  /// action and channels at 800×450 for another verb.
  package func ghostRequest(for checkCase: CheckCase, valuesPath: String) -> RenderRequest? {
    let parsed = checkCase.argumentsPath.flatMap { byPath[$0] } ?? defaultCase
    let arguments = parsed.arguments
    var view: GraphView
    if let graph = arguments as? GraphArguments {
      guard let own = try? graph.view() else { return nil }
      view = own
    } else {
      var options = GraphOptions()
      (options.width, options.height) = (800, 450)
      view = GraphView(options: options)
    }
    view.ghost = .file(valuesPath, kind: .csv)
    return arguments.request(view: view, format: .png)
  }

  /// Parses `VERB OPTIONS` as the command line would, with a placeholder input.
  private static func parse(_ words: [String]) throws -> Parsed {
    let verb = words[0]
    guard let parser = parsers.first(where: { $0.verb == verb }) else {
      let hint = Suggestion.nearest(to: verb, among: verbs).map { "did you mean '\($0)'? " } ?? ""
      throw CaseOptionsProblem(
        "'\(verb)' is not a verb a case can use; \(hint)a case's verb is one of " + verbs.joined(separator: ", "))
    }
    return try parser.parse(Array(words.dropFirst()))
  }

  private static func parse<A: VerbArguments>(_ options: [String], as type: A.Type) throws -> Parsed {
    let arguments: A
    do {
      arguments = try A.parse(options + ["--", placeholderInput])
    } catch {
      if A.exitCode(for: error) == .success {
        throw CaseOptionsProblem("asks for help; a case's options draw a picture")
      }
      let context = UsageMessage.context(of: A.self, arguments: options + ["--", placeholderInput]) { changed in
        do {
          _ = try A.parse(changed)
          return nil
        } catch {
          return A.message(for: error)
        }
      }
      let message = UsageMessage.reword(A.message(for: error), context: context)
      throw CaseOptionsProblem(message.isEmpty ? "\(error)" : message)
    }
    guard arguments.inputs == [placeholderInput] else {
      var others = arguments.inputs.filter { $0 != "--" }
      if let placeholder = others.lastIndex(of: placeholderInput) { others.remove(at: placeholder) }
      throw CaseOptionsProblem(
        "names an input (\(others.map { "'\($0)'" }.joined(separator: ", "))); a case draws its own input")
    }
    var requested: OutputFormat?
    if let name = arguments.outputOptions.format {
      do throws(RenderError) {
        requested = try OutputFormat.choose(for: A.View.self, path: nil, requested: name)
      } catch {
        throw CaseOptionsProblem(error.description)
      }
    }
    // eval writes values: its case compares a values reference unless --format says otherwise.
    if A.self == EvalArguments.self && requested == nil { requested = .valuesCSV }
    return Parsed(arguments: arguments, requested: requested)
  }
}

extension ReferenceKind {
  /// The output format whose files this kind of reference holds.
  package var outputFormat: OutputFormat {
    switch self {
    case .png: .png
    case .svg: .svg
    case .layoutJSON: .layoutJSON
    case .displayList: .displayList
    case .values: .valuesCSV
    }
  }

  /// The kind of reference that holds files of `format`, if check compares them.
  package init?(_ format: OutputFormat) {
    guard let kind = Self.allCases.first(where: { $0.outputFormat == format }) else { return nil }
    self = kind
  }
}
