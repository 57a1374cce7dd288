import AnimplotCommandLine
import AnimplotPlatform
import ArgumentParser

// Parses and runs the command with SPEC §2.2's exit codes: 0 success, 1 a difference found,
// 2 bad usage or bad input; one line on standard error, never a crash.

// A closed pipe (`animplot eval ... | head`) is a write error reported as such, not a signal.
signal(SIGPIPE, SIG_IGN)

do {
  var command = try Animplot.parseQuickly(Array(CommandLine.arguments.dropFirst()))
  try command.run()
} catch let code as ExitCode where code == .success || code.rawValue == 1 {
  // A comparison that found a difference (exit 1) reports it before throwing.
  exit(code.rawValue)
} catch let error as CLIError {
  Terminal.error(error.message)
  exit(error.exitCode)
} catch let error as FileError {
  Terminal.error(error.description)
  exit(2)
} catch {
  if Animplot.exitCode(for: error) == .success {
    // --help and --version.
    print(Animplot.fullMessage(for: error))
    exit(0)
  }
  let message = Animplot.message(for: error)
  Terminal.error(message.isEmpty ? "\(error)" : message + " (see 'animplot --help')")
  exit(2)
}
