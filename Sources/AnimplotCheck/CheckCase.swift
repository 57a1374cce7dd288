/// One comparison of a check run: an input drawn with its case's options and compared with
/// one reference file. How it is drawn (the verb and options of `NAME.args`) is the caller's
/// business: AnimplotCheck knows files and comparisons, not command lines.
package struct CheckCase: Sendable, Hashable {
  /// The input's path relative to the folder, without its extension: `ball`, `ui/button`.
  package var name: String
  /// The input file, as a path from the current directory.
  package var inputPath: String
  /// The `NAME.args` file, when the case has one.
  package var argumentsPath: String?
  /// The kind of reference compared.
  package var kind: ReferenceKind
  /// The reference file, as a path from the current directory; it may not exist yet.
  package var referencePath: String
  /// Whether the reference file exists.
  package var referenceExists: Bool

  package init(
    name: String, inputPath: String, argumentsPath: String?,
    kind: ReferenceKind, referencePath: String, referenceExists: Bool
  ) {
    self.name = name
    self.inputPath = inputPath
    self.argumentsPath = argumentsPath
    self.kind = kind
    self.referencePath = referencePath
    self.referenceExists = referenceExists
  }

  /// The case's identity in reports: the reference's path relative to the folder,
  /// `ball.png`, `ui/button.svg`.
  package var id: String { name + kind.suffix }
}
