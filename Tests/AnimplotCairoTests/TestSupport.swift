import CAnimplotCairo
import AnimplotCanvas
import AnimplotPlatform

/// A small picture with every primitive: background, grid, Bézier curves, a dashed line,
/// labels at 11–13 px with several anchors, rounded rectangles, clipped and transformed
/// drawing, and circle and diamond markers.
func drawSampleScene(on canvas: any Canvas) {
  let w = canvas.size.width
  let h = canvas.size.height
  canvas.fill(.rect(Rect(x: 0, y: 0, width: w, height: h)), color: Color(hex: "#303030")!)
  let grid = Color(hex: "#3d3d3d")!
  for x in Swift.stride(from: 40.5, to: w, by: 40) {
    canvas.stroke(.line(from: Point(x, 0), to: Point(x, h - 20)), color: grid, style: StrokeStyle())
  }
  for (i, y) in Swift.stride(from: 20.5, to: h - 20, by: 40).enumerated() {
    canvas.stroke(.line(from: Point(36, y), to: Point(w, y)), color: grid, style: StrokeStyle())
    canvas.text(
      "\(i * 25)", at: Point(32, y), style: TextStyle(size: 11, color: Color(hex: "#cccccc")!),
      anchor: TextAnchor(.right, .middle))
  }
  canvas.save()
  canvas.clip(to: Rect(x: 36, y: 0, width: w - 36, height: h - 20))
  var curve = Path()
  curve.move(to: Point(40.5, 140.5))
  curve.curve(to: Point(160.5, 40.5), control1: Point(80, 140.5), control2: Point(120, 40.5))
  curve.curve(to: Point(280.5, 120.5), control1: Point(200, 40.5), control2: Point(240, 120.5))
  curve.curve(to: Point(400.5, 60.5), control1: Point(320, 120.5), control2: Point(360, 60.5))
  canvas.stroke(
    curve, color: Color(hex: "#ff3352")!, style: StrokeStyle(width: 2, cap: .round, join: .round))
  canvas.stroke(
    .line(from: Point(40, 100.5), to: Point(w, 100.5)), color: Color(hex: "#8bdc00")!,
    style: StrokeStyle(width: 1, dash: [16, 5.6]))
  canvas.markers(
    .circle(center: .zero, radius: 4),
    at: [Point(40.5, 140.5), Point(160.5, 40.5), Point(280.5, 120.5), Point(400.5, 60.5)],
    fill: .black, stroke: (.white, StrokeStyle(width: 1)))
  canvas.markers(
    .polygon([Point(0, -5), Point(5, 0), Point(0, 5), Point(-5, 0)]),
    at: (0..<12).map { Point(60.5 + Double($0) * 30, 180.5) }, fill: Color(hex: "#ffcc00")!,
    stroke: nil)
  canvas.restore()
  canvas.save()
  canvas.concatenate(.translation(300, 150))
  canvas.fill(
    .roundedRect(Rect(x: 0, y: 0, width: 110, height: 24), radius: 6), color: Color(hex: "#4772b3")!
  )
  canvas.stroke(
    .roundedRect(Rect(x: 0.5, y: 0.5, width: 109, height: 23), radius: 6, corners: .left),
    color: .white.withAlpha(0.5), style: StrokeStyle())
  canvas.text(
    "Frame 250", at: Point(55, 12), style: TextStyle(size: 12, color: .white),
    anchor: TextAnchor(.center, .middle))
  canvas.restore()
  canvas.text(
    "X Location (13 px)", at: Point(w - 6, h - 5), style: TextStyle(size: 13, color: .white),
    anchor: TextAnchor(.right))
}

/// The pixels of a PNG file, decoded by Cairo (not by our code), with straight alpha.
func decodePNGWithCairo(_ bytes: [UInt8]) -> RGBAImage? {
  final class Reader {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }
  let reader = Reader(bytes)
  let surface = withExtendedLifetime(reader) {
    cairo_image_surface_create_from_png_stream(
      { closure, data, length in
        let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
        let count = Int(length)
        guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        for i in 0..<count { data![i] = reader.bytes[reader.offset + i] }
        reader.offset += count
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(reader).toOpaque())!
  }
  defer { cairo_surface_destroy(surface) }
  guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
  let width = Int(cairo_image_surface_get_width(surface))
  let height = Int(cairo_image_surface_get_height(surface))
  let stride = Int(cairo_image_surface_get_stride(surface))
  let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
  let data = cairo_image_surface_get_data(surface)!
  var pixels: [UInt8] = []
  for y in 0..<height {
    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
    for x in 0..<width {
      let p = row[x]
      let a = opaque ? 255 : p >> 24
      let c = [p >> 16 & 255, p >> 8 & 255, p & 255].map { a == 0 ? 0 : ($0 * 255 + a / 2) / a }
      pixels += [UInt8(c[0]), UInt8(c[1]), UInt8(c[2]), UInt8(a)]
    }
  }
  return RGBAImage(width: width, height: height, pixels: pixels)
}

/// The largest difference of one channel value between two images of the same size.
func maximumChannelDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
  precondition(a.width == b.width && a.height == b.height)
  var worst = 0
  for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
  return worst
}

/// The PNG's width, height and colour type, from its IHDR chunk.
func pngHeader(_ png: [UInt8]) -> (width: Int, height: Int, colorType: Int) {
  func u32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
  return (u32(16), u32(20), Int(png[25]))
}

/// Writes `bytes` to `path`; false on failure.
@discardableResult
func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool { (try? OutputFile.write(bytes, to: path)) != nil }

/// The bytes of the file at `path`, or nil.
func readFile(_ path: String) -> [UInt8]? { try? FileSystem.readBytes(path: path) }

/// Runs this test binary again as a child process with `environment` added, running only the
/// tests whose names match `filter` (its output goes to /dev/null: it is a whole test run of its
/// own); returns how it ended.
func runTestBinary(filter: String, environment: [String: String]) -> Result<Subprocess.Termination, SystemError> {
  let arguments = [
    CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter", filter,
  ]
  return Subprocess.run(arguments[0], arguments: arguments, environment: environment)
}
