import AnimplotText
import AnimplotPlatform
import AnimplotCairo
import AnimplotCommandLine
import ArgumentParser

/// The `animplot` command: one subcommand per verb (README, "The command line").
struct Animplot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "animplot",
    abstract: "Evaluate and draw animation curves exactly as Blender does, without a screen.",
    discussion: """
      Reads actions (Blender-style F-curves) and evaluates or draws them the way Blender's \
      Graph Editor, Dope Sheet and Timeline do, plays them, and compares pictures. Exit \
      codes: 0 success, 1 a comparison found a difference, 2 bad usage or bad input.
      """,
    // The C libraries' versions are asked for only here, when the root command is built (for
    // --version, help or a usage error): a verb that parses never pays for FreeType's set-up.
    version: "animplot \(animplotVersion) (\(LibraryVersions.summary))",
    subcommands: verbs
  )

  /// One command per verb, in the order `--help` lists them.
  static let verbs: [any ParsableCommand.Type] = [
    GraphCommand.self, DopeSheetCommand.self, TimelineCommand.self, PlayCommand.self, PreviewCommand.self,
    PathCommand.self, GalleryCommand.self, MorphCommand.self, EvalCommand.self, RecalcCommand.self, EditCommand.self,
    ImportCommand.self, InfoCommand.self, ServeCommand.self,
    DiffCommand.self, CheckCommand.self, MergeCommand.self,
  ]
}

extension Animplot {
  /// Parses the command line as `parseAsRoot` does, but parses a well-formed verb's options
  /// with that verb alone: ArgumentParser builds the whole command tree (every verb's options,
  /// by reflection) to parse from the root, which costs a tenth of a 1600×900 picture. Help,
  /// `--version` and anything that does not parse go through the root, so that usage and
  /// messages name `animplot VERB` as always.
  static func parseQuickly(_ arguments: [String]) throws -> any ParsableCommand {
    // Weighed before parsing: ArgumentParser's work grows with the square of the words.
    guard arguments.count <= Limits.commandWords else {
      throw CLIError(
        "\(arguments.count) words on the command line, more than \(Limits.commandWords); give fewer options (a mask instead of many --ignore rectangles)")
    }
    let names = verbs.map { $0._commandName }
    var arguments = arguments
    // `animplot --help graph` asks for graph's help, as `animplot help graph` does; `animplot
    // help help` for the help of help, which is the top-level help.
    if let first = arguments.first, first == "-h" || first == "--help", arguments.count == 2, names.contains(arguments[1]) {
      arguments = [arguments[1], "--help"]
    } else if arguments.count >= 2, arguments[0] == "help", arguments[1] == "help" {
      arguments = ["--help"]
    }
    // A word where a verb belongs that is none (`animplot grpah`, `animplot help nonsense`)
    // is named as such, with the nearest verb, instead of whatever its options make of it.
    if let first = arguments.first, !first.hasPrefix("-") {
      let word = first == "help" ? arguments.dropFirst().first(where: { !$0.hasPrefix("-") }) : first
      if let word, !names.contains(word) {
        let hint = Suggestion.nearest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw CLIError("unknown command '\(word)'\(hint) (see 'animplot --help')")
      }
    }
    if let verb = arguments.first,
      let type = verbs.first(where: { $0._commandName == verb }),
      !arguments.contains(where: { $0 == "-h" || $0 == "--help" || $0 == "--version" }),
      let command = try? type.parseAsRoot(Array(arguments.dropFirst()))
    {
      return command
    }
    return try parseAsRoot(arguments)
  }
}

extension Animplot {
  /// What the command line knows for `UsageMessage` when `arguments` do not parse.
  static func usageContext(_ arguments: [String]) -> UsageMessage.Context {
    let verb = arguments.first.flatMap { word in verbs.first { $0._commandName == word } }
    let type: any ParsableArguments.Type = verb ?? Animplot.self
    return UsageMessage.context(of: type, arguments: arguments) { changed in
      do {
        _ = try parseAsRoot(changed)
        return nil
      } catch {
        return message(for: error)
      }
    }
  }
}
