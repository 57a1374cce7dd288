import AnimplotCanvas

/// What a view makes of actions, for an output to encode: a picture (`Drawable`), a layout as
/// data (`LayoutDescribing`), a table of values (`ValueTable`), or a type that is several of
/// these. An output accepts the renditions of the capability it needs.
public protocol Rendition: Sendable {}

/// A picture of a fixed size that draws itself on any canvas: what PNG, SVG, PDF and the
/// display list encode.
public protocol Drawable: Rendition {
  /// The picture's size in logical pixels (whole numbers).
  var size: Size { get }
  /// Draws the picture on `canvas`, whose size is `size`.
  func draw(on canvas: any Canvas)
}

/// A rendition that can describe its layout as JSON: the Dope Sheet's rows and keys, the Graph
/// Editor's view, channels, curves, keys and handles in device pixels.
public protocol LayoutDescribing: Rendition {
  /// The layout as a JSON document, ending in a newline, for a picture drawn at `scale` device
  /// pixels per logical pixel (where it gives places in pixels).
  /// - Throws: `RenderError` (`.request`) when the layout would list more than a document
  ///   should hold (`graph --format json`: `Limits.layoutMarks` keys and handles).
  func layoutJSON(scale: Double) throws(RenderError) -> String
}
