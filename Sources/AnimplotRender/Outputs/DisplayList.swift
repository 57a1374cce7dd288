import AnimplotCanvas

extension OutputFormat {
  /// The display list: every drawing call as one line of text (`RecordingCanvas`), for exact,
  /// portable snapshots; recorded for the renderer's device scale (where 1-px lines land).
  public static let displayList = OutputFormat(
    id: "displaylist", name: "displaylist", fileExtensions: ["txt", "displaylist"],
    accepts: { $0 is any Drawable.Type },
    encode: { content, renderer in
      let drawable = content as! any Drawable
      let canvas = RecordingCanvas(size: drawable.size, deviceScale: renderer.settings.scale)
      drawable.draw(on: canvas)
      return Array(canvas.displayList.utf8)
    })
}
