import AnimplotCommandLine
import ArgumentParser

/// `animplot merge SUMMARY.json...`: the reports of a sharded check run, merged.
struct MergeCommand: ParsableCommand {
  static let configuration = MergeArguments.configuration

  @OptionGroup var arguments: MergeArguments

  func run() throws { try arguments.run() }
}
