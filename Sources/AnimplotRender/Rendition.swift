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

/// A rendition that can describe its layout as JSON (the Dope Sheet's rows and keys).
public protocol LayoutDescribing: Rendition {
  /// The layout as a JSON document, ending in a newline.
  var layoutJSON: String { get }
}
