import AnimplotCore
import AnimplotCanvas
import AnimplotText

/// The Timeline's header as Blender lays it out: the frame rate at the left (where Blender has
/// its Playback menu), the transport buttons and the current-frame field in the middle, and the
/// scene's Start and End fields at the right.
struct TransportHeader {
  /// Width of one transport button, pixels (1.2 widget units).
  static let buttonWidth = 24.0
  static let fieldHeight = 20.0
  static let frameFieldWidth = 56.0
  static let rangeFieldWidth = 84.0
  static let fontSize = TimeRuler.fontSize

  var theme: Theme
  var rect: Rect
  var fps: Double
  var frame: Double
  var range: ClosedRange<Double>

  /// The transport buttons, left to right.
  enum Button: CaseIterable {
    case jumpToStart, previousKey, playReverse, play, nextKey, jumpToEnd
  }

  func draw(_ canvas: any Canvas) {
    canvas.save()
    canvas.clip(to: rect)
    canvas.fill(.rect(rect), color: theme.header.background)
    let middle = rect.midY
    let text = TextStyle(size: Self.fontSize, color: theme.header.text)
    canvas.text(
      formatNumber(fps) + " fps", at: Point(rect.minX + 10, middle), style: text,
      anchor: TextAnchor(.left, .middle))

    // Start and End, one joined field at the right.
    let rangeField = Rect(
      x: rect.maxX - 10 - 2 * Self.rangeFieldWidth, y: middle - Self.fieldHeight / 2,
      width: 2 * Self.rangeFieldWidth, height: Self.fieldHeight)
    field(canvas, rangeField)
    canvas.fill(
      .rect(Rect(x: rangeField.midX - 0.5, y: rangeField.minY + 1, width: 1, height: rangeField.height - 2)),
      color: theme.header.fieldOutline)
    for (i, (name, value)) in [("Start", range.lowerBound), ("End", range.upperBound)].enumerated() {
      let x = rangeField.minX + Double(i) * Self.rangeFieldWidth
      canvas.text(name, at: Point(x + 8, middle), style: text, anchor: TextAnchor(.left, .middle))
      canvas.text(
        formatNumber(value), at: Point(x + Self.rangeFieldWidth - 8, middle), style: text,
        anchor: TextAnchor(.right, .middle))
    }

    // The transport buttons and the current frame, centred unless they would meet the range.
    let groupWidth = Double(Button.allCases.count) * Self.buttonWidth + 8 + Self.frameFieldWidth
    let left = min(rect.midX - groupWidth / 2, rangeField.minX - 16 - groupWidth)
    let buttons = Rect(
      x: left, y: middle - Self.fieldHeight / 2,
      width: Double(Button.allCases.count) * Self.buttonWidth, height: Self.fieldHeight)
    field(canvas, buttons)
    for (i, button) in Button.allCases.enumerated() {
      icon(canvas, button, center: Point(buttons.minX + (Double(i) + 0.5) * Self.buttonWidth, middle))
    }
    let frameField = Rect(
      x: buttons.maxX + 8, y: buttons.minY, width: Self.frameFieldWidth, height: Self.fieldHeight)
    field(canvas, frameField)
    let whole = frame.rounded(.down)
    canvas.text(
      GridStep.wholeNumber(whole), at: Point(frameField.midX, middle), style: text,
      anchor: TextAnchor(.center, .middle))
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
