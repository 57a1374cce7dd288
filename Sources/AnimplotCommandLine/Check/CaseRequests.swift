import AnimplotCheck
import AnimplotGolden
import AnimplotIO
import AnimplotPlatform
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
  /// The verbs a case may use: every verb that draws, `eval` and `edit`.
  package static var verbs: [String] { parsers.map(\.verb) }

  /// The verbs whose case needs no input file: its `NAME.args` alone is the case (a `morph`
  /// case with an input follows one of its channels, as `--curve`).
  package static let verbsWithoutInput: Set<String> = ["gallery", "morph"]

  /// Each verb's parser, in the verbs' grammar.
  private static let parsers: [(verb: String, parse: @Sendable ([String]) throws -> Parsed)] = [
    (GraphArguments.verb, { try parse($0, as: GraphArguments.self) }),
    (DopeSheetArguments.verb, { try parse($0, as: DopeSheetArguments.self) }),
    (TimelineArguments.verb, { try parse($0, as: TimelineArguments.self) }),
    (PathArguments.verb, { try parse($0, as: PathArguments.self) }),
    (EvalArguments.verb, { try parse($0, as: EvalArguments.self) }),
    (PlayArguments.verb, { try parse($0, as: PlayArguments.self) }),
    ("preview", { try parsePreview($0) }),
    ("gallery", { try parseGallery($0) }),
    ("morph", { try parseMorph($0) }),
    ("edit", { try parseEdit($0) }),
  ]

  /// A case's options, parsed.
  struct Parsed: Sendable {
    /// The options of a verb that shows one view of its input (for its ghost curves).
    var arguments: (any VerbArguments)?
    /// The format `--format` asks for (or, for a verb that draws no still picture, its own).
    var requested: OutputFormat?
    /// The kind of reference the output is compared as when it is no view's format (`edit`).
    var requestedKind: ReferenceKind?
    /// How the case is drawn as a reference of a kind.
    var draw: @Sendable (ReferenceKind) throws(CaseOptionsProblem) -> CaseDrawing
    /// The values of the case's input (its action and channels) over the scene range, for a
    /// values reference; `nil` for a verb that shows no action.
    var values: RenderRequest?
    /// The files the options name, read beside the case's input (`--ops`, `--ghost`): each
    /// option with its name.
    var files: [(option: String, name: String)] = []
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
      // Weighed before the verb's grammar parses them (its work grows with their square).
      guard words.count <= Limits.commandWords else {
        return .failure(CaseOptionsProblem("\(words.count) words of options, more than \(Limits.commandWords)"))
      }
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
      if let kind = parsed.requestedKind { return .success(kind) }
      guard let requested = parsed.requested else { return .success(nil) }
      guard let kind = ReferenceKind(requested) else {
        return .failure(
          CaseOptionsProblem(
            "--format \(requested.name): check compares "
              + ReferenceKind.allCases.compactMap { kind in kind.outputFormat.map { "\($0.name) (NAME\(kind.suffix))" } }
              .joined(separator: ", ")))
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

  /// The request that draws `checkCase` in the format of its reference, for a case of a verb
  /// that shows one view of its input (`graph`, `dopesheet`, `timeline`, `path`, `eval`, `play`).
  /// - Throws: `CaseOptionsProblem` when the case's view does not write that format.
  package func request(for checkCase: CheckCase) throws(CaseOptionsProblem) -> RenderRequest {
    let parsed = parsed(for: checkCase)
    if checkCase.kind == .values && !(parsed.arguments is EvalArguments), let values = parsed.values {
      // The values of the input the case shows (its action and channels), every frame of
      // the scene range, whatever the verb draws.
      return values
    }
    guard let arguments = parsed.arguments, let format = checkCase.kind.outputFormat else {
      throw CaseOptionsProblem("\(checkCase.kind.suffix): not drawn by one view of the input")
    }
    do {
      return try arguments.request(format: format)
    } catch {
      throw CaseOptionsProblem("\(error)")
    }
  }

  /// How `checkCase` is drawn as its reference's kind, by any verb a case can use.
  /// - Throws: `CaseOptionsProblem` when the case's verb does not write that kind.
  package func drawing(for checkCase: CheckCase) throws(CaseOptionsProblem) -> CaseDrawing {
    let parsed = parsed(for: checkCase)
    if checkCase.kind == .values, !(parsed.arguments is EvalArguments) {
      guard let values = parsed.values else {
        throw CaseOptionsProblem("a values reference needs a verb that shows an action; this one shows none")
      }
      return CaseDrawing(values)
    }
    return try parsed.draw(checkCase.kind)
  }

  /// The files `checkCase`'s options name besides its input (`edit --ops`, `graph --ghost`),
  /// each with its option, as the case reads them: beside its input.
  package func namedFiles(for checkCase: CheckCase) -> [(option: String, path: String)] {
    parsed(for: checkCase).files.map { file in
      (file.option, CaseFile.beside(checkCase.hasInput ? checkCase.inputPath : nil, file.name).path)
    }
  }

  private func parsed(for checkCase: CheckCase) -> Parsed {
    checkCase.argumentsPath.flatMap { byPath[$0] } ?? defaultCase
  }

  /// The Graph Editor of the case's input with the values of `valuesPath` drawn as ghost
  /// curves, as PNG: the case's own `graph` options, or the Graph Editor of the case's
  /// action and channels at 800×450 for another verb.
  package func ghostRequest(for checkCase: CheckCase, valuesPath: String) -> RenderRequest? {
    guard let arguments = parsed(for: checkCase).arguments else { return nil }
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
    // A verb that draws no still picture (eval: values; play: an animation) is compared as
    // its first output unless --format says otherwise.
    if requested == nil, !A.View.outputFormats.contains(.png) { requested = A.View.outputFormats.first }
    let ghost = (arguments as? GraphArguments)?.ghost
    if let ghost { try CaseFile.check("--ghost", ghost, "ghost file") }
    return Parsed(
      arguments: arguments, requested: requested,
      draw: { kind throws(CaseOptionsProblem) in
        guard let format = kind.outputFormat else {
          throw CaseOptionsProblem("\(A.verb) does not write \(kind.suffix) references")
        }
        let request: RenderRequest
        do {
          request = try arguments.request(format: format)
        } catch {
          throw CaseOptionsProblem("\(error)")
        }
        guard let ghost, let graph = request.view as? GraphView, let read = graph.ghost else { return CaseDrawing(request) }
        return CaseDrawing { (input: String?) throws(DrawingFailure) in
          let path = try CaseFile.path("--ghost", ghost, beside: input, "a file of curves")
          var (request, view) = (request, graph)
          view.ghost = Input(.file(path), kind: read.kind, options: read.options)
          request.view = view
          return try CaseDrawing(request).draw(input: input).get()
        }
      },
      values: arguments.request(view: EvaluationView(), format: .valuesCSV),
      files: ghost.map { [("--ghost", $0)] } ?? [])
  }

  /// Parses `options` with `A`'s grammar, for a verb that is no `VerbArguments`.
  private static func parseOptions<A: ParsableArguments>(_ options: [String], as type: A.Type) throws -> A {
    do {
      return try A.parse(options)
    } catch {
      if A.exitCode(for: error) == .success {
        throw CaseOptionsProblem("asks for help; a case's options draw a picture")
      }
      let message = A.message(for: error)
      throw CaseOptionsProblem(message.isEmpty ? "\(error)" : message)
    }
  }

  /// The format of `View` that `--format` asks for, if it asks.
  private static func format<View: PlotView>(_ name: String?, of view: View.Type) throws -> OutputFormat? {
    guard let name else { return nil }
    do throws(RenderError) {
      return try OutputFormat.choose(for: View.self, path: nil, requested: name)
    } catch {
      throw CaseOptionsProblem(error.description)
    }
  }

  /// `Parsed.draw` for `View`: the reference's format, if the view writes it.
  private static func drawing<View: PlotView>(
    _ view: View.Type, _ make: @escaping @Sendable (OutputFormat) -> CaseDrawing
  ) -> @Sendable (ReferenceKind) throws(CaseOptionsProblem) -> CaseDrawing {
    { kind throws(CaseOptionsProblem) in
      guard let format = kind.outputFormat, View.outputFormats.contains(format) else {
        throw CaseOptionsProblem(
          "\(View.name) does not write \(kind.suffix) references; it writes "
            + OutputFormat.list(View.outputFormats.map(\.name)))
      }
      return make(format)
    }
  }

  /// `preview`: the stage as an animation (an `.apng` reference) or, with `--filmstrip`, a still.
  private static func parsePreview(_ options: [String]) throws -> Parsed {
    let arguments = try parseOptions(options + ["--", placeholderInput], as: PreviewArguments.self)
    guard arguments.inputs == [placeholderInput] else {
      throw CaseOptionsProblem("names an input; a case draws its own input")
    }
    let stage = try arguments.stageOptions()
    let input = arguments.inputOptions
    let settings = arguments.settings
    @Sendable func request(_ view: any PlotView, _ format: OutputFormat) -> RenderRequest {
      RenderRequest(
        view: view, selection: input.selection, inputKind: input.inputFormat, importOptions: input.importOptions,
        format: format, settings: settings)
    }
    let values = request(EvaluationView(), .valuesCSV)
    if let count = arguments.filmstrip {
      let view = PreviewFilmstripView(options: stage, count: count, columns: arguments.columns ?? min(count, 4))
      return Parsed(
        requested: try format(arguments.format, of: PreviewFilmstripView.self),
        draw: drawing(PreviewFilmstripView.self) { CaseDrawing(request(view, $0)) }, values: values)
    }
    var view = PreviewView(options: stage)
    view.fps = input.fps
    view.plays = arguments.loop
    let animation = view
    return Parsed(
      requested: try format(arguments.format, of: PreviewView.self) ?? .apng,
      draw: drawing(PreviewView.self) { CaseDrawing(request(animation, $0)) }, values: values)
  }

  /// `gallery`: no input; the case is its `NAME.args`.
  private static func parseGallery(_ options: [String]) throws -> Parsed {
    let arguments = try parseOptions(options, as: GalleryArguments.self)
    let view = try arguments.view()
    let settings = arguments.settings
    return Parsed(
      requested: try format(arguments.format, of: GalleryView.self),
      draw: drawing(GalleryView.self) { format in
        CaseDrawing { (_: String?) throws(RenderError) in
          try Renderer(settings: settings).render([], view: view, as: format, name: "gallery")
        }
      })
  }

  /// `morph`: no input (an easing), or the case's input as `--curve` (with `--channel`).
  private static func parseMorph(_ options: [String]) throws -> Parsed {
    if options.contains(where: { $0 == "--curve" || $0.hasPrefix("--curve=") }) {
      throw CaseOptionsProblem("--curve: a morph case follows its own input, NAME.json, with --channel")
    }
    // --channel follows the case's input: it stands for --curve's file while parsing.
    let follows = options.contains { $0 == "--channel" || $0.hasPrefix("--channel=") }
    let arguments = try parseOptions(options + (follows ? ["--curve", placeholderInput] : []), as: MorphArguments.self)
    let animated = arguments.isAnimation
    let requested =
      animated
      ? try format(arguments.format, of: MorphAnimationView.self) ?? .apng
      : try format(arguments.format, of: MorphView.self)
    @Sendable func draw(_ format: OutputFormat) -> CaseDrawing {
      CaseDrawing { (input: String?) throws(DrawingFailure) in
        var arguments = arguments
        if follows {
          guard let input else {
            throw DrawingFailure(message: "--channel: a morph case follows a channel of its input, NAME.json, and has none")
          }
          arguments.curve = input
        }
        do {
          let renderer = Renderer(settings: arguments.settings)
          if animated {
            let view = MorphAnimationView(morph: try arguments.view(), fps: arguments.fps, plays: arguments.loop)
            return try renderer.render([], view: view, as: format, name: "morph")
          }
          return try renderer.render([], view: try arguments.view(), as: format, name: "morph")
        } catch {
          throw DrawingFailure(message: (error as? CLIError)?.message ?? "\(error)")
        }
      }
    }
    return Parsed(
      requested: requested, draw: animated ? drawing(MorphAnimationView.self, draw) : drawing(MorphView.self, draw))
  }

  /// `edit`: the case's input edited, compared as an action file (`NAME.edited.json`) member by
  /// member. `--ops FILE` is read beside the input.
  private static func parseEdit(_ options: [String]) throws -> Parsed {
    let arguments = try parseOptions([placeholderInput] + options, as: EditArguments.self)
    guard arguments.input == placeholderInput, !arguments.inPlace else {
      throw CaseOptionsProblem("\(arguments.inPlace ? "--in-place" : "names an input"); a case edits its own input and compares it with NAME\(ReferenceKind.edited.suffix)")
    }
    if let ops = arguments.opsFile { try CaseFile.check("--ops", ops, "script") }
    return Parsed(
      requestedKind: .edited,
      draw: { kind throws(CaseOptionsProblem) in
        guard kind == .edited else {
          throw CaseOptionsProblem(
            "edit writes an action file, compared with NAME\(ReferenceKind.edited.suffix), not NAME\(kind.suffix)")
        }
        return CaseDrawing { (input: String?) throws(DrawingFailure) in
          var arguments = arguments
          arguments.input = input ?? placeholderInput
          if let ops = arguments.opsFile { arguments.opsFile = try CaseFile.path("--ops", ops, beside: input, "a script file") }
          do {
            return try arguments.edited().bytes
          } catch {
            throw DrawingFailure(message: (error as? CLIError)?.message ?? "\(error)")
          }
        }
      },
      files: arguments.opsFile.map { [("--ops", $0)] } ?? [])
  }
}

/// How a case is drawn: from its input's path (`nil` for a verb that reads none) to the
/// output's bytes, or the one-line error.
package struct CaseDrawing: Sendable {
  private let make: @Sendable (String?) throws(DrawingFailure) -> [UInt8]

  init(_ make: @escaping @Sendable (String?) throws(DrawingFailure) -> [UInt8]) { self.make = make }

  init(_ make: @escaping @Sendable (String?) throws(RenderError) -> [UInt8]) {
    self.make = { (input: String?) throws(DrawingFailure) in
      do throws(RenderError) {
        return try make(input)
      } catch {
        throw DrawingFailure(message: error.description)
      }
    }
  }

  /// `request` drawn from the input.
  init(_ request: RenderRequest) {
    self.init { (input: String?) throws(RenderError) in
      guard let input else { throw RenderError(.request, "\(request.viewName) needs an input") }
      return try request.render(.file(input), with: Renderer())
    }
  }

  /// The output made from the input at `input`.
  package func draw(input: String?) -> Result<[UInt8], DrawingFailure> {
    Result { () throws(DrawingFailure) in try make(input) }
  }
}

extension ReferenceKind {
  /// The output format whose files this kind of reference holds; `nil` for `edit`'s action
  /// files, which no view writes.
  package var outputFormat: OutputFormat? {
    switch self {
    case .png: .png
    case .svg: .svg
    case .layoutJSON: .layoutJSON
    case .displayList: .displayList
    case .values: .valuesCSV
    case .animation: .apng
    case .edited: nil
    }
  }

  /// The kind of reference that holds files of `format`, if check compares them.
  package init?(_ format: OutputFormat) {
    guard let kind = Self.allCases.first(where: { $0.outputFormat == format }) else { return nil }
    self = kind
  }
}

/// A file a case's options name besides its input (`edit --ops`, `graph --ghost`): a case reads
/// files of its own folder only, so that a folder of cases means the same wherever `check`
/// runs and reads nothing outside it.
enum CaseFile {
  /// Refuses a name that is absolute or climbs out of the folder (`..`).
  static func check(_ option: String, _ name: String, _ what: String) throws(CaseOptionsProblem) {
    guard name.hasPrefix("/") || name.split(separator: "/").contains("..") else { return }
    throw CaseOptionsProblem("\(option) \(name): a case's \(what) is a file of its folder, named relative to it")
  }

  /// The path of `name` beside the case's input, refused when reached through a symbolic link
  /// (the file, or a folder on the way: it may lead anywhere) or when it is no file (a FIFO
  /// would block the run for good); `expected` says what it should be.
  static func path(_ option: String, _ name: String, beside input: String?, _ expected: String) throws(DrawingFailure)
    -> String
  {
    let (path, folder) = beside(input, name)
    if FileSystem.isSymbolicLink(path) || FileSystem.linkedFolder(under: folder, toward: name) != nil {
      throw DrawingFailure(message: "\(option) \(path): reached through a symbolic link; a case reads files of its folder")
    }
    if let odd = FileSystem.oddKind(of: path) { throw DrawingFailure(message: "\(option) \(path): \(odd), not \(expected)") }
    return path
  }

  /// The path of `name` beside the case's input, and the input's folder (`.` without one).
  static func beside(_ input: String?, _ name: String) -> (path: String, folder: String) {
    guard let input, let slash = input.lastIndex(of: "/") else { return (name, ".") }
    let folder = String(input[..<slash])
    return (folder + "/" + name, folder)
  }
}
