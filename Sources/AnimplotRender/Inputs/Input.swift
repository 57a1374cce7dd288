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
  /// What the importers need that other tools' files do not say (frame rate, CSV joins).
  public var options: ImportOptions

  public init(_ source: Source, kind: InputKind? = nil, options: ImportOptions = ImportOptions()) {
    self.source = source
    self.kind = kind
    self.options = options
  }

  /// The file at `path`; `-` is standard input, as on the command line.
  public static func file(_ path: String, kind: InputKind? = nil, options: ImportOptions = ImportOptions()) -> Input {
    Input(path == "-" ? .standardInput : .file(path), kind: kind, options: options)
  }

  /// Bytes in memory, called `name` in messages (and told by its extension, if it has one).
  public static func bytes(
    _ bytes: [UInt8], name: String, kind: InputKind? = nil, options: ImportOptions = ImportOptions()
  ) -> Input {
    Input(.bytes(bytes, name: name), kind: kind, options: options)
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
    // Bytes in memory are told by their name's extension but have no folder to read from.
    let path: String? = if case .file(let path) = source { path } else { nil }
    let hint: String? = if case .standardInput = source { nil } else { name }
    let chosen = kind ?? bytes.withUnsafeBufferPointer { InputKind.detect($0, path: hint) }
    do throws(ActionDecodingError) {
      guard let chosen else {
        throw ActionDecodingError(.unrecognized(InputKind.all.map(\.summary)), file: name)
      }
      return try InputKind.decode(bytes, file: name, path: path, kind: chosen, options: options)
    } catch {
      throw RenderError(error)
    }
  }
}
