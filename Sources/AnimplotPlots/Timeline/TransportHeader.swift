import AnimplotCore
import AnimplotCanvas
import AnimplotText

/// The Timeline's header as Blender lays it out: the frame rate at the left (where Blender has
/// its Playback menu), the transport buttons and the current-frame field in the middle, and the
/// scene's Start and End fields at the right.
///
/// Fields widen to their text (8 px padding, 8 px between a name and its number), and a header
/// too narrow for everything drops whole elements rather than cutting them: it keeps the
/// current-frame field, then adds the Start/End field, the frame rate and the transport buttons
/// (the one element that shows no data) each if it still fits with those already kept (a 16-px
/// gap between neighbours, 10 px from the edges).
struct TransportHeader {
  /// Width of one transport button, pixels (1.2 widget units).
  static let buttonWidth = 24.0
  static let fieldHeight = 20.0
  /// The narrowest current-frame field and Start or End half, pixels.
  static let frameFieldWidth = 56.0
  static let rangeFieldWidth = 84.0
  static let fontSize = TimeRuler.fontSize
  /// Padding inside a field, and between a field's name and its number, pixels.
  static let padding = 8.0
  /// Space between elements, and between the outer elements and the header's ends, pixels.
  static let gap = 16.0
  static let margin = 10.0

  var theme: Theme
  var rect: Rect
  var fps: Double
  var frame: Double
  var range: ClosedRange<Double>

  /// The transport buttons, left to right.
  enum Button: CaseIterable {
    case jumpToStart, previousKey, playReverse, play, nextKey, jumpToEnd
  }

  /// Where each element goes; `nil` for one dropped for want of room.
  struct Layout: Equatable {
    var fps: Rect?
    var buttons: Rect?
    var frameField: Rect?
    /// Start and End, one joined field (each half `rangeField.width / 2`).
    var rangeField: Rect?
  }

  var fpsText: String { formatNumber(fps) + " fps" }
  var frameText: String { GridStep.wholeNumber(frame.rounded(.down)) }
  var rangeTexts: [(name: String, value: String)] {
    [("Start", formatNumber(range.lowerBound)), ("End", formatNumber(range.upperBound))]
  }

  func layout(_ metrics: any FontMetrics) -> Layout {
    func width(_ text: String) -> Double { metrics.width(of: text, size: Self.fontSize) }
    let fpsWidth = width(fpsText)
    let frameWidth = max(Self.frameFieldWidth, width(frameText) + 2 * Self.padding)
    let half = rangeTexts.map { width($0.name) + width($0.value) + 3 * Self.padding }
      .reduce(Self.rangeFieldWidth, max)
    let rangeWidth = 2 * half
    let buttonsWidth = Double(Button.allCases.count) * Self.buttonWidth

    // Greedy, what the picture tells first: the current frame, the scene range, the frame
    // rate, then the buttons (which show no data).
    func needed(range: Bool, fps: Bool, buttons: Bool) -> Double {
      var total = 2 * Self.margin + frameWidth
      if range { total += Self.gap + rangeWidth }
      if fps { total += fpsWidth + Self.gap }
      if buttons { total += buttonsWidth + Self.padding }
      return total
    }
    guard needed(range: false, fps: false, buttons: false) <= rect.width else { return Layout() }
    let keepRange = needed(range: true, fps: false, buttons: false) <= rect.width
    let keepFps = needed(range: keepRange, fps: true, buttons: false) <= rect.width
    let keepButtons = needed(range: keepRange, fps: keepFps, buttons: true) <= rect.width

    let y = rect.midY - Self.fieldHeight / 2
    var layout = Layout()
    if keepFps {
      layout.fps = Rect(x: rect.minX + Self.margin, y: y, width: fpsWidth, height: Self.fieldHeight)
    }
    if keepRange {
      layout.rangeField = Rect(
        x: rect.maxX - Self.margin - rangeWidth, y: y, width: rangeWidth, height: Self.fieldHeight)
    }
    // The buttons and the frame field, centred unless they would meet a neighbour.
    let groupWidth = (keepButtons ? buttonsWidth + Self.padding : 0) + frameWidth
    let lowest = layout.fps.map { $0.maxX + Self.gap } ?? rect.minX + Self.margin
    let highest = (layout.rangeField.map { $0.minX - Self.gap } ?? rect.maxX - Self.margin) - groupWidth
    let left = max(lowest, min(rect.midX - groupWidth / 2, highest))
    if keepButtons {
      layout.buttons = Rect(x: left, y: y, width: buttonsWidth, height: Self.fieldHeight)
    }
    layout.frameField = Rect(
      x: left + groupWidth - frameWidth, y: y, width: frameWidth, height: Self.fieldHeight)
    return layout
  }

  func draw(_ canvas: any Canvas) {
    canvas.save()
    canvas.clip(to: rect)
    canvas.fill(.rect(rect), color: theme.header.background)
    let middle = rect.midY
    let text = TextStyle(size: Self.fontSize, color: theme.header.text)
    let layout = layout(canvas.fontMetrics)
    if let fps = layout.fps {
      canvas.text(fpsText, at: Point(fps.minX, middle), style: text, anchor: TextAnchor(.left, .middle))
    }

    if let rangeField = layout.rangeField {
      field(canvas, rangeField)
      canvas.fill(
        .rect(Rect(x: rangeField.midX - 0.5, y: rangeField.minY + 1, width: 1, height: rangeField.height - 2)),
        color: theme.header.fieldOutline)
      let half = rangeField.width / 2
      for (i, (name, value)) in rangeTexts.enumerated() {
        let x = rangeField.minX + Double(i) * half
        canvas.text(name, at: Point(x + Self.padding, middle), style: text, anchor: TextAnchor(.left, .middle))
        canvas.text(
          value, at: Point(x + half - Self.padding, middle), style: text, anchor: TextAnchor(.right, .middle))
      }
    }

    if let buttons = layout.buttons {
      field(canvas, buttons)
      for (i, button) in Button.allCases.enumerated() {
        icon(canvas, button, center: Point(buttons.minX + (Double(i) + 0.5) * Self.buttonWidth, middle))
      }
    }
    if let frameField = layout.frameField {
      field(canvas, frameField)
      canvas.text(frameText, at: Point(frameField.midX, middle), style: text, anchor: TextAnchor(.center, .middle))
    }
    canvas.restore()
  }

  /// A rounded field with Blender's widget outline.
  func field(_ canvas: any Canvas, _ r: Rect) {
    canvas.fill(.roundedRect(r, radius: 4), color: theme.header.field)
    canvas.stroke(
      .roundedRect(r.insetBy(dx: 0.5, dy: 0.5), radius: 3.5), color: theme.header.fieldOutline,
      style: StrokeStyle(width: 1))
  }

  /// A transport glyph about 10 px high: triangles, bars and key diamonds.
  func icon(_ canvas: any Canvas, _ button: Button, center c: Point) {
    func left(_ x: Double) -> Path {
      .polygon([Point(x + 4, c.y - 4.5), Point(x + 4, c.y + 4.5), Point(x - 3, c.y)])
    }
    func right(_ x: Double) -> Path {
      .polygon([Point(x - 4, c.y - 4.5), Point(x - 4, c.y + 4.5), Point(x + 3, c.y)])
    }
    func key(_ x: Double) -> Path {
      .polygon([Point(x, c.y - 3.5), Point(x + 3.5, c.y), Point(x, c.y + 3.5), Point(x - 3.5, c.y)])
    }
    func bar(_ x: Double) -> Path { .rect(Rect(x: x - 0.75, y: c.y - 4.5, width: 1.5, height: 9)) }
    var path = Path()
    switch button {
    case .jumpToStart: [bar(c.x - 5), left(c.x - 1), left(c.x + 4)].forEach { path.append($0) }
    case .previousKey: [left(c.x - 2.5), key(c.x + 4)].forEach { path.append($0) }
    case .playReverse: path = left(c.x)
    case .play: path = right(c.x)
    case .nextKey: [key(c.x - 4), right(c.x + 2.5)].forEach { path.append($0) }
    case .jumpToEnd: [right(c.x - 4), right(c.x + 1), bar(c.x + 5)].forEach { path.append($0) }
    }
    canvas.fill(path, color: theme.header.text)
  }
}
