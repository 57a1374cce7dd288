extension OutputFormat {
  /// PDF with no creation date (deterministic).
  public static let pdf = OutputFormat(
    id: "pdf", name: "pdf", fileExtensions: ["pdf"], accepts: { $0 is any Drawable.Type },
    encode: { (content, renderer) throws(RenderError) in
      try renderer.cairo(content as! any Drawable, format: .pdf)
    })
}
