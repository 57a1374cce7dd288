import AnimplotCore
import AnimplotIO
import AnimplotRender
import ArgumentParser

/// What `--action` means in a verb: its help, which says the verb's default.
/// (swift-argument-parser's help texts are static, so the verb's options carry the text as a
/// type.)
package protocol ActionOptionHelp: Sendable {
  /// The help of `--action`/`--animation`.
  static var actionHelp: String { get }
}

private let animationAlias = "A glTF file's animations are its actions: --animation is the same option."

/// `--action` in a verb that shows or reads one action.
package enum FirstActionHelp: ActionOptionHelp {
  package static let actionHelp =
    "The action to use in a multi-action file, by name or by number from 0 (default: the first). " + animationAlias
}

/// `--action` in a verb that shows or writes every action unless told one.
package enum EveryActionHelp: ActionOptionHelp {
  package static let actionHelp =
    "Only this action of a multi-action file, by name or by number from 0 (default: every action). " + animationAlias
}

/// `--action` in a verb whose view decides (`play --view`).
package enum ViewActionHelp: ActionOptionHelp {
  package static let actionHelp =
    "The action to use in a multi-action file, by name or by number from 0 (default: the first; the dopesheet and timeline views show every action). "
    + animationAlias
}

/// Which input kind, action and channels a verb reads: `--input-format`, `--action`,
/// `--channels`; `Help` says what `--action` defaults to in the verb.
package struct InputOptions<Help: ActionOptionHelp>: ParsableArguments, Sendable {
  package init() {}

  @OptionGroup package var inputFormatOption: InputFormatOption

  /// `--input-format`: the kind of input, `nil` to tell it from the content and the name.
  package var inputFormat: InputKind? { inputFormatOption.kind }

  @Option(
    name: [.customLong("action"), .customLong("animation")],
    help: ArgumentHelp(Help.actionHelp, valueName: "name|index"))
  package var action: String?

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Frames per second for inputs that count in seconds (default: 24 for glTF and CSV with a time column, the clip's sample rate for Unity). Lottie keeps its own frames.",
    valueName: "fps"), transform: decimalOption)
  package var fps: Double?

  @Option(help: ArgumentHelp(
    "CSV: join the samples with straight lines, or with the smooth curve through them.",
    valueName: "linear|hermite"))
  package var interpolate: ImportOptions.SampleInterpolation = .linear

  @Option(help: ArgumentHelp(
    "CSV with --interpolate hermite: 0 (Catmull-Rom) to 1 (flat at every sample) (default: 0).",
    valueName: "t"), transform: decimalOption)
  package var tension: Double = 0

  @OptionGroup package var blenderOption: BlenderOption

  package mutating func validate() throws {
    if let fps, !(fps > 0 && fps <= 1_000_000) {
      throw ValidationError("--fps \(fps): expected a number of frames per second above 0 (at most 1000000)")
    }
    guard tension >= 0 && tension <= 1 else {
      throw ValidationError("--tension \(tension): expected a number from 0 to 1")
    }
    if let channels { try PatternChecks.channelPattern(channels, option: "--channels") }
  }

  /// The importers' options.
  package var importOptions: ImportOptions {
    ImportOptions(fps: fps, sampleInterpolation: interpolate, tension: tension, blender: blenderOption.version)
  }

  @Option(help: ArgumentHelp(
    "Only channels whose label or dataPath[index] matches this glob; commas separate alternatives.",
    valueName: "pattern"))
  package var channels: String?

  /// The action and channels chosen.
  package var selection: ActionSelection { ActionSelection(action: action, channels: channels) }
}

/// The help of a verb's input files, naming the kinds read: `help` for the verbs that take
/// several, `one` for those that take one.
package enum InputFilesHelp {
  private static let kinds = InputKind.all.map(\.summary).joined(separator: ", ") + "; '-' reads standard input."
  package static let help = ArgumentHelp("Input files: " + kinds)
  package static let one = ArgumentHelp("Input file: " + kinds)
}

/// `--input-format KIND`: the kind of input, every verb that reads one.
package struct InputFormatOption: ParsableArguments, Sendable {
  package init() {}

  @Option(
    name: .customLong("input-format"),
    help: ArgumentHelp(
      "The kind of input (default: told by the content and the extension).", valueName: "kind"))
  package var argument: InputKindArgument?

  /// The kind given, `nil` to tell it from the content and the name.
  package var kind: InputKind? { argument?.kind }
}

/// An input kind named on the command line (`--input-format gltf`). A type of the command
/// line's own, rather than `InputKind` conforming to ArgumentParser's protocol, which would make
/// its requirements public API.
package struct InputKindArgument: ExpressibleByArgument, Sendable {
  package var kind: InputKind

  package init?(argument: String) {
    guard let kind = InputKind.named(argument.lowercased()) else { return nil }
    self.kind = kind
  }

  package static var allValueStrings: [String] { InputKind.all.map(\.name) }
  package var defaultValueDescription: String { kind.name }
}

extension ImportOptions.SampleInterpolation: CaseInsensitiveArgument {}

/// `--blender 3.4|5.0`: whose rules to follow where Blender versions differ, over the file's
/// `"blender"` (docs/format.md, "Which Blender").
package struct BlenderOption: ParsableArguments, Sendable {
  package init() {}

  @Option(
    name: .customLong("blender"),
    help: ArgumentHelp(
      "Follow this Blender's rules where 3.4 and 5.0 differ (the Noise modifier, Cycles not first, handles on the wrong side), whatever the file says (default: the file's \"blender\", else 3.4).",
      valueName: "3.4|5.0"))
  package var argument: BlenderVersionArgument?

  /// The version given, `nil` for the file's.
  package var version: BlenderVersion? { argument?.version }
}

/// A Blender version on the command line.
package struct BlenderVersionArgument: ExpressibleByArgument, Sendable {
  package var version: BlenderVersion

  package init?(argument: String) {
    guard let version = BlenderVersion(spelling: argument) else { return nil }
    self.version = version
  }

  package static var allValueStrings: [String] { BlenderVersion.allCases.map(\.spelling) }
  package var defaultValueDescription: String { version.spelling }
}
