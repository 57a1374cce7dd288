import AnimplotPlatform
import AnimplotText

/// A request's query turned into a verb's command line: `frames=1:40&normalize=1&hide=a&hide=b`
/// is `--frames=1:40 --normalize --hide=a --hide=b` (a flag is `1` or `true`, left out by `0` or
/// `false`; an option's value is passed as given, `action=1` is `--action=1`), so that an answer is what the same options
/// give on the command line, parsed and checked by the verb's own grammar.
package struct ViewQuery: Sendable, Equatable {
  /// The parameters in their order, percent-decoded; a name may repeat.
  package var parameters: [(name: String, value: String)]

  package init(_ parameters: [(name: String, value: String)]) { self.parameters = parameters }

  package static func == (a: ViewQuery, b: ViewQuery) -> Bool {
    a.parameters.map(\.name) == b.parameters.map(\.name) && a.parameters.map(\.value) == b.parameters.map(\.value)
  }

  /// The parameters the server reads itself; the others are the verb's options.
  package static let serverNames: Set<String> = ["file", "token", "x", "y", "tolerance", "overwrite", "_"]

  /// Options a request may not give: where outputs go and in what form is the URL's to say.
  static let refused: Set<String> = [
    "output", "o", "format", "in-place", "ops", "op", "help", "version", "h", "generate-completion-script",
    "experimental-dump-help",
  ]

  /// Options whose value names a file of the machine: a request names files by their number in the
  /// server's list only, so that no URL reaches the file system.
  package static let namingFiles: Set<String> = ["ghost"]

  /// The most different option names one request may give (a verb has fewer; each unknown name
  /// costs a parse to tell).
  static let maximumNames = 64

  /// A parameter the server reads that the query gives more than once (`file=1&file=0`):
  /// which one was meant cannot be told, so the request is refused (`_`, read by nothing, may
  /// repeat).
  package var repeatedServerName: String? {
    var seen = Set<String>()
    for (name, _) in parameters where Self.serverNames.contains(name) && name != "_" {
      if !seen.insert(name).inserted { return name }
    }
    return nil
  }

  /// The last value of `name`, if given.
  package func value(_ name: String) -> String? { parameters.last { $0.name == name }?.value }

  /// The verb's arguments for the parameters that are not the server's own; `isFlag` tells a
  /// flag (`--normalize`) from an option that takes a value (`--action 1`).
  /// - Throws: `ServeError` (400) for a name that is no option's, or one a request may not give.
  package func arguments(isFlag: (String) -> Bool) throws(ServeError) -> [String] {
    var arguments: [String] = []
    var names = Set<String>()
    for (name, _) in parameters where !Self.serverNames.contains(name) {
      names.insert(name)
      guard names.count <= Self.maximumNames else {
        throw ServeError(.badRequest, "the query gives more than \(Self.maximumNames) different options; no verb has that many")
      }
    }
    guard parameters.count <= Limits.commandWords else {
      throw ServeError(.badRequest, "the query gives \(parameters.count) parameters; at most \(Limits.commandWords)")
    }
    for (name, value) in parameters where !Self.serverNames.contains(name) {
      guard !name.isEmpty, name.utf8.allSatisfy({ Self.isNameByte($0) }), !name.hasPrefix("-") else {
        throw ServeError(.badRequest, "query parameter \(messageQuoted(name)): expected an option's long name (letters, digits and -)")
      }
      guard !Self.namingFiles.contains(name) else {
        throw ServeError(
          .badRequest, "query parameter \(messageQuoted(name)): not available over HTTP (it names a file; the server reads only the files it serves)")
      }
      guard !Self.refused.contains(name) else {
        throw ServeError(.badRequest, "query parameter \(messageQuoted(name)): not available over HTTP (the URL says the format)")
      }
      guard isFlag(name) else {
        arguments.append("--\(name)=\(value)")
        continue
      }
      switch value.lowercased() {
      case "", "1", "true": arguments.append("--" + name)
      case "0", "false": continue
      default:
        throw ServeError(.badRequest, "\(name)=\(messageQuoted(value)): --\(name) is a flag; expected 1, true, 0 or false")
      }
    }
    return arguments
  }

  /// Parses `a=1&b=x%20y`: `+` is a space, `%XX` a byte; a malformed escape is kept as written.
  package static func parse(_ query: String) -> ViewQuery {
    ViewQuery(
      query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
      })
  }

  static func decode(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var i = text.utf8.startIndex
    let utf8 = text.utf8
    while i < utf8.endIndex {
      let byte = utf8[i]
      if byte == UInt8(ascii: "+") {
        bytes.append(0x20)
      } else if byte == UInt8(ascii: "%"), let a = utf8.index(i, offsetBy: 1, limitedBy: utf8.endIndex),
        a < utf8.endIndex, let b = utf8.index(a, offsetBy: 1, limitedBy: utf8.endIndex), b < utf8.endIndex,
        let high = hexValue(utf8[a]), let low = hexValue(utf8[b])
      {
        bytes.append(high << 4 | low)
        i = b
      } else {
        bytes.append(byte)
      }
      i = utf8.index(after: i)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "-")
  }
}
