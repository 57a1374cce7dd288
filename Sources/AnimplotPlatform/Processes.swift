import CAnimplotSignals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// This process: how it ends, and what a closed pipe does to it.
package enum ThisProcess {
  /// Ends the process with `code`, as C's `exit` (standard streams flushed).
  package static func exit(_ code: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(code)
    #elseif canImport(Musl)
      Musl.exit(code)
    #else
      Darwin.exit(code)
    #endif
  }

  /// Makes writing to a closed pipe an error (`EPIPE`) instead of a signal that ends the
  /// process.
  package static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

  /// The processors online (at least 1).
  package static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// Why this process's command line cannot be read as it was given, if it cannot: an
  /// argument whose bytes are not UTF-8 (a file name from another encoding). Swift's arguments
  /// replace such bytes with U+FFFD, so the path read would be another file's (or none), and an
  /// output would be written under another name.
  package static var argumentEncodingProblem: String? {
    for i in stride(from: 1, to: Int(CommandLine.argc), by: 1) {
      guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
      let shown = FileSystem.byteEscaped(UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) })
      return "argument \(i) ('\(shown)') is not UTF-8 text: animplot reads every path and option as UTF-8; rename the file or give its name in UTF-8"
    }
    return nil
  }

  /// Raises the number of files this process may have open to the most it is allowed (the
  /// hard limit; a server's connections are files), and returns the number it may now open.
  package static func raiseOpenFileLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)
  }
}

/// Another program, run to its end.
package enum Subprocess {
  /// How a program ended.
  package enum Termination: Sendable, Hashable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
  }

  /// The signal that ends a program past its `processorSeconds`.
  package static let processorLimitSignal = SIGXCPU

  /// Runs the program at `executable` with `arguments` (its name first) and this process's
  /// environment with `environment` added, standard input on `/dev/null`, standard output into
  /// the file at `output` and standard error into the file at `errors` (each must exist;
  /// `/dev/null` when `nil`), and
  /// waits for it. A signal that ends this process meanwhile (SIGINT, SIGTERM, SIGHUP) kills it
  /// first (`SignalCleanup`).
  /// - Parameter processorSeconds: the processor time it may take (Linux): past it, it is sent
  ///   `SIGXCPU` (`processorLimitSignal`), and killed a second later; no core file is written.
  /// - Returns: how it ended, or why it could not be started.
  package static func run(
    _ executable: String, arguments: [String], environment: [String: String] = [:], output: String? = nil,
    errors: String? = nil, processorSeconds: Int? = nil
  ) -> Result<Termination, SystemError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_TRUNC, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors ?? "/dev/null", O_WRONLY | O_TRUNC, 0)
    var variables = environment.map { "\($0.key)=\($0.value)" }
    var i = 0
    while let entry = environ[i] {
      variables.append(String(cString: entry))
      i += 1
    }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    // Signals at their defaults and none blocked: this thread's mask (a worker thread blocks
    // most) and this process's ignored SIGPIPE would pass on, and a blocked SIGXCPU would
    // leave the processor limit to the SIGKILL after it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXCPU, SIGXFSZ] { sigaddset(&defaults, s) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid = pid_t()
    // A signal between the start and the listing would leave the child running: held.
    let (spawned, slot) = SignalCleanup.holding {
      let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
      return (spawned, spawned == 0 ? animplot_child_add(pid) : -1)
    }
    guard spawned == 0 else { return .failure(SystemError(errno: spawned)) }
    if let processorSeconds { _ = animplot_child_limit_processor(pid, Int32(clamping: processorSeconds)) }
    let status = animplot_child_wait(pid, slot)
    guard status >= 0 else { return .failure(SystemError(errno: errno)) }
    // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
    return .success(status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f))
  }
}

/// A file in the temporary folder (`TMPDIR`, else `/tmp`), made with a unique name, listed
/// for removal on SIGINT, SIGTERM and SIGHUP until `remove`.
package struct TemporaryFile: Sendable {
  /// Its path.
  package let path: String
  /// Its slot in the list of files removed on SIGINT, SIGTERM and SIGHUP.
  private let slot: Int32

  /// Makes an empty file `animplot-PREFIX-XXXXXX` + `suffix` in the temporary folder.
  /// - Throws: the folder and why the file could not be made there.
  package init(prefix: String, suffix: String) throws(FileError) {
    let folder = FileSystem.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((folder + "/animplot-\(prefix)-XXXXXX" + suffix).utf8CString)
    // Its name is known only once it exists: a signal until it is listed is held.
    let made = SignalCleanup.holding { () -> Result<(String, Int32), SystemError> in
      let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
      guard fd >= 0 else { return .failure(SystemError(errno: errno)) }
      close(fd)
      let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      return .success((path, SignalCleanup.add(path)))
    }
    switch made {
    case .success(let (made, listed)):
      path = made
      slot = listed
    case .failure(let error):
      throw FileError(path: folder, action: "cannot make a temporary file", error: error)
    }
  }

  /// Replaces the file's content with `bytes`.
  package func write(_ bytes: [UInt8]) throws(SystemError) {
    let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(errno: errno) }
    let result = FileDescriptor.write(fd, bytes)
    close(fd)
    if case .failure(let error) = result { throw error }
  }

  /// Removes the file and unlists it.
  package func remove() {
    unlink(path)
    SignalCleanup.remove(slot)
  }
}
