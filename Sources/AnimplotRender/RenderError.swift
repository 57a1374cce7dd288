import AnimplotIO

/// Why the pipeline could not make an output: one line that names the file at fault.
///
/// `kind` tells a bad input (the decoder's located message), a request the pipeline cannot
/// satisfy (an output a view does not write, an action or channel that is not there), and a
/// failure of the drawing backend apart.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, broadly.
  public enum Kind: Sendable, Hashable {
    /// The input could not be read or decoded, or holds nothing to show.
    case input
    /// The request does not fit: an output the view does not write, an unknown format.
    case request
    /// The backend (Cairo, the PNG encoder) failed.
    case backend
  }

  public var kind: Kind
  /// The whole message, one line: `FILE:LINE:COL: PATH: what was expected`.
  public var description: String
  /// The decoder's error, when the input was badly formed.
  public var decoding: ActionDecodingError?

  public init(_ kind: Kind, _ description: String, decoding: ActionDecodingError? = nil) {
    self.kind = kind
    self.description = description
    self.decoding = decoding
  }

  /// A badly formed input.
  init(_ error: ActionDecodingError) {
    self.init(.input, error.description, decoding: error)
  }
}
