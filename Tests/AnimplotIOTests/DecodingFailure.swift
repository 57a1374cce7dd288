@testable import AnimplotIO

/// What reading `text` as a file of `kind` named `file` says: "decoded", or its error's message
/// (the readers' bounds are tested by what they say).
func decodingFailure(_ text: String, file: String, kind: InputKind) -> String {
  do {
    _ = try InputKind.decode(Array(text.utf8), file: file, path: nil, kind: kind)
    return "decoded"
  } catch {
    return "\(error)"
  }
}
