import AnimplotCanvas

/// The colours of `animplot path`: a 3D-viewport-like region with a motion path in it.
///
/// Blender's theme gives no colours for a motion path drawn on its own (docs/blender.md, "Motion
/// path colours"); the dark values are chosen to look like Blender's 3D viewport (its grey
/// ground `3D3D3D`, a faint grid, the axis colours of Blender's theme, white frame dots, a green
/// current frame), the light ones for print. Blender
/// colours a motion path before and after the current frame; animplot colours it by speed,
/// along `speedRamp` (a stretch of matplotlib's perceptually uniform "plasma" map, public
/// domain), slow to fast.
public struct View3DColors: Sendable, Hashable {
  public var background: Color
  public var gridMajor: Color
  public var gridMinor: Color
  /// The axis lines, X, Y and Z (Blender's theme axis colours).
  public var xAxis: Color
  public var yAxis: Color
  public var zAxis: Color
  /// Grid values, the view's name and the key numbers.
  public var text: Color
  /// The small dot of every sampled frame.
  public var frameDot: Color
  /// Key frames' larger dots and their outline.
  public var key: Color
  public var keyOutline: Color
  /// The current frame's ring.
  public var currentFrame: Color
  /// Behind the speed legend.
  public var legendBackground: Color
  /// The speed ramp's stops, slow to fast, evenly spaced.
  public var speedRamp: [Color]
  /// The preview stage's shape: its fill (times the object's opacity) and outline.
  public var shape: Color
  public var shapeOutline: Color

  public init(
    background: Color, gridMajor: Color, gridMinor: Color, xAxis: Color, yAxis: Color, zAxis: Color,
    text: Color, frameDot: Color, key: Color, keyOutline: Color, currentFrame: Color,
    legendBackground: Color, speedRamp: [Color], shape: Color = Color(hex: "FFA033")!.withAlpha(0.85),
    shapeOutline: Color = Color(hex: "000000")!
  ) {
    self.shape = shape
    self.shapeOutline = shapeOutline
    self.background = background
    self.gridMajor = gridMajor
    self.gridMinor = gridMinor
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.zAxis = zAxis
    self.text = text
    self.frameDot = frameDot
    self.key = key
    self.keyOutline = keyOutline
    self.currentFrame = currentFrame
    self.legendBackground = legendBackground
    self.speedRamp = speedRamp
  }

  /// The axis colour of location index `axis` (0, 1, 2).
  public func axisColor(_ axis: Int) -> Color { [xAxis, yAxis, zAxis][min(max(axis, 0), 2)] }

  /// The ramp's colour at `t` (0 slow … 1 fast), interpolated between stops.
  public func speedColor(_ t: Double) -> Color {
    guard let first = speedRamp.first else { return frameDot }
    guard speedRamp.count > 1, t.isFinite else { return first }
    let x = min(max(t, 0), 1) * Double(speedRamp.count - 1)
    let i = min(Int(x), speedRamp.count - 2)
    let f = x - Double(i)
    let a = speedRamp[i], b = speedRamp[i + 1]
    return Color(
      red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
      blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
  }

  /// Dark: Blender's 3D viewport grey; the ramp from plasma's magenta to its yellow, which stand
  /// out from grey.
  public static let blender = View3DColors(
    background: hex("3D3D3D"),
    gridMajor: hex("555555"),
    gridMinor: hex("474747"),
    xAxis: hex("FF3352"),
    yAxis: hex("8BDC00"),
    zAxis: hex("2890FF"),
    text: hex("E6E6E6"),
    frameDot: hex("F2F2F2"),
    key: hex("FF8500"),
    keyOutline: hex("000000"),
    currentFrame: hex("60C040"),
    legendBackground: hex("000000").withAlpha(0.3),
    speedRamp: ["B52F8C", "CC4778", "DE5F65", "ED7953", "F89540", "FDB42F", "FBD524", "F0F921"].map(hex),
    shape: hex("7FB2F0").withAlpha(0.85), shapeOutline: hex("0A0A0A"))

  /// Light: white ground; the ramp from plasma's dark blue to its orange, which stand out from
  /// white.
  public static let light = View3DColors(
    background: hex("FFFFFF"),
    gridMajor: hex("D6D6D6"),
    gridMinor: hex("ECECEC"),
    xAxis: hex("E0243F"),
    yAxis: hex("5FA000"),
    zAxis: hex("1C6FD6"),
    text: hex("303030"),
    frameDot: hex("303030"),
    key: hex("F07800"),
    keyOutline: hex("202020"),
    currentFrame: hex("2E9A1E"),
    legendBackground: hex("FFFFFF").withAlpha(0.85),
    speedRamp: ["0D0887", "41049D", "6A00A8", "8F0DA4", "B12A90", "CC4778", "E16462", "F2844B"].map(hex),
    shape: hex("4A90D9").withAlpha(0.8), shapeOutline: hex("1A3A5C"))

  private static func hex(_ s: String) -> Color { Color(hex: s)! }
}
