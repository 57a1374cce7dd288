import Foundation

/// Starting the binary as a user's shell would: SIGINT, SIGTERM, SIGHUP and SIGPIPE at their
/// defaults and none blocked. Foundation's Process passes on the test runner's own (ignored or
/// blocked signals), with which a signal test would test nothing and a server could not be
/// stopped.
package enum Spawn {
  /// Starts `arguments` (the program's path first) with standard input from /dev/null,
  /// standard output to `standardOutput` (else /dev/null) and standard error to /dev/null; with
  /// this process's environment, or `environment` (`NAME=value` entries) when given.
  /// - Returns: the process's id.
  package static func withDefaultSignals(
    _ arguments: [String], standardOutput: Int32? = nil, environment: [String]? = nil
  ) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, s) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let standardOutput {
      posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    var envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer { for p in envp ?? [] { free(p) } }
    let result =
      if envp != nil {
        posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp!)
      } else {
        posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
      }
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    return pid
  }
}
