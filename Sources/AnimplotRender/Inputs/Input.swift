import AnimplotIO
import AnimplotPlatform

/// Where the pipeline reads actions from: a file, standard input, or bytes in memory, with
/// its kind told by `InputKind.detect` unless given.
public struct Input: Sendable, Hashable {
  /// Where the bytes come from.
  public enum Source: Sendable, Hashable {
    /// A file by its path.
    case file(String)
    /// The process's standard input, named `-` in messages.
    case standardInput
    /// Bytes already in memory, and the name messages give them.
    case bytes([UInt8], name: String)
  }

  public var source: Source
  /// The kind of file; `nil` tells it from the content and the name.
  public var kind: InputKind?

  public init(_ source: Source, kind: InputKind? = nil) {
    self.source = source
    self.kind = kind
  }

  /// The file at `path`; `-` is standard input, as on the command line.
  public static func file(_ path: String, kind: InputKind? = nil) -> Input {
    Input(path == "-" ? .standardInput : .file(path), kind: kind)
  }

  /// Bytes in memory, called `name` in messages (and told by its extension, if it has one).
  public static func bytes(_ bytes: [UInt8], name: String, kind: InputKind? = nil) -> Input {
    Input(.bytes(bytes, name: name), kind: kind)
  }

  /// The name messages give the input: its path, `-`, or the name given with the bytes.
  public var name: String {
    switch source {
    case .file(let path): path
    case .standardInput: "-"
    case .bytes(_, let name): name
    }
  }

  /// The input's bytes.
  /// - Throws: `RenderError` (`.input`) naming the file and the system's reason.
  public func read() throws(RenderError) -> [UInt8] {
    if case .bytes(let bytes, _) = source { return bytes }
    do throws(ActionDecodingError) {
      return try ActionFile.readBytes(name)
    } catch {
      throw RenderError(error)
    }
  }

  /// The actions the input holds, its handles recalculated as Blender's `fcurve.update()`.
  /// - Throws: `RenderError` (`.input`): unreadable, of no kind the pipeline reads, or
  ///   badly formed (the decoder's one-line message with the place).
  public func document() throws(RenderError) -> ActionDocument {
    let bytes = try read()
    let path: String? = if case .standardInput = source { nil } else { name }
    do throws(ActionDecodingError) {
      return try InputKind.decode(bytes, file: name, path: path, kind: kind)
    } catch {
      throw RenderError(error)
    }
  }
}
