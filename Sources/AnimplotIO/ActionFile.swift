import AnimplotCore
import AnimplotPlatform

/// Reading action files from disk.
public enum ActionFile {
  /// Reads and decodes the file at `path` (`-`: standard input), of `kind` or else of the kind
  /// told by its content and extension (`InputKind.detect`).
  /// - Throws: `ActionDecodingError` naming the file.
  public static func load(
    _ path: String, kind: InputKind? = nil, recalculate: Bool = true, options: ImportOptions = ImportOptions()
  ) throws(ActionDecodingError) -> ActionDocument {
    try InputKind.decode(
      readBytes(path), file: path, path: path == "-" ? nil : path, kind: kind, recalculate: recalculate,
      options: options)
  }

  /// The bytes of the file at `path`; `-` reads standard input. At most `Limits.inputBytes` bytes
  /// are read: a longer input (or an endless one) is an error found while reading. An input whose
  /// first byte no kind of input can begin with (`/dev/zero`) is read no further (`InputStart.printable`).
  public static func readBytes(_ path: String) throws(ActionDecodingError) -> [UInt8] {
    do {
      return path == "-"
        ? try FileSystem.readBytes(descriptor: 0, start: .printable)
        : try FileSystem.readBytes(path: path, start: .printable)
    } catch {
      let reason =
        error.isFolder
        ? "it is a directory"
        : error.unreadableReason
      throw ActionDecodingError(.unreadable(reason), file: path)
    }
  }
}
