/// Warnings of one kind (an object `rotationModes` names that its action does not have, a glTF
/// channel a later one replaces): the first `shown` kept whole, the others only counted, so
/// that a file repeating one problem a million times makes a few lines rather than a million
/// (6 million unknown objects made `info` write 833 MB of warnings).
struct WarningRun {
  /// How many of the warnings are kept whole.
  static let shown = 3

  private(set) var lines: [String] = []
  /// The warnings past the first `shown`, counted.
  private(set) var more = 0

  /// One more warning; `line` is made only when it is kept.
  mutating func add(_ line: @autoclosure () -> String) {
    if lines.count < Self.shown {
      lines.append(line())
    } else {
      more += 1
    }
  }

  /// The warnings kept, then, when some were only counted, `summary(count)`: "… and 5 more
  /// ...".
  func finished(_ summary: (Int) -> String) -> [String] {
    more == 0 ? lines : lines + [summary(more)]
  }
}
