import AnimplotText
import ArgumentParser

/// How every number option is read: a finite number in decimal. ArgumentParser reads a
/// `Double` with `Double(_:)`, which also takes hexadecimal (`0x10`), `nan` and `inf`; no user
/// means a frame rate or a scale by them, and animplot's files and hand-read options refuse them.
@Sendable package func decimalOption(_ text: String) throws -> Double {
  guard let value = decimalNumber(text) else {
    throw ValidationError("expected a decimal number (e.g. 24, 0.5 or 1e-3)")
  }
  return value
}
