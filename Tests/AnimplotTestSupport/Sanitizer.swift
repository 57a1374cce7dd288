import Foundation
import Testing

/// The sanitizer the tests run under: `make sanitize` sets `ANIMPLOT_SANITIZER` (`address`,
/// then `thread`) for its two runs. AddressSanitizer and ThreadSanitizer reserve terabytes of
/// address space for their shadow memory, so a binary they built cannot start under an
/// address-space limit (`ulimit -v`): tests that set one leave it out, or are skipped when the
/// limit is what they test, each with a line saying so. ThreadSanitizer's runtime cannot start
/// under a file-size limit (`ulimit -f`) either.
package enum Sanitizer {
  /// `address` or `thread`; `nil` outside `make sanitize`.
  package static var name: String? {
    let value = ProcessInfo.processInfo.environment["ANIMPLOT_SANITIZER"] ?? ""
    return value.isEmpty ? nil : value
  }

  /// Why a test that measures running out of memory is skipped under a sanitizer.
  package static let skipReason: Comment =
    "the sanitizer's shadow memory needs more address space than the test's limit (ulimit -v) gives; make test runs it"

  /// Why a test that runs the binary under a file-size limit (`ulimit -f`) is skipped under
  /// ThreadSanitizer: its runtime cannot start there (`animplot --version` under `ulimit -f 60`
  /// dies of SIGBUS in the runtime, exit 66, before any of animplot's code runs).
  package static let fileSizeLimitSkipReason: Comment =
    "ThreadSanitizer's runtime dies of SIGBUS under a file-size limit (ulimit -f) before animplot starts; make test and the AddressSanitizer run test it"

  /// `ulimit -v KB; ` for a shell script, or nothing under a sanitizer (after printing a line
  /// saying that the limit is left out and why).
  package static func addressSpaceLimit(kilobytes: Int) -> String {
    guard let name else { return "ulimit -v \(kilobytes); " }
    FileHandle.standardError.write(
      Data(("note: under the \(name) sanitizer, without `ulimit -v \(kilobytes)`: its shadow memory needs more address space\n").utf8))
    return ""
  }
}
