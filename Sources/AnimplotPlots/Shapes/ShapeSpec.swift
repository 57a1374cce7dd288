import AnimplotCanvas

/// A shape as the user names it: a built-in by name, or SVG path data.
///
/// ```
/// try ShapeSpec("star").outline()
/// try ShapeSpec("M0 0 H10 V10 H0 Z").outline()
/// ```
public enum ShapeSpec: Sendable, Hashable {
  case builtin(BuiltinShape)
  /// SVG path data (the `d` attribute of a `<path>`): see ``SVGPathData``.
  case pathData(String)

  /// A built-in name (any case, surrounding spaces ignored), or text starting with `M` or
  /// `m` taken as path data; anything else is ``ShapeError/unknownShape(_:)``.
  public init(_ text: String) throws(ShapeError) {
    let trimmed = text.trimmingSpaces
    if let builtin = BuiltinShape(rawValue: trimmed.lowercased()) {
      self = .builtin(builtin)
    } else if let first = trimmed.first, first == "M" || first == "m" {
      self = .pathData(text)
    } else {
      throw .unknownShape(trimmed)
    }
  }

  /// The outline: the built-in's, or the path data's (see ``SVGPathData/outline(_:)``).
  public func outline() throws(ShapeError) -> Outline {
    switch self {
    case .builtin(let shape): return shape.outline
    case .pathData(let data): return try SVGPathData.outline(data)
    }
  }

  /// `try ShapeSpec(text).outline()`.
  public static func parse(_ text: String) throws(ShapeError) -> Outline {
    try ShapeSpec(text).outline()
  }
}

/// Why a shape could not be read. Its description is one line.
public enum ShapeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Neither a built-in name nor path data.
  case unknownShape(String)
  /// Malformed path data: at the 0-based character `offset` (`found` is the character
  /// there, nil at the end), `expected` is what the grammar wanted.
  case syntax(offset: Int, found: Character?, expected: String)
  /// The path data parses but no subpath encloses any area.
  case noArea
  /// A point of the path lies beyond this coordinate (or is not a number).
  case outOfRange(Double)
  /// The curves flatten into more than this many points.
  case tooComplex(Int)

  public var description: String {
    switch self {
    case .unknownShape(let name):
      let names = BuiltinShape.allCases.map(\.rawValue)
      return "unknown shape '\(name)': expected \(names.dropLast().joined(separator: ", ")) or \(names.last!), "
        + "or SVG path data starting with M"
    case .syntax(let offset, let found, let expected):
      let at = found.map { "character \(offset + 1) ('\($0)')" } ?? "the end (character \(offset + 1))"
      return "bad SVG path data at \(at): expected \(expected)"
    case .noArea:
      return "SVG path data encloses no area: an outline needs a subpath around some area"
    case .tooComplex(let limit):
      return "SVG path data flattens into more than \(limit) points: expected a simpler outline"
    case .outOfRange(let limit):
      return "SVG path data reaches a point beyond ±\(limit) (relative moves add up, huge arcs bulge): expected coordinates within it"
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c.isWhitespace { s.removeFirst() }
    while let c = s.last, c.isWhitespace { s.removeLast() }
    return String(s)
  }
}
