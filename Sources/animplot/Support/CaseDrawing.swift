import ArgumentParser
import AnimplotGolden

/// A check case's drawing command, parsed from its `NAME.args` as the command line would
/// parse it, ready to draw in-process.
struct CaseDrawing: Sendable {
  let command: any DrawingCommand

  /// The bytes of the picture (or layout), or the command's one-line error.
  func draw() -> Result<[UInt8], DrawingFailure> {
    do {
      guard let picture = try command.render().first else {
        return .failure(DrawingFailure(message: "the command drew nothing"))
      }
      return .success(picture.bytes)
    } catch let error as CLIError {
      // The command draws "to standard output": a message about that path names nothing.
      let message = error.message.hasPrefix("-: ") ? String(error.message.dropFirst(3)) : error.message
      return .failure(DrawingFailure(message: message))
    } catch {
      return .failure(DrawingFailure(message: "\(error)"))
    }
  }

  /// The verbs a case may use.
  static var drawingVerbs: [String] {
    Animplot.configuration.subcommands.compactMap { command in
      (command as? any DrawingCommand.Type).map { $0.configuration.commandName ?? "" }
    }
  }
}

/// Makes the drawing commands of check's cases, parsing each distinct set of options once.
///
/// Parsing a command line costs about as much as a tenth of a small picture, and the cases
/// of a folder mostly share their options; a parsed command is copied for each case, its
/// input set to the case's.
struct CaseDrawings {
  /// The command parsed from a case's words (`VERB OPTIONS [--format F]`), or the message
  /// (without the file name) of why it does not parse.
  private var parsed: [[String]: Result<any DrawingCommand, CLIError>] = [:]

  /// Stands for the input while parsing: the command line must name one.
  private static let placeholderInput = "INPUT"

  /// The command drawing `checkCase`: `VERB OPTIONS -o - [--format F] -- INPUT`.
  /// - Throws: `CLIError` naming the case's `NAME.args` (or its input, when it has none)
  ///   when the verb does not draw, the options do not parse, or they name an input.
  mutating func drawing(for checkCase: CheckCase) throws -> CaseDrawing {
    var words = checkCase.arguments.words
    if checkCase.arguments.referenceKind == nil { words += ["--format", checkCase.kind.format] }
    let result: Result<any DrawingCommand, CLIError>
    if let known = parsed[words] {
      result = known
    } else {
      result = Result { try Self.parse(words) }.mapError { $0 as? CLIError ?? CLIError("\($0)") }
      parsed[words] = result
    }
    let source = checkCase.argumentsPath ?? checkCase.inputPath
    switch result {
    case .failure(let error):
      throw CLIError("\(source): \(error.message)")
    case .success(var command):
      guard command.inputs == [Self.placeholderInput] else {
        var others = command.inputs
        others.remove(at: others.lastIndex(of: Self.placeholderInput)!)
        throw CLIError(
          "\(source): names an input (\(others.map { "'\($0)'" }.joined(separator: ", "))); "
            + "a case draws its own input, \(checkCase.inputPath)")
      }
      command.inputs = [checkCase.inputPath]
      return CaseDrawing(command: command)
    }
  }

  /// Parses `WORDS -o - -- INPUT` as the command line would.
  private static func parse(_ words: [String]) throws -> any DrawingCommand {
    let verb = words[0]
    let verbs = CaseDrawing.drawingVerbs
    guard verbs.contains(verb) else {
      throw CLIError(
        "'\(verb)' is not a drawing verb; a case's verb is one of " + verbs.joined(separator: ", "))
    }
    let parsed: any ParsableCommand
    do {
      parsed = try Animplot.parseAsRoot(words + ["-o", "-", "--", placeholderInput])
    } catch {
      let message = Animplot.message(for: error)
      throw CLIError(message.isEmpty ? "\(error)" : message)
    }
    // A drawing verb parses to its command, unless the options ask for help.
    guard let drawing = parsed as? any DrawingCommand else {
      throw CLIError("asks for help; a case's options draw a picture")
    }
    return drawing
  }
}
