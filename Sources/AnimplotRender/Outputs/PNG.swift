extension OutputFormat {
  /// A raster image, encoded with libpng at the renderer's scale and compression.
  public static let png = OutputFormat(
    id: "png", name: "png", fileExtensions: ["png"], accepts: { $0 is any Drawable.Type },
    encode: { (content, renderer) throws(RenderError) in
      try renderer.cairo(content as! any Drawable, format: .png)
    })
}
