#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Work on a thread of its own, outside libdispatch's pool. On Linux, Swift's concurrency and
/// `DispatchQueue.global()` share that pool, one thread per core: long computations queued
/// there (a server's renders) take every thread, and no task of the process (the server's other
/// requests) runs until they end.
package enum OwnThread {
  /// The stack of each thread: as a process's main thread has (a render recurses little, but
  /// the default of some C libraries is far smaller).
  package static let stackBytes = 8 << 20

  /// Whether the calling thread is one `start` made.
  package static var isCurrent: Bool { pthread_getspecific(threadMark) != nil }

  /// Starts `body` on a new thread, which ends with it. When no thread can be made (the
  /// process's thread limit), `body` runs on the calling thread before this returns.
  package static func start(_ body: @escaping @Sendable () -> Void) {
    let job = Unmanaged.passRetained(ThreadJob(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    pthread_attr_setstacksize(&attributes, stackBytes)
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    if pthread_create(&thread, &attributes, runThreadJob, job) != 0 {
      Unmanaged<ThreadJob>.fromOpaque(job).release()
      body()
    }
  }
}

/// Marks the threads `OwnThread.start` made.
private let threadMark: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()

/// What a thread of `OwnThread.start` runs.
private final class ThreadJob {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

#if canImport(Darwin)
  private func runThreadJob(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    pthread_setspecific(threadMark, UnsafeRawPointer(bitPattern: 1))
    Unmanaged<ThreadJob>.fromOpaque(raw).takeRetainedValue().body()
    return nil
  }
#else
  private func runThreadJob(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    pthread_setspecific(threadMark, UnsafeRawPointer(bitPattern: 1))
    Unmanaged<ThreadJob>.fromOpaque(raw!).takeRetainedValue().body()
    return nil
  }
#endif
