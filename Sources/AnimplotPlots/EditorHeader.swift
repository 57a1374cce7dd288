import AnimplotCanvas
import RealModule

/// Blender 3.4's editor header above the Graph Editor or the Dope Sheet: the editor-type button,
/// the Dope Sheet's mode, the menus (View Select Marker Channel Key), the Graph Editor's
/// Normalize toggle, and at the right the channel filters, the filter and pivot popovers, the
/// snapping mode ("Nearest Frame") and proportional editing. It shows the editor as Blender
/// opens it; only Normalize follows the picture (`GraphOptions.normalize`).
///
/// Sizes are Blender's in device pixels, measured on its screenshots at UI scale 1.05 (widget
/// unit 21) and scaled by the widget unit at other scales: buttons one widget unit high, 4 px
/// below the header's top; 8 px from the left edge, 9 from the right, 5 px between buttons,
/// menus 8 px either side of their names. The icons are animplot's own drawings.
///
/// The header adds `height` (26, Blender's header at UI scale 1) logical pixels above the
/// editor, which keeps its size: the picture's device rows minus the editor's are the header's,
/// so the editor lies on whole device pixels below it and draws exactly as without a header.
/// Blender's header (`Metrics.headerRows`: 26 device rows at 1, 27 at 1.05, 52 at 2) takes the
/// bottom of them; where the picture's rounding gives a row more (at 1.05 for most heights:
/// 26 × 1.05 is 27.3), that row at the top is the area's edge, as the gap above a Blender area.
struct EditorHeader: Sendable {
  /// Which editor's header.
  enum Editor: Sendable, Hashable {
    /// The Graph Editor's, its Normalize toggle on or off.
    case graph(normalize: Bool)
    case dopeSheet
  }

  /// The logical pixels the header adds to the picture's height.
  static let height = 26.0

  /// The size of a picture `width` wide holding an editor `editorHeight` high, and the header
  /// above it when `shown`.
  static func pictureSize(width: Double, editorHeight: Double, shown: Bool) -> Size {
    Size(width, editorHeight + (shown ? height : 0))
  }
  static let fontSize = TimeRuler.fontSize

  var theme: Theme
  /// The picture's width, logical pixels.
  var width: Double
  var editor: Editor

  /// The header's device rows above an editor `editorHeight` logical pixels high at `scale`:
  /// the picture's rows less the editor's, each rounded up as the picture's size is.
  static func deviceRows(editorHeight: Double, scale: Double) -> Int {
    let s = BlenderUIScale(deviceScale: scale).deviceScale
    return Int(((editorHeight + height) * s).rounded(.up)) - Int((editorHeight * s).rounded(.up))
  }

  /// Draws `header` (if any) at the top of `canvas` and `body` (an editor `editorHeight` high)
  /// below it; without a header, `body` alone, untouched.
  static func drawing(
    _ header: EditorHeader?, editorHeight: Double, on canvas: any Canvas, body: () -> Void
  ) {
    header?.draw(on: canvas, deviceRows: deviceRows(editorHeight: editorHeight, scale: canvas.deviceScale))
    below(header, editorHeight: editorHeight, on: canvas, body: body)
  }

  /// Draws `body` (an editor `editorHeight` high) where it lies below `header`: moved down by
  /// the header's rows, or untouched without a header.
  static func below(
    _ header: EditorHeader?, editorHeight: Double, on canvas: any Canvas, body: () -> Void
  ) {
    guard header != nil else { return body() }
    let rows = deviceRows(editorHeight: editorHeight, scale: canvas.deviceScale)
    let top = Double(rows) / BlenderUIScale(deviceScale: canvas.deviceScale).deviceScale
    canvas.save()
    canvas.concatenate(.translation(0, top))
    body()
    canvas.restore()
  }

  // MARK: Layout

  /// A button's look.
  enum Look: Equatable {
    /// A menu's name, no box.
    case menu
    /// A dark box: dropdowns and popovers.
    case dropdown
    /// A grey toggle, blue when on.
    case toggle(on: Bool)
  }

  enum Icon {
    case graphEditor, dopeSheet, normalize, refresh, onlySelected, showHidden, onlyErrors
    case ghostCurves, filter, pivot, proportional, falloff
  }

  /// One button, in device pixels from the header's left edge.
  struct Button: Equatable {
    var x: Int
    var width: Int
    var look: Look
    var icon: Icon? = nil
    var text: String? = nil
    var chevron = false
    /// Drawn at half strength over the header (Blender's inactive buttons).
    var inactive = false
    /// The first and last of buttons joined in a row (only those round their outer corners).
    var joinedLeft = false
    var joinedRight = false
  }

  /// Device pixels of a length measured at UI scale 1.05 (widget unit 21).
  struct Metrics {
    let ui: BlenderUIScale
    let unit: Int
    let pixelSize: Int
    let scale: Double
    init(scale: Double) {
      ui = BlenderUIScale(deviceScale: scale)
      unit = ui.widgetUnit
      pixelSize = ui.pixelSize
      self.scale = ui.deviceScale
    }
    /// `measured` device pixels at 1.05 in whole device pixels at this scale.
    func px(_ measured: Double) -> Int { Int(ui.fromMeasuredAt105(measured).rounded()) }
    /// `measured` device pixels at 1.05 in logical pixels at this scale, unrounded.
    func measured(_ measured: Double) -> Double { ui.fromMeasuredAt105(measured) / scale }
    /// Blender's header height, device rows: a widget unit and 6 UI pixels
    /// (`HEADER_PADDING_Y`).
    var headerRows: Int { unit + ui.uiPixels(6) }
    var buttonTop: Int { (headerRows - unit) / 2 + pixelSize }
  }

  /// The buttons, left to right, for a header `width` logical pixels wide; those of the
  /// right-hand group that would reach into the left one are left out, rightmost first kept.
  func buttons(_ m: Metrics, textWidth: (String) -> Int) -> [Button] {
    let gap = m.px(5), unit = m.unit
    var left: [Button] = []
    var x = m.px(8)
    func add(_ b: Button, gapAfter: Bool = true) {
      left.append(b)
      x += b.width + (gapAfter ? gap : 0)
    }
    switch editor {
    case .graph:
      add(Button(x: x, width: m.px(33), look: .dropdown, icon: .graphEditor, chevron: true))
    case .dopeSheet:
      add(Button(x: x, width: m.px(33), look: .dropdown, icon: .dopeSheet, chevron: true))
      add(Button(x: x, width: m.px(135), look: .dropdown, icon: .dopeSheet, text: "Dope Sheet", chevron: true))
    }
    let menus = ["View", "Select", "Marker", "Channel", "Key"]
    for (i, name) in menus.enumerated() {
      add(Button(x: x, width: textWidth(name) + 2 * m.px(8), look: .menu, text: name), gapAfter: i == menus.count - 1)
    }
    if case .graph(let normalize) = editor {
      add(
        Button(
          x: x, width: textWidth("Normalize") + m.px(41), look: .toggle(on: normalize), icon: .normalize,
          text: "Normalize", joinedRight: true), gapAfter: false)
      add(
        Button(x: x, width: unit, look: .toggle(on: true), icon: .refresh, inactive: !normalize, joinedLeft: true))
    }
    let leftEnd = x

    // The right-hand group, from the right edge leftwards.
    var right: [[Button]] = []
    let trio: [Button] = [
      Button(x: 0, width: unit, look: .toggle(on: true), icon: .onlySelected, joinedRight: true),
      Button(x: 0, width: unit, look: .toggle(on: false), icon: .showHidden, joinedLeft: true, joinedRight: true),
      Button(x: 0, width: unit, look: .toggle(on: false), icon: .onlyErrors, joinedLeft: true),
    ]
    right.append(trio)
    if case .graph = editor { right.append([Button(x: 0, width: unit, look: .toggle(on: false), icon: .ghostCurves)]) }
    right.append([Button(x: 0, width: m.px(33), look: .dropdown, icon: .filter, chevron: true)])
    if case .graph = editor { right.append([Button(x: 0, width: m.px(33), look: .dropdown, icon: .pivot, chevron: true)]) }
    right.append([Button(x: 0, width: m.px(123), look: .dropdown, text: "Nearest Frame", chevron: true)])
    right.append([
      Button(x: 0, width: unit, look: .toggle(on: false), icon: .proportional, joinedRight: true),
      Button(x: 0, width: m.px(32), look: .dropdown, icon: .falloff, chevron: true, inactive: true, joinedLeft: true),
    ])
    var end = Int((width * m.scale).rounded(.up)) - m.px(9)
    var placed: [Button] = []
    for group in right.reversed() {
      let total = group.reduce(0) { $0 + $1.width }
      guard end - total >= leftEnd else { break }
      var bx = end - total
      var laid: [Button] = []
      for var b in group {
        b.x = bx
        bx += b.width
        laid.append(b)
      }
      placed.insert(contentsOf: laid, at: 0)
      end -= total + gap
    }
    return left + placed
  }

  // MARK: Drawing

  /// Draws the header in the top `deviceRows` device rows of `canvas`: Blender's header in the
  /// bottom `Metrics.headerRows` of them, the area's edge in any above.
  func draw(on canvas: any Canvas, deviceRows: Int) {
    let m = Metrics(scale: canvas.deviceScale)
    let colors = theme.editorHeader
    let s = m.scale
    let above = max(0, deviceRows - m.headerRows)
    func d(_ v: Int) -> Double { Double(v) / s }
    let band = Rect(x: 0, y: 0, width: width, height: d(deviceRows))
    canvas.save()
    canvas.clip(to: band)
    // The area's edge above and left, its top corners rounded (a quarter widget unit, 5.25 px
    // at 1.05).
    canvas.fill(.rect(band), color: colors.areaEdge)
    let edge = d(m.pixelSize)
    canvas.fill(
      .roundedRect(
        Rect(x: edge, y: d(above) + edge, width: width - edge, height: band.height), radius: m.measured(5.25),
        corners: [.topLeft, .topRight]),
      color: colors.background)

    let metrics = canvas.fontMetrics
    let textWidth = { (t: String) in Int((metrics.width(of: t, size: Self.fontSize) * s).rounded()) }
    let top = above + m.buttonTop
    let digits = metrics.digitHeight(size: Self.fontSize) * s
    let baseline = d(top + Int(((Double(m.unit) + digits) / 2).rounded(.down)))
    // One device pixel down at every scale, as Blender's font shadows are offset.
    let textShadow = colors.textShadow.map { TextShadow(color: $0, dx: 0, dy: 1, blur: 0) }
    for b in buttons(m, textWidth: textWidth) {
      let box = Rect(x: d(b.x), y: d(top), width: d(b.width), height: d(m.unit))
      let (fill, ink) = paint(b.look, colors)
      let strength = b.inactive ? 0.5 : 1
      func faded(_ c: Color) -> Color { Self.mix(c, over: colors.background, strength) }
      if b.look != .menu {
        var corners: Path.Corners = []
        if !b.joinedLeft { corners.formUnion(.left) }
        if !b.joinedRight { corners.formUnion([.topRight, .bottomRight]) }
        // Blender's widget roundness, 0.2 widget units (4.2 px at 1.05, measured).
        let radius = m.measured(0.2 * 21)
        let emboss = Rect(x: box.minX, y: box.minY + edge, width: box.width, height: box.height)
        canvas.fill(.roundedRect(emboss, radius: radius, corners: corners), color: colors.emboss)
        canvas.fill(.roundedRect(box, radius: radius, corners: corners), color: faded(colors.outline))
        // The outline, then the fill inside it; a button joined on the right keeps its right
        // outline as the divider, one joined on the left shares its neighbour's.
        let inner = Rect(
          x: box.minX + (b.joinedLeft ? 0 : edge), y: box.minY + edge,
          width: box.width - edge - (b.joinedLeft ? 0 : edge), height: box.height - 2 * edge)
        canvas.fill(.roundedRect(inner, radius: max(0, radius - edge), corners: corners), color: faded(fill))
      }
      let middleY = box.midY
      var textX = b.x + m.px(8)
      if let icon = b.icon {
        let center: Double
        if b.text == nil && !b.chevron {
          center = box.midX
        } else {
          // The icon's middle 11.5 px into a dropdown, 12.5 into a toggle (measured at 1.05).
          center = d(b.x) + m.measured(b.look == .dropdown ? 11.5 : 12.5)
          textX = b.x + m.px(b.look == .dropdown ? 27 : 30)
        }
        drawIcon(icon, canvas, center: Point(center, middleY), unit: Double(m.unit) / s, color: faded(ink), fill: faded(fill))
      }
      if let text = b.text {
        let style = TextStyle(size: Self.fontSize, color: faded(ink), shadow: textShadow)
        canvas.text(text, at: Point(d(textX), baseline), style: style, anchor: TextAnchor(.left, .baseline))
      }
      if b.chevron {
        // A 7-px "v" (at 1.05) 7 px from the button's right edge, 9 to 12.5 px below its top.
        let k = m.measured(1)
        let cx = d(b.x + b.width - m.px(7)), y0 = d(top) + 9 * k
        canvas.stroke(
          .polyline([Point(cx - 3.5 * k, y0), Point(cx, y0 + 3.5 * k), Point(cx + 3.5 * k, y0)]), color: faded(ink),
          style: StrokeStyle(width: 1.1 * k, cap: .butt, join: .miter))
      }
    }
    canvas.restore()
  }

  /// The fill and the ink (text and icons) of a look.
  func paint(_ look: Look, _ c: EditorHeaderColors) -> (fill: Color, ink: Color) {
    switch look {
    case .menu: (c.background, c.text)
    case .dropdown: (c.dropdown, c.text)
    case .toggle(let on): on ? (c.toggleOn, c.toggleOnText) : (c.toggle, c.toggleText)
    }
  }

  /// `c` at `strength` over `ground` (both opaque), one opaque colour.
  static func mix(_ c: Color, over ground: Color, _ strength: Double) -> Color {
    guard strength < 1 else { return c }
    func m(_ a: Double, _ b: Double) -> Double { a * strength + b * (1 - strength) }
    return Color(red: m(c.red, ground.red), green: m(c.green, ground.green), blue: m(c.blue, ground.blue), alpha: 1)
  }

  // MARK: Icons

  /// animplot's own icon drawings on a 16-unit grid (a widget unit is 20), centred on `center`.
  func drawIcon(_ icon: Icon, _ canvas: any Canvas, center: Point, unit: Double, color: Color, fill: Color) {
    let k = unit / 20
    func p(_ x: Double, _ y: Double) -> Point { Point(center.x + (x - 8) * k, center.y + (y - 8) * k) }
    let line = StrokeStyle(width: 1.2 * k, cap: .round, join: .round)
    let faint = color.withAlpha(color.alpha * 0.6)
    func stroke(_ path: Path, _ c: Color? = nil) { canvas.stroke(path, color: c ?? color, style: line) }
    func corners(_ inset: Double, _ arm: Double, _ c: Color) {
      let a = inset, b = 16 - inset
      var path = Path()
      for (x, y, dx, dy) in [(a, a, 1.0, 1.0), (b, a, -1.0, 1.0), (a, b, 1.0, -1.0), (b, b, -1.0, -1.0)] {
        path.move(to: p(x + dx * arm, y))
        path.line(to: p(x, y))
        path.line(to: p(x, y + dy * arm))
      }
      stroke(path, c)
    }
    switch icon {
    case .graphEditor:
      var curve = Path()
      curve.move(to: p(1, 2))
      curve.curve(to: p(8, 8), control1: p(4, 2), control2: p(5, 8))
      curve.curve(to: p(15, 14), control1: p(11, 8), control2: p(12, 14))
      stroke(curve)
      stroke(.line(from: p(1, 8), to: p(8, 8)))
      canvas.fill(.circle(center: p(8, 8), radius: 1.6 * k), color: color)
    case .dopeSheet:
      canvas.fill(.rect(Rect(x: p(4, 0).x, y: p(0, 1.5).y, width: 8 * k, height: 3.5 * k)), color: color.withAlpha(color.alpha * 0.55))
      for x in [2.5, 13.5] { canvas.fill(diamond(p(x, 3.2), 2.8 * k), color: color) }
      stroke(diamond(p(8, 11), 3 * k))
    case .normalize:
      corners(1, 3, faint)
      stroke(.polyline([p(4, 5), p(7, 11), p(9, 11), p(12, 4)]))
    case .refresh:
      // Two arcs of a circle 6 units in radius, from and to these angles in degrees (clockwise
      // on the picture, 0 at the right).
      for (from, to) in [(200.0, 340.0), (20, 160)] {
        let c = p(8, 8), r = 6 * k, a = from * .pi / 180
        var path = Path()
        path.move(to: Point(c.x + r * Double.cos(a), c.y + r * Double.sin(a)))
        ChannelIcons.arc(&path, { Point($0, $1) }, center: (c.x, c.y), radius: r, from: a, to: to * .pi / 180)
        stroke(path)
      }
      canvas.fill(.polygon([p(15, 4), p(15, 8.5), p(10.5, 8.5)]), color: color)
      canvas.fill(.polygon([p(1, 12), p(1, 7.5), p(5.5, 7.5)]), color: color)
    case .onlySelected:
      canvas.fill(.polygon([p(3, 2), p(14, 7), p(9, 8.5), p(6.5, 14)]), color: color)
    case .showHidden:
      corners(1.5, 3, color)
      canvas.stroke(.rect(Rect(x: p(4.5, 0).x, y: p(0, 4.5).y, width: 7 * k, height: 7 * k)), color: faint, style: StrokeStyle(width: 1.2 * k, dash: [1.5 * k, 1.5 * k]))
    case .onlyErrors:
      canvas.fill(.polygon([p(8, 1), p(15.5, 15), p(0.5, 15)]), color: color)
      canvas.fill(.rect(Rect(x: p(7, 0).x, y: p(0, 5).y, width: 2 * k, height: 5.5 * k)), color: fill)
      canvas.fill(.rect(Rect(x: p(7, 0).x, y: p(0, 11.5).y, width: 2 * k, height: 2 * k)), color: fill)
    case .ghostCurves:
      stroke(.polyline([p(1, 13), p(1, 1), p(14, 1), p(14, 13), p(1, 13)]))
      stroke(.polyline([p(4, 10), p(8, 7), p(12, 4)]), faint)
      stroke(.line(from: p(12, 11), to: p(12, 16)))
    case .filter:
      stroke(.polygon([p(1, 2), p(15, 2), p(9.5, 9), p(9.5, 14.5), p(6.5, 14.5), p(6.5, 9)]))
    case .pivot:
      corners(1.5, 3, faint)
      canvas.fill(.circle(center: p(8, 8), radius: 2 * k), color: color)
    case .proportional:
      canvas.stroke(.circle(center: p(8, 8), radius: 5.5 * k), color: color.withAlpha(color.alpha * 0.25), style: line)
      canvas.fill(.circle(center: p(8, 8), radius: 2 * k), color: color.withAlpha(color.alpha * 0.6))
    case .falloff:
      var bell = Path()
      bell.move(to: p(0, 14))
      bell.curve(to: p(8, 2), control1: p(4, 14), control2: p(5, 2))
      bell.curve(to: p(16, 14), control1: p(11, 2), control2: p(12, 14))
      stroke(bell)
    }
  }

  private func diamond(_ c: Point, _ r: Double) -> Path {
    .polygon([Point(c.x, c.y - r), Point(c.x + r, c.y), Point(c.x, c.y + r), Point(c.x - r, c.y)])
  }
}
