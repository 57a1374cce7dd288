import AnimplotIO

/// A kind of file the pipeline writes: its name, its file extensions, which renditions it
/// accepts and how it encodes them.
///
/// The formats form an open set, `OutputFormat.all`: a new one is one file that defines
/// `static let NAME = OutputFormat(...)` and one line in `all`. Every verb chooses its output
/// the same way, by `choose(for:path:requested:)`.
public struct OutputFormat: Sendable, Hashable, CustomStringConvertible {
  /// Unique among the formats: `png`, `layout-json`, `values-json`.
  public let id: String
  /// The name `--format` takes: `png`, `json`. Two formats may share a name when no view
  /// makes what both accept (the dope sheet's layout and eval's values are both `json`).
  public let name: String
  /// File extensions without the dot, lower case; the first is the one written.
  public let fileExtensions: [String]
  private let accepter: @Sendable (any Rendition.Type) -> Bool
  private let encoder: @Sendable (any Rendition, Renderer) throws(RenderError) -> [UInt8]

  /// A kind of output.
  /// - Parameters:
  ///   - id: the format's identity (`png`, `layout-json`).
  ///   - name: the name `--format` takes (`png`, `json`).
  ///   - fileExtensions: extensions without the dot, lower case; the first is the one written.
  ///   - accepts: whether the format encodes renditions of this type (`$0 is any Drawable.Type`).
  ///   - encode: the file's bytes for a rendition it accepts, made with the renderer's
  ///     settings and backends.
  public init(
    id: String, name: String, fileExtensions: [String],
    accepts: @escaping @Sendable (any Rendition.Type) -> Bool,
    encode: @escaping @Sendable (any Rendition, Renderer) throws(RenderError) -> [UInt8]
  ) {
    precondition(!fileExtensions.isEmpty, "an output format needs a file extension")
    self.id = id
    self.name = name
    self.fileExtensions = fileExtensions
    accepter = accepts
    encoder = encode
  }

  /// Every format the pipeline writes; for each view, the first it accepts is its default.
  public static let all: [OutputFormat] = [
    .png, .svg, .pdf, .displayList, .layoutJSON, .valuesCSV, .valuesJSON, .apng, .animatedSVG, .html,
  ]

  /// The extension written: `png`.
  public var fileExtension: String { fileExtensions[0] }

  /// Whether the format encodes renditions of `type`.
  public func accepts(_ type: any Rendition.Type) -> Bool { accepter(type) }

  /// The file's bytes.
  /// - Throws: `RenderError` (`.request`) for a rendition the format does not accept;
  ///   (`.backend`) when drawing or encoding fails.
  public func encode(_ content: any Rendition, with renderer: Renderer) throws(RenderError) -> [UInt8] {
    guard accepts(type(of: content)) else {
      throw RenderError(.request, "\(name) does not encode \(type(of: content))")
    }
    return try encoder(content, renderer)
  }

  public static func == (a: OutputFormat, b: OutputFormat) -> Bool { a.id == b.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
  public var description: String { name }
}

extension OutputFormat {
  /// The format of a view's output, chosen one way for every verb: by the extension of
  /// `path`, or by `requested` (a `--format` name); when both name a format they must agree.
  /// A file without an extension needs `requested`; standard output (`-`) and a folder of
  /// outputs (`nil`) default to the view's first format.
  ///
  /// - Parameters:
  ///   - view: the view whose formats are chosen from.
  ///   - path: the output file, `-`, or `nil` for a folder of outputs.
  ///   - requested: the name asked for (`--format`).
  /// - Throws: `RenderError` (`.request`) naming the option at fault: a format the view does
  ///   not write, an extension of no format, or a disagreement.
  public static func choose<View: PlotView>(
    for view: View.Type, path: String?, requested: String?
  ) throws(RenderError) -> OutputFormat {
    let accepted = View.outputFormats
    let names = Self.list(accepted.map(\.name))
    let extensions = accepted.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", ")
    var asked: OutputFormat?
    if let requested {
      guard let format = accepted.first(where: { $0.name == requested }) else {
        throw RenderError(.request, "--format \(requested) is not available here; use \(names)")
      }
      asked = format
    }
    let ext = path.flatMap { $0 == "-" ? nil : InputKind.fileExtension(of: $0) }
    var named: OutputFormat?
    if let path, path != "-", asked == nil {
      guard let ext else {
        throw RenderError(
          .request, "-o \(path): cannot tell the format without an extension; use \(extensions) or --format")
      }
      named = accepted.first { $0.fileExtensions.contains(ext) }
      guard named != nil else {
        if all.contains(where: { $0.fileExtensions.contains(ext) }) {
          throw RenderError(.request, "-o \(path): \(View.name) does not write .\(ext) files; use \(extensions)")
        }
        throw RenderError(
          .request, "-o \(path): cannot tell the format from the extension; use \(extensions) or --format")
      }
    } else if let ext {
      // With --format, an extension of any known format must agree with it.
      named = accepted.first { $0.fileExtensions.contains(ext) } ?? all.first { $0.fileExtensions.contains(ext) }
    }
    if let asked, let named, asked != named {
      throw RenderError(
        .request,
        "-o \(path!) names a .\(ext!) file but --format asks for \(asked.name); make them agree")
    }
    return asked ?? named ?? accepted[0]
  }

  /// `a, b or c`.
  public static func list(_ words: [String]) -> String {
    var unique: [String] = []
    for word in words where !unique.contains(word) { unique.append(word) }
    guard unique.count > 1 else { return unique.first ?? "" }
    return unique.dropLast().joined(separator: ", ") + " or " + unique.last!
  }
}
