/// The drawing verb and options of a check case, from its `NAME.args` file.
///
/// The file's lines are joined and split into words as a POSIX shell would: blanks separate
/// words, `'…'` quotes literally, `"…"` quotes with `\"` and `\\` escaped, a backslash
/// outside quotes escapes the next character (and joins lines), and `#` at the start of a
/// word comments out the rest of its line. The first word is the verb; an empty file means
/// `graph`. The case supplies the input and the output, so `-o`/`--output` is refused. The
/// words are parsed into a typed request by `CaseRequests`, with the verbs' own grammar.
package struct CaseArguments: Sendable, Hashable {
  /// The verb, then its options.
  package private(set) var words: [String]

  /// The verb a case uses when it has no `NAME.args` file.
  package static let defaultVerb = "graph"

  /// `graph` with no options.
  package static let `default` = CaseArguments(validated: [defaultVerb])

  private init(validated words: [String]) { self.words = words }

  /// Parses and checks the text of a `NAME.args` file.
  package init(parsing text: String) throws(CaseArgumentsError) {
    let words = try Self.split(text)
    guard let verb = words.first else {
      self = .default
      return
    }
    if verb.hasPrefix("-") { throw .noVerb(verb) }
    for word in words.dropFirst()
    where word == "-o" || word == "--output" || word.hasPrefix("--output=")
      || (word.hasPrefix("-o") && !word.hasPrefix("--"))
    {
      throw .output(word)
    }
    self.init(validated: words)
  }

  /// The drawing verb: `graph`, `dopesheet`, `timeline`.
  package var verb: String { words[0] }

  /// The options after the verb.
  package var options: [String] { Array(words.dropFirst()) }

  /// The words of `text`, split as a POSIX shell splits a command line (no expansions).
  static func split(_ text: String) throws(CaseArgumentsError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var line = 1
    var iterator = text.unicodeScalars.makeIterator()
    func finishWord() {
      if inWord { words.append(word) }
      word = ""
      inWord = false
    }
    while let c = iterator.next() {
      switch c {
      case " ", "\t", "\r":
        finishWord()
      case "\n":
        finishWord()
        line += 1
      case "#" where !inWord:
        while let d = iterator.next(), d != "\n" {}
        line += 1
      case "'":
        inWord = true
        let start = line
        while true {
          guard let d = iterator.next() else { throw .unterminatedQuote("'", line: start) }
          if d == "'" { break }
          if d == "\n" { line += 1 }
          word.unicodeScalars.append(d)
        }
      case "\"":
        inWord = true
        let start = line
        while true {
          guard let d = iterator.next() else { throw .unterminatedQuote("\"", line: start) }
          if d == "\"" { break }
          if d == "\n" { line += 1 }
          if d == "\\" {
            guard let e = iterator.next() else { throw .unterminatedQuote("\"", line: start) }
            switch e {
            case "\"", "\\": word.unicodeScalars.append(e)
            case "\n": line += 1
            default: word.unicodeScalars.append(contentsOf: ["\\", e])
            }
          } else {
            word.unicodeScalars.append(d)
          }
        }
      case "\\":
        guard let d = iterator.next() else { throw .trailingBackslash(line: line) }
        if d == "\n" {
          line += 1
        } else {
          inWord = true
          word.unicodeScalars.append(d)
        }
      default:
        inWord = true
        word.unicodeScalars.append(c)
      }
    }
    finishWord()
    return words
  }
}

/// What is wrong with a `NAME.args` file.
package enum CaseArgumentsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A quote (`'` or `"`) opened on `line` is never closed.
  case unterminatedQuote(Character, line: Int)
  /// The file ends with a backslash.
  case trailingBackslash(line: Int)
  /// The first word is an option, not a verb.
  case noVerb(String)
  /// An output option: the case's reference decides where and what is drawn.
  case output(String)

  package var description: String {
    switch self {
    case .unterminatedQuote(let quote, let line): "line \(line): the \(quote) quote is never closed"
    case .trailingBackslash(let line): "line \(line): the file ends with a backslash"
    case .noVerb(let word):
      "starts with '\(word)'; the first word is the verb, as in: graph --width 800 --height 450"
    case .output(let word):
      "'\(word)': a case has no output option; it is drawn in memory and compared with its reference"
    }
  }
}
