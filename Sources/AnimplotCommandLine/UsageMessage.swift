import AnimplotText
import ArgumentParser

/// swift-argument-parser's messages for bad usage said as animplot says its own: the option
/// (or argument), the value given, what was expected (`--width abc: expected a whole number`
/// for "The value 'abc' is invalid for '--width <pixels>'").
package enum UsageMessage {
  /// What the command line knows that the parser's message does not say.
  package struct Context {
    /// What `option` takes, from trying other values in place of `value` ("a number", "a whole
    /// number"); `nil` when neither is.
    package var valueKind: (_ option: String, _ value: String) -> String?
    /// The options of the verb, for the nearest to an unknown one.
    package var options: [String]

    package init(valueKind: @escaping (_ option: String, _ value: String) -> String? = { _, _ in nil }, options: [String] = []) {
      self.valueKind = valueKind
      self.options = options
    }
  }

  /// The context of `arguments` refused by a parser of `type`: `reparse` parses changed
  /// arguments and returns the parser's message, `nil` when they parse.
  package static func context(
    of type: any ParsableArguments.Type, arguments: [String], reparse: @escaping ([String]) -> String?
  ) -> Context {
    let help = type.helpMessage(includeHidden: false, columns: 10_000)
    let options = Set(help.matches(of: /--[a-z0-9][a-z0-9-]*/).map { String($0.output) }).sorted()
    return Context(
      valueKind: { option, value in
        /// Whether the parser takes `other` in place of `value` after `option`.
        func takes(_ other: String) -> Bool {
          var changed = arguments
          if let i = changed.indices.dropLast().first(where: { changed[$0] == option && changed[$0 + 1] == value }) {
            changed[i + 1] = other
          } else if let i = changed.firstIndex(of: "\(option)=\(value)") {
            changed[i] = "\(option)=\(other)"
          } else {
            return false
          }
          return !(reparse(changed)?.contains("is invalid for '\(option)") ?? false)
        }
        if takes("0.5") { return "a number" }
        if takes("1000") { return "a whole number" }
        return nil
      },
      options: options)
  }

  /// `message` reworded; a message of no known form is returned with a lower-case first letter.
  package static func reword(_ message: String, context: Context = Context()) -> String {
    if let m = message.wholeMatch(of: /The value '(.*)' is invalid for '(.+?)'(.*)/.dotMatchesNewlines()) {
      return invalidValue(String(m.1), for: String(m.2), rest: String(m.3), context: context)
    }
    if let m = message.wholeMatch(of: /Missing value for '(\S+)(?: <(.+)>)?'/) {
      return "\(m.1): expected a value" + (m.2.map { " (\($0))" } ?? "") + " after it"
    }
    if let m = message.wholeMatch(of: /Unknown option '(.+?)'(?:\. Did you mean '(.+)'\?)?/) {
      let option = String(m.1)
      let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
      let near = m.2.map(String.init) ?? Suggestion.nearest(to: name, among: context.options)
      return "unknown option \(option)" + (near.map { "; did you mean '\($0)'?" } ?? "")
    }
    if let m = message.wholeMatch(of: /Missing expected argument '(.+)'/) {
      let argument = String(m.1)
      return argument.contains("input")
        ? "\(argument): expected an input file ('-' for standard input)" : "\(argument): expected a value"
    }
    if let m = message.wholeMatch(of: /Unexpected argument '(.*)'/) {
      return "'\(m.1)': unexpected argument (expected an option, or no more files)"
    }
    if let m = message.wholeMatch(of: /\d+ unexpected arguments: (.*)/) {
      return "\(m.1): unexpected arguments (expected options, or no more files)"
    }
    if let m = message.wholeMatch(of: /The option '(\S+)' does not take any value, but '(.*)' was specified\./) {
      return "\(m.1)=\(m.2): expected no value (\(m.1) is a switch)"
    }
    guard let first = message.first else { return message }
    return first.lowercased() + message.dropFirst()
  }

  /// "The value 'V' is invalid for 'OPTION <placeholder>'" and what follows it: a list of the
  /// values allowed, a reason, or nothing.
  private static func invalidValue(_ value: String, for synopsis: String, rest: String, context: Context) -> String {
    let parts = synopsis.wholeMatch(of: /(\S+?)(?: <(.+)>)?/)
    var option = parts.map { String($0.1) } ?? synopsis
    let placeholder = parts?.2.map(String.init)
    if option.hasPrefix("<") { option = "argument " + option }
    let given = "\(option) '\(value)'"
    if let m = rest.wholeMatch(of: /\. Please provide one of (.*)\./) {
      return "\(given): expected " + alternatives(m.1.matches(of: /'([^']*)'/).map { String($0.1) })
    }
    if rest.hasPrefix(". Please provide one of the following:") {
      let values = rest.split(separator: "\n").dropFirst().map { String($0.trimmingPrefix(#/\s*- /#)) }
      return "\(given): expected " + alternatives(values)
    }
    if rest.hasPrefix(": ") { return "\(given): \(rest.dropFirst(2))" }
    if let kind = context.valueKind(option, value) { return "\(given): expected \(kind)" }
    return "\(given): expected " + (placeholder.map { "<\($0)>" } ?? "another value")
  }

  /// `a`, `a or b`, `a, b or c`.
  private static func alternatives(_ values: [String]) -> String {
    guard let last = values.last else { return "another value" }
    return values.count == 1 ? last : values.dropLast().joined(separator: ", ") + " or " + last
  }
}
