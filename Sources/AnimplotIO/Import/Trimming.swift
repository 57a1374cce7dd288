extension StringProtocol {
  /// The text without spaces, tabs and carriage returns at either end (CSV fields, YAML
  /// scalars and keys).
  var trimmedOfSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
    return String(s)
  }
}
