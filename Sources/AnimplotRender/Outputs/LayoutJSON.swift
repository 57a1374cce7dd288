extension OutputFormat {
  /// A view's layout as JSON (the Dope Sheet's rows, key columns, holds and lines:
  /// docs/dopesheet-json.md).
  public static let layoutJSON = OutputFormat(
    id: "layout-json", name: "json", fileExtensions: ["json"],
    accepts: { $0 is any LayoutDescribing.Type },
    encode: { content, _ in Array((content as! any LayoutDescribing).layoutJSON.utf8) })
}
