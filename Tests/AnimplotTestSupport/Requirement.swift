import Foundation
import Testing

/// Something a test needs that a clone of the repository may not have (the shared reference
/// folder, a browser). Missing, the test is skipped with one line saying what it needs and how
/// to run it; missing while `CI` is set (to anything but the empty string), it fails instead,
/// saying why: CI runs everything.
package struct Requirement: Sendable {
  /// What is needed, as the skip line names it ("Blender's oracle answers").
  package var what: String
  /// Where it was looked for and not found, or why it is missing.
  package var missing: String
  /// How to run the tests that need it.
  package var howToRun: String
  /// Whether it is there.
  package var isMet: Bool
  /// Whether CI must have it (the shared folder, the browser); `false` for what only a
  /// developer fetches by hand (third-party test suites named by an environment variable):
  /// missing, it is skipped in CI too, and its skip line says so.
  package var requiredInCI: Bool

  package init(what: String, missing: String, howToRun: String, isMet: Bool, requiredInCI: Bool = true) {
    self.what = what
    self.missing = missing
    self.howToRun = howToRun
    self.isMet = isMet
    self.requiredInCI = requiredInCI
  }

  /// Whether `CI` is set to a non-empty value in `environment`.
  package static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    !(environment["CI"] ?? "").isEmpty
  }

  /// The skip line's text.
  package var skipLine: String {
    "needs \(what): \(missing); \(howToRun)" + (requiredInCI ? "" : " (skipped in CI too: CI does not fetch it)")
  }

  /// Whether the test runs: `true` when the requirement is met, `false` (skipped) when it is
  /// not, and an error (the test fails with its message) when it is not and CI is set.
  package func check(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
    if isMet { return true }
    if requiredInCI && Self.isCI(environment) { throw Unmet(message: "CI is set, so what is skipped elsewhere is required here: \(skipLine)") }
    return false
  }

  /// The failure of a requirement that CI needs.
  package struct Unmet: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test or suite only where `requirement` is met; skips it, saying why and how to
  /// run it, where it is not; fails it where it is not and CI is set.
  package static func requires(_ requirement: Requirement) -> Self {
    .enabled(Comment(rawValue: requirement.skipLine)) { try requirement.check() }
  }
}
