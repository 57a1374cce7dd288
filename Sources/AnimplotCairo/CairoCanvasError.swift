/// Why a Cairo canvas could not be created or finished.
public enum CairoCanvasError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The size is not positive, or the device size (size × scale) exceeds 32767 pixels.
  case invalidSize(width: Int, height: Int, scale: Double)
  /// Cairo reported an error status; its code and message (`cairo_status_to_string`).
  case cairo(status: Int, message: String)
  /// FreeType could not load the bundled font; its error code.
  case font(freeTypeError: Int)
  /// `finish()` was already called.
  case alreadyFinished
  /// A PNG of more device pixels (width · scale × height · scale) than `limit`.
  case tooManyPixels(width: Int, height: Int, scale: Double, limit: Int)
  /// An SVG or PDF would hold more than `limit` marks (`Limits.vectorMarks`).
  case tooManyMarks(format: CairoCanvas.Format, limit: Int)

  public var description: String {
    switch self {
    case .invalidSize(let width, let height, let scale):
      "invalid canvas size \(width)×\(height) at scale \(scale): each side must be at least 1"
        + " pixel and at most \(CairoCanvas.maximumDevicePixels) device pixels"
    case .cairo(let status, let message): "cairo error \(status): \(message)"
    case .font(let code): "cannot load the bundled font (FreeType error \(code))"
    case .alreadyFinished: "the canvas was already finished"
    case .tooManyPixels(let width, let height, let scale, let limit):
      "a \(width)×\(height) PNG at scale \(scale) has more than \(limit) device pixels (8192×8192); "
        + "draw it smaller, at a lower --scale, or as SVG or PDF"
    case .tooManyMarks(let format, let limit):
      "\(format == .svg ? "an SVG" : "a PDF") holds at most \(limit) marks (keys, handles, path points) and this "
        + "picture has more; write PNG, or draw fewer channels (--channels) or frames (--frames)"
    }
  }
}
