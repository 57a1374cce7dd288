import ArgumentParser
import Golden

/// A check case's drawing command, parsed from its `NAME.args` as the command line would
/// parse it, ready to draw in-process.
struct CaseDrawing: Sendable {
  let command: any DrawingCommand

  /// Parses `VERB OPTIONS -o OUTPUT [--format F] -- INPUT`.
  /// - Parameter output: the path the command believes it draws to (named in its errors);
  ///   nothing is written there.
  /// - Throws: `CLIError` naming the case's `NAME.args` (or its input, when it has none)
  ///   when the options do not parse, the verb does not draw, or the options name an input.
  init(_ checkCase: CheckCase, output: String) throws {
    let source = checkCase.argumentsPath ?? checkCase.inputPath
    let verb = checkCase.arguments.verb
    guard Self.drawingVerbs.contains(verb) else {
      throw CLIError(
        "\(source): '\(verb)' is not a drawing verb; a case's verb is one of "
          + Self.drawingVerbs.joined(separator: ", "))
    }
    var words = checkCase.arguments.words + ["-o", output]
    if checkCase.arguments.referenceKind == nil { words += ["--format", checkCase.kind.format] }
    words += ["--", checkCase.inputPath]
    let parsed: any ParsableCommand
    do {
      parsed = try Animplot.parseAsRoot(words)
    } catch {
      let message = Animplot.message(for: error)
      throw CLIError("\(source): " + (message.isEmpty ? "\(error)" : message))
    }
    // A drawing verb parses to its command, unless the options ask for help.
    guard let drawing = parsed as? any DrawingCommand else {
      throw CLIError("\(source): asks for help; a case's options draw a picture")
    }
    let others = drawing.inputs.filter { $0 != checkCase.inputPath }
    guard others.isEmpty else {
      throw CLIError(
        "\(source): names an input (\(others.map { "'\($0)'" }.joined(separator: ", "))); "
          + "a case draws its own input, \(checkCase.inputPath)")
    }
    command = drawing
  }

  /// The verbs a case may use.
  static var drawingVerbs: [String] {
    Animplot.configuration.subcommands.compactMap { command in
      (command as? any DrawingCommand.Type).map { $0.configuration.commandName ?? "" }
    }
  }

  /// The bytes of the picture (or layout), or the command's one-line error.
  func draw() -> Result<[UInt8], DrawingFailure> {
    do {
      guard let picture = try command.render().first else {
        return .failure(DrawingFailure(message: "the command drew nothing"))
      }
      return .success(picture.bytes)
    } catch let error as CLIError {
      return .failure(DrawingFailure(message: error.message))
    } catch {
      return .failure(DrawingFailure(message: "\(error)"))
    }
  }
}
