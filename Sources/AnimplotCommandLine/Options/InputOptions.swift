import AnimplotIO
import AnimplotRender
import ArgumentParser

/// What `--action` means in a verb: its help, which says the verb's default.
/// (swift-argument-parser's help texts are static, so the verb's options carry the text as a
/// type.)
public protocol ActionOptionHelp: Sendable {
  /// The help of `--action`/`--animation`.
  static var actionHelp: String { get }
}

private let animationAlias = "A glTF file's animations are its actions: --animation is the same option."

/// `--action` in a verb that shows or reads one action.
public enum FirstActionHelp: ActionOptionHelp {
  public static let actionHelp =
    "The action to use in a multi-action file, by name or by number from 0 (default: the first). " + animationAlias
}

/// `--action` in a verb that shows or writes every action unless told one.
public enum EveryActionHelp: ActionOptionHelp {
  public static let actionHelp =
    "Only this action of a multi-action file, by name or by number from 0 (default: every action). " + animationAlias
}

/// `--action` in a verb whose view decides (`play --view`).
public enum ViewActionHelp: ActionOptionHelp {
  public static let actionHelp =
    "The action to use in a multi-action file, by name or by number from 0 (default: the first; the dopesheet and timeline views show every action). "
    + animationAlias
}

/// Which input kind, action and channels a verb reads: `--input-format`, `--action`,
/// `--channels`; `Help` says what `--action` defaults to in the verb.
public struct InputOptions<Help: ActionOptionHelp>: ParsableArguments, Sendable {
  public init() {}

  @Option(
    name: .customLong("input-format"),
    help: ArgumentHelp(
      "The kind of input (default: told by the content and the extension).", valueName: "kind"))
  public var inputFormat: InputKind?

  @Option(
    name: [.customLong("action"), .customLong("animation")],
    help: ArgumentHelp(Help.actionHelp, valueName: "name|index"))
  public var action: String?

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Frames per second for inputs that count in seconds: glTF and CSV with a time column (default 24), Unity (default: the clip's sample rate). Lottie keeps its own frames.",
    valueName: "fps"))
  public var fps: Double?

  @Option(help: ArgumentHelp(
    "CSV: join the samples with straight lines, or with the smooth curve through them (default: linear).",
    valueName: "linear|hermite"))
  public var interpolate: ImportOptions.SampleInterpolation = .linear

  @Option(help: ArgumentHelp(
    "CSV with --interpolate hermite: 0 (Catmull-Rom) to 1 (flat at every sample) (default: 0).",
    valueName: "t"))
  public var tension: Double = 0

  public mutating func validate() throws {
    if let fps, !(fps > 0 && fps <= 1_000_000) {
      throw ValidationError("--fps \(fps): expected a number of frames per second above 0 (at most 1000000)")
    }
    guard tension >= 0 && tension <= 1 else {
      throw ValidationError("--tension \(tension): expected a number from 0 to 1")
    }
  }

  /// The importers' options.
  public var importOptions: ImportOptions {
    ImportOptions(fps: fps, sampleInterpolation: interpolate, tension: tension)
  }

  @Option(help: ArgumentHelp(
    "Only channels whose label or dataPath[index] matches this glob; commas separate alternatives.",
    valueName: "pattern"))
  public var channels: String?

  /// The action and channels chosen.
  public var selection: ActionSelection { ActionSelection(action: action, channels: channels) }
}

/// The help of a verb's input files, naming the kinds read.
public enum InputFilesHelp {
  public static let help = ArgumentHelp(
    "Input files: " + InputKind.all.map(\.summary).joined(separator: ", ")
      + "; '-' reads standard input.")
}

extension InputKind: ExpressibleByArgument {
  public init?(argument: String) {
    guard let kind = InputKind.named(argument) else { return nil }
    self = kind
  }

  public static var allValueStrings: [String] { InputKind.all.map(\.name) }
  public var defaultValueDescription: String { name }
}

extension ImportOptions.SampleInterpolation: ExpressibleByArgument {}
