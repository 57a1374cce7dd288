import ArgumentParser

/// A value the command line names from a list, in any case (`--plane XZ`, `--handles All`), as
/// `--theme`, `--input-format` and `--format` are read. (Public because the witness of
/// `ExpressibleByArgument`'s initialiser for the public types that conform must be.)
public protocol CaseInsensitiveArgument: ExpressibleByArgument, RawRepresentable, CaseIterable
where RawValue == String {}

extension CaseInsensitiveArgument {
  public init?(argument: String) {
    let name = argument.lowercased()
    guard let value = Self.allCases.first(where: { $0.rawValue.lowercased() == name }) else { return nil }
    self = value
  }
}
