import AnimplotCanvas

extension OutputFormat {
  /// The display list: every drawing call as one line of text (`RecordingCanvas`), for exact,
  /// portable snapshots.
  public static let displayList = OutputFormat(
    id: "displaylist", name: "displaylist", fileExtensions: ["txt", "displaylist"],
    accepts: { $0 is any Drawable.Type },
    encode: { content, _ in
      let drawable = content as! any Drawable
      let canvas = RecordingCanvas(size: drawable.size)
      drawable.draw(on: canvas)
      return Array(canvas.displayList.utf8)
    })
}
