import AnimplotIO
import AnimplotRender
import ArgumentParser

/// Which input kind, action and channels a verb reads: `--input-format`, `--action`,
/// `--channels`.
public struct InputOptions: ParsableArguments, Sendable {
  public init() {}

  @Option(
    name: .customLong("input-format"),
    help: ArgumentHelp(
      "The kind of input (default: told by the content and the extension).", valueName: "kind"))
  public var inputFormat: InputKind?

  @Option(
    name: [.customLong("action"), .customLong("animation")],
    help: ArgumentHelp(
      "The action to use in a multi-action file, by name or by number from 0 (default: the first; dopesheet and timeline show every action). A glTF file's animations are its actions: --animation is the same option.",
      valueName: "name|index"))
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

  /// The help of a verb's input arguments, naming the kinds read.
  public static let inputsHelp = ArgumentHelp(
    "Input files: " + InputKind.all.map(\.summary).joined(separator: ", ")
      + "; '-' reads standard input.")

  /// The action and channels chosen.
  public var selection: ActionSelection { ActionSelection(action: action, channels: channels) }
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
