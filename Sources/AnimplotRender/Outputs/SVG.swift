extension OutputFormat {
  /// SVG 1.1 in pixel units, with Cairo's ids numbered per document (deterministic).
  public static let svg = OutputFormat(
    id: "svg", name: "svg", fileExtensions: ["svg"], accepts: { $0 is any Drawable.Type },
    encode: { (content, renderer) throws(RenderError) in
      try renderer.cairo(content as! any Drawable, format: .svg)
    })
}
