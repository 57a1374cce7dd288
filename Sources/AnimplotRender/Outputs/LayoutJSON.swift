extension OutputFormat {
  /// A view's layout as JSON: the Dope Sheet's rows, key columns, holds and lines
  /// (docs/dopesheet-json.md); the Graph Editor's view, channels, curves, keys and handles at the
  /// renderer's scale (docs/graph-json.md).
  public static let layoutJSON = OutputFormat(
    id: "layout-json", name: "json", fileExtensions: ["json"],
    accepts: { $0 is any LayoutDescribing.Type },
    encode: { (content, renderer) throws(RenderError) in
      let described = content as! any LayoutDescribing
      return Array(try described.layoutJSON(scale: renderer.settings.scale).utf8)
    })
}
