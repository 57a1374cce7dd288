/// A name between the double quotes of a Blender data path (`pose.bones["Arm"]`,
/// `objects["Cube"]`): Blender writes `"` and `\` there after a backslash, and tab, newline,
/// carriage return, bell, backspace and form feed as `\t`, `\n`, `\r`, `\a`, `\b`, `\f`. A
/// backslash before any other character is kept as it is (and that character does not end the
/// name). What reads a data path's names and what writes them use these, so that a name with a
/// quote comes back as it went in.
package enum QuotedName {
  /// The escapes, by the character after the backslash.
  private static let unescaped: [Unicode.Scalar: Unicode.Scalar] = [
    "\"": "\"", "\\": "\\", "t": "\t", "n": "\n", "r": "\r", "a": "\u{07}", "b": "\u{08}", "f": "\u{0C}",
  ]

  /// `name` as a data path holds it between its quotes.
  package static func escaped(_ name: String) -> String {
    var out = String.UnicodeScalarView()
    for c in name.unicodeScalars {
      switch c {
      case "\"", "\\": out.append(contentsOf: ["\\", c])
      case "\t": out.append(contentsOf: ["\\", "t"])
      case "\n": out.append(contentsOf: ["\\", "n"])
      case "\r": out.append(contentsOf: ["\\", "r"])
      case "\u{07}": out.append(contentsOf: ["\\", "a"])
      case "\u{08}": out.append(contentsOf: ["\\", "b"])
      case "\u{0C}": out.append(contentsOf: ["\\", "f"])
      default: out.append(c)
      }
    }
    return String(out)
  }

  /// The name that starts `text` (just after its opening quote), unescaped, and the index of
  /// its closing quote in `text`; `nil` when no quote closes it.
  package static func read(_ text: Substring) -> (name: String, close: String.Index)? {
    let scalars = text.unicodeScalars
    var name = String.UnicodeScalarView()
    var i = scalars.startIndex
    while i < scalars.endIndex {
      let c = scalars[i]
      if c == "\"" { return (String(name), i) }
      if c == "\\" {
        let next = scalars.index(after: i)
        guard next < scalars.endIndex else { return nil }
        if let plain = unescaped[scalars[next]] {
          name.append(plain)
        } else {
          name.append(contentsOf: [c, scalars[next]])
        }
        i = scalars.index(after: next)
        continue
      }
      name.append(c)
      i = scalars.index(after: i)
    }
    return nil
  }

  /// The last owner a data path names, `…["NAME"].rest`: its name unescaped and what follows
  /// its `"].` (`pose.bones["Arm"].scale` → `Arm`, `scale`); `nil` when it names none. The
  /// quotes are read from the start, so that a name holding `"].` is read whole.
  package static func lastOwner(in path: Substring) -> (name: String, rest: Substring)? {
    var found: (name: String, rest: Substring)?
    var rest = path
    while let open = rest.firstRange(of: "[\"") {
      guard let (name, close) = read(rest[open.upperBound...]) else { break }
      let after = Substring(rest.unicodeScalars[close...].dropFirst())
      if after.hasPrefix("].") { found = (name, after.dropFirst(2)) }
      rest = after
    }
    return found
  }
}
