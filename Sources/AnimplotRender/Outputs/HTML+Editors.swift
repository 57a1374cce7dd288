import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots

extension GraphEditor: InteractiveDescribing {
  /// The Graph Editor in layers: what lies under the curves, each curve alone (in drawing
  /// order), what lies over them; each visible curve's values at the plot's columns.
  package func interactivePlot(with renderer: Renderer) throws(RenderError) -> InteractivePlot {
    // Weighed before the layout is made: the curves, then the layers' pixels.
    guard drawnCurves <= Limits.interactiveCurves else {
      throw RenderError(
        .request,
        "an interactive Graph Editor draws each curve as a layer of its own: \(drawnCurves) curves are more than \(Limits.interactiveCurves); show fewer with --channels or --hide"
      )
    }
    // Each layer is a PNG of the whole picture: the work is the layers times its device pixels.
    let scale = renderer.settings.scale
    let pixels = deviceSide(pictureSize.width, scale: scale) * deviceSide(pictureSize.height, scale: scale)
    let layerPixels = (drawnCurves + 2) * pixels
    guard layerPixels <= Limits.interactiveLayerPixels else {
      throw RenderError(
        .request,
        "an interactive Graph Editor draws each curve as a layer of its own: \(drawnCurves + 2) layers of "
          + "\(pixels) device pixels are \(layerPixels), more than \(Limits.interactiveLayerPixels); show fewer curves "
          + "with --channels or --hide, or draw a smaller picture (--width, --height, --scale)")
    }
    let layout = layout(scale: scale)
    // Every curve is stroked (or filled as bands) once, in its own layer, and the keys and
    // handles over it: weighed as a PNG of the editor is, and drawn from this one layout.
    try layout.drawingWork.check()
    // The values at the plot's columns are weighed before any layer is drawn.
    let plot = layout.plotRect
    let columns = InteractivePlot.columns(of: plot) { layout.frame(atX: $0) }
    try ModifierBudget.check(action.tracks, advice: ModifierBudget.graphAdvice) { _ in columns.frames.count }
    let order: [GraphEditor.Layer] = [.under] + layout.drawingOrder.map { .curve($0) } + [.over]
    var layers: [[UInt8]] = []
    for wanted in order {
      layers.append(
        try InteractivePlot.png(size: pictureSize, renderer: renderer, opaque: wanted == .under) { canvas in
          let gate = LayerCanvas(canvas)
          draw(layout, on: gate) { layer in
            gate.isDrawing = layer == wanted
            return gate.isDrawing
          }
        })
    }
    let table = Renderer.evaluate(action, at: columns.frames)
    let rows = layout.channelList?.rows ?? []
    let channels = layout.curves.enumerated().map { i, curve in
      InteractivePlot.Channel(
        label: curve.track.displayLabel, address: curve.track.address, color: curve.color,
        layer: order.firstIndex(of: .curve(i)), mapping: curve.mapping,
        row: rows.first { $0.channel == curve.channel }.map(layout.rect(of:)),
        values: table.columns[curve.channel.track])
    }
    let colors = options.theme.channelList
    return InteractivePlot(
      kind: "graph", title: "\(action.name): Graph Editor", size: pictureSize, scale: layout.scale,
      background: colors.background, text: colors.text, layers: layers, plot: plot,
      values: layout.viewport.values, firstColumn: columns.first, frames: columns.frames, channels: channels)
  }
}

extension DopeSheetEditor: InteractiveDescribing {
  /// The Dope Sheet as one picture; each channel row's values at the key area's columns.
  package func interactivePlot(with renderer: Renderer) throws(RenderError) -> InteractivePlot {
    let layout = layout(scale: renderer.settings.scale)
    let picture = try InteractivePlot.png(size: pictureSize, renderer: renderer, opaque: true) { draw(on: $0) }
    let plot = layout.keyAreaRect
    let columns = InteractivePlot.columns(of: plot) { layout.frame(atX: $0) }
    try ModifierBudget.check(actions.lazy.flatMap(\.tracks), advice: ModifierBudget.graphAdvice) { _ in
      columns.frames.count
    }
    let tables = actions.map { Renderer.evaluate($0, at: columns.frames) }
    let list = layout.channelList?.rows ?? []
    let channels = layout.rows.compactMap { row -> InteractivePlot.Channel? in
      guard let channel = row.row.channel else { return nil }
      let track = actions[channel.action].tracks[channel.track]
      let label = actions.count > 1 ? "\(actions[channel.action].name): \(track.displayLabel)" : track.displayLabel
      return InteractivePlot.Channel(
        label: label, address: track.address,
        row: list.indices.contains(row.index) ? layout.rect(of: list[row.index]) : nil, band: layout.rect(of: row),
        values: tables[channel.action].columns[channel.track])
    }
    let colors = options.theme.channelList
    let title = (actions.count == 1 ? actions[0].name + ": " : "") + "Dope Sheet"
    return InteractivePlot(
      kind: "dopesheet", title: title, size: pictureSize, scale: layout.scale, background: colors.background,
      text: colors.text, layers: [picture], plot: plot, values: nil, firstColumn: columns.first,
      frames: columns.frames, channels: channels)
  }
}
