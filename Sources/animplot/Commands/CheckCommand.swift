import AnimplotCommandLine
import ArgumentParser

/// `animplot check DIR`: golden-image regression over a folder of cases (docs/check.md).
struct CheckCommand: ParsableCommand {
  static let configuration = CheckArguments.configuration

  @OptionGroup var arguments: CheckArguments

  func run() throws { try arguments.run() }
}
