/// A kind of file animplot reads into actions: its name, its file extensions, a sniffer that
/// recognises its content, and a decoder.
///
/// The kinds form an open set, `InputKind.all`: a new format is one file (in `Kinds/`) that
/// defines `static let NAME = InputKind(...)` and one line in `all`. Every verb, `check`,
/// `ActionFile.load` and the render library choose a file's kind the same way, by
/// `detect(_:path:)`.
public struct InputKind: Sendable, Hashable, CustomStringConvertible {
  /// How well some bytes fit a kind, as its sniffer judges from their beginning.
  public enum Match: Int, Sendable, Comparable {
    /// Not this kind.
    case no
    /// Could be this kind (it starts like one) but nothing only this kind has was seen.
    case plausible
    /// Something only this kind has was seen.
    case certain

    public static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
  }

  /// The name `--input-format` takes: `animplot`, `compact`.
  public let name: String
  /// One line for help and errors: `format 1 actions (JSON)`.
  public let summary: String
  /// File extensions without the dot, lower case.
  public let fileExtensions: [String]
  private let sniffer: @Sendable (UnsafeBufferPointer<UInt8>) -> Match
  private let decoder:
    @Sendable (UnsafeBufferPointer<UInt8>, DecodeContext) throws(ActionDecodingError) -> ActionDocument

  /// A kind of input.
  /// - Parameters:
  ///   - name: the name `--input-format` takes.
  ///   - summary: one line for help and errors.
  ///   - fileExtensions: its files' extensions, without the dot, lower case.
  ///   - sniff: judges the bytes of a whole file (it may stop early).
  ///   - decode: the file's actions (handles recalculated as Blender's `fcurve.update()` when
  ///     the context's `recalculate`, else the keys as written), or a located error naming the
  ///     context's file.
  public init(
    name: String, summary: String, fileExtensions: [String],
    sniff: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Match,
    decode: @escaping @Sendable (UnsafeBufferPointer<UInt8>, DecodeContext)
      throws(ActionDecodingError) -> ActionDocument
  ) {
    self.name = name
    self.summary = summary
    self.fileExtensions = fileExtensions
    sniffer = sniff
    decoder = decode
  }

  /// Every kind the pipeline reads, in order of preference when two fit equally.
  public static let all: [InputKind] = [.actionJSON, .compactJSON, .gltf, .csv, .unity, .lottie]

  /// The kind called `name`, if any.
  public static func named(_ name: String) -> InputKind? { all.first { $0.name == name } }

  /// How well `bytes` fit this kind.
  public func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Match { sniffer(bytes) }

  /// The actions of a file of this kind.
  /// - Parameters:
  ///   - bytes: the file's bytes.
  ///   - file: names the input in errors.
  ///   - path: where the file is (external resources are read relative to it); `nil` for
  ///     standard input.
  ///   - recalculate: apply Blender's `fcurve.update()` (the default), or keep the keys as
  ///     written.
  ///   - options: what the file of another tool does not say (frame rate, CSV joins).
  public func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String, path: String? = nil, recalculate: Bool = true,
    options: ImportOptions = ImportOptions()
  ) throws(ActionDecodingError) -> ActionDocument {
    try decode(bytes, context: DecodeContext(file: file, path: path, recalculate: recalculate, options: options))
  }

  /// The actions of a file of this kind, read as `context` says.
  public func decode(_ bytes: UnsafeBufferPointer<UInt8>, context: DecodeContext)
    throws(ActionDecodingError) -> ActionDocument
  {
    do {
      return try decoder(bytes, context)
    } catch {
      var located = error
      if located.file == nil { located.file = context.file }
      throw located
    }
  }

  /// The actions of `bytes`, of `kind` or else of the kind `detect` tells from the content and
  /// `path` (`nil` for standard input).
  /// - Parameters:
  ///   - bytes: the file's bytes.
  ///   - file: names the input in errors.
  ///   - path: where the file is (its extension helps tell the kind; external resources are
  ///     read relative to it); `nil` for standard input.
  ///   - kind: the kind the file is read as; `nil` tells it.
  ///   - recalculate: apply Blender's `fcurve.update()` (the default), or keep the keys as
  ///     written.
  ///   - options: what the file of another tool does not say (frame rate, CSV joins).
  /// - Throws: `ActionDecodingError` naming the file: of no kind animplot reads, or badly
  ///   formed.
  public static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String, path: String?, kind: InputKind? = nil,
    recalculate: Bool = true, options: ImportOptions = ImportOptions()
  ) throws(ActionDecodingError) -> ActionDocument {
    guard let kind = kind ?? detect(bytes, path: path) else {
      throw ActionDecodingError(.unrecognized(all.map(\.summary)), file: file)
    }
    guard let blender = options.blender else {
      return try kind.decode(bytes, context: DecodeContext(file: file, path: path, recalculate: recalculate, options: options))
    }
    // The version decides how update() treats handles: set it before recalculating.
    var document = try kind.decode(bytes, context: DecodeContext(file: file, path: path, recalculate: false, options: options))
    document.setBlender(blender)
    document.finish(recalculate: recalculate && !document.keysAsStored)
    return document
  }

  /// The kind of a file, from its content first and its extension second: the kind whose
  /// sniffer is surest; among equally sure ones, the one whose extension the path has, else
  /// the first in `all`. With no sniffer interested, the kind the extension names; `nil` when
  /// neither content nor extension names a kind.
  public static func detect(_ bytes: UnsafeBufferPointer<UInt8>, path: String?) -> InputKind? {
    let ext = path.flatMap(Self.fileExtension(of:))
    let judged = all.map { (kind: $0, match: $0.match(bytes)) }
    let best = judged.map(\.match).max() ?? .no
    if best > .no {
      let candidates = judged.filter { $0.match == best }.map(\.kind)
      return candidates.first { ext != nil && $0.fileExtensions.contains(ext!) } ?? candidates[0]
    }
    guard let ext else { return nil }
    return all.first { $0.fileExtensions.contains(ext) }
  }

  /// `decode(_:file:path:kind:recalculate:)` of bytes in an array.
  public static func decode(
    _ bytes: [UInt8], file: String, path: String?, kind: InputKind? = nil, recalculate: Bool = true,
    options: ImportOptions = ImportOptions()
  ) throws(ActionDecodingError) -> ActionDocument {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(ActionDecodingError) in
        try decode(buffer, file: file, path: path, kind: kind, recalculate: recalculate, options: options)
      }
    }
    return try result.get()
  }

  /// The files besides `path` that reading it opens or names (a `.gltf`'s or `.glb`'s
  /// external buffers and images), which no output of the run may replace.
  /// - Throws: naming the file, when a glTF's JSON cannot be read (so its files are unknown).
  package static func referencedFiles(ofInputAt path: String) throws(ActionDecodingError) -> [String] {
    guard path != "-", ["gltf", "glb"].contains(fileExtension(of: path)) else { return [] }
    return try GLTFImporter.referencedFiles(ofInputAt: path)
  }

  /// The extension of the last component of `path`, lower case, without the dot.

  public static func fileExtension(of path: String) -> String? {
    let name = path.split(separator: "/").last ?? Substring(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...]
    return ext.isEmpty ? nil : ext.lowercased()
  }

  public static func == (a: InputKind, b: InputKind) -> Bool { a.name == b.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
  public var description: String { name }
}
