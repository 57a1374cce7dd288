import AnimplotCore

/// What the interpolation and easing gallery shows and how (the options of `animplot gallery`).
public struct GalleryOptions: Sendable, Hashable {
  /// Size of the picture in logical pixels; `nil` gives every cell its natural size
  /// (`Gallery.cellWidth` × `Gallery.cellHeight`), else the cells share what is left.
  public var width: Double?
  public var height: Double?
  /// Colours: Blender's dark theme, or the light one for documents.
  public var theme: Theme = .blender
  /// The interpolations shown, one row each (back and elastic with their variant rows), always
  /// in Blender's menu order whatever the order here.
  public var interpolations: [Interpolation] = Interpolation.allCases

  /// Every interpolation, cells of natural size, Blender's dark theme.
  public init() {}
}
