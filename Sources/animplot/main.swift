import AnimplotCommandLine
import AnimplotPlatform
import ArgumentParser

// Parses and runs the command with its exit codes (README, "The command line"): 0 success, 1 a
// difference found, 2 bad usage or bad input; one line on standard error, never a crash.

// A closed pipe (`animplot eval ... | head`) is a write error, not a signal: on standard
// output it ends the process quietly with exit 0, as ripgrep does; on a file it is reported.
ThisProcess.ignoreBrokenPipe()
// Interrupted (Ctrl-C, a CI timeout), no temporary file of an output is left behind.
SignalCleanup.install()

do {
  if let problem = Limits.inputBytesProblem { throw CLIError(problem) }
  if let problem = ThisProcess.argumentEncodingProblem { throw CLIError(problem) }
  var command = try Animplot.parseQuickly(Array(CommandLine.arguments.dropFirst()))
  try command.run()
} catch let code as ExitCode where code == .success || code.rawValue == 1 {
  // A comparison that found a difference (exit 1) reports it before throwing.
  ThisProcess.exit(code.rawValue)
} catch let error as CLIError {
  Terminal.error(error.message)
  ThisProcess.exit(error.exitCode)
} catch let error as FileError where error.isClosedStandardOutput {
  ThisProcess.exit(0)
} catch let error as FileError {
  Terminal.error(error.description)
  ThisProcess.exit(2)
} catch {
  if Animplot.exitCode(for: error) == .success {
    // --help and --version.
    print(Animplot.fullMessage(for: error))
    ThisProcess.exit(0)
  }
  let arguments = Array(CommandLine.arguments.dropFirst())
  let message = UsageMessage.reword(Animplot.message(for: error), context: Animplot.usageContext(arguments))
  // The help of the verb at fault, when there is one.
  let verbs = Animplot.verbs.map { $0._commandName }
  let verb = arguments.first.flatMap { verbs.contains($0) ? $0 + " " : nil } ?? ""
  Terminal.error(message.isEmpty ? "\(error)" : message + " (see 'animplot \(verb)--help')")
  ThisProcess.exit(2)
}
