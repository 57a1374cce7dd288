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
  /// The `NAME.mask.png` file, when the case has one: the pixels where it is bright are left
  /// out of a picture's comparison (as `diff --mask`).
  package var maskPath: String?

  /// The case's values reference (`NAME.values.csv`) when it exists: a picture that differs
  /// is shown with these values as ghost curves.
  package var valuesPath: String?

  /// The end of a mask's file name.
  package static let maskSuffix = ".mask.png"

  package init(
    name: String, inputPath: String, argumentsPath: String?,
    kind: ReferenceKind, referencePath: String, referenceExists: Bool, maskPath: String? = nil,
    valuesPath: String? = nil
  ) {
    self.maskPath = maskPath
    self.valuesPath = valuesPath
    self.name = name
    self.inputPath = inputPath
    self.argumentsPath = argumentsPath
    self.kind = kind
    self.referencePath = referencePath
    self.referenceExists = referenceExists
  }

  /// Whether the case reads an input: a case of a verb that reads none (`gallery`) is its
  /// `NAME.args` alone, which stands as its input too.
  package var hasInput: Bool { inputPath != argumentsPath }

  /// The case's identity in reports: the reference's path relative to the folder,
  /// `ball.png`, `ui/button.svg`.
  package var id: String { name + kind.suffix }
}
