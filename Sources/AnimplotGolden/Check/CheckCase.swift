/// One comparison of a check run: an input drawn with its case's options and compared with
/// one reference file. How it is drawn (the verb and options of `NAME.args`) is the caller's
/// business: Golden knows files and comparisons, not command lines.
public struct CheckCase: Sendable, Hashable {
  /// The input's path relative to the folder, without its extension: `ball`, `ui/button`.
  public var name: String
  /// The input file, as a path from the current directory.
  public var inputPath: String
  /// The `NAME.args` file, when the case has one.
  public var argumentsPath: String?
  /// The kind of reference compared.
  public var kind: ReferenceKind
  /// The reference file, as a path from the current directory; it may not exist yet.
  public var referencePath: String
  /// Whether the reference file exists.
  public var referenceExists: Bool

  public init(
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
  public var id: String { name + kind.suffix }
}
