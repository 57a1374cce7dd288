import AnimplotCommandLine
import ArgumentParser

/// `animplot check DIR`: golden-image regression over a folder of cases (SPEC §2).
struct CheckCommand: ParsableCommand {
  static let configuration = CheckArguments.configuration

  @OptionGroup var arguments: CheckArguments

  func run() throws { try arguments.run() }
}
