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

  @Option(help: "The action to use in a multi-action file (default: the first; dopesheet and timeline show every action).")
  public var action: String?

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
