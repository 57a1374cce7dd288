import AnimplotCommandLine
import ArgumentParser

/// `animplot diff EXPECTED ACTUAL`: compares two PNG images (docs/check.md), exit 0 match, 1
/// differ.
struct DiffCommand: ParsableCommand {
  static let configuration = DiffArguments.configuration

  @OptionGroup var arguments: DiffArguments

  func run() throws { try arguments.run() }
}
