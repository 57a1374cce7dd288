import AnimplotCairo
import AnimplotCanvas
import Dispatch
import Synchronization
import Testing

/// Canvases drawn on several threads at once, sharing the process's font face and Cairo's
/// glyph caches, give the same bytes as drawn one at a time (`animplot check --jobs`).
@Suite struct ConcurrentRenderingTests {
  static func render(_ format: CairoCanvas.Format, scale: Double) throws -> [UInt8] {
    let canvas = try CairoCanvas(width: 480, height: 270, scale: scale, format: format)
    drawSampleScene(on: canvas)
    return try canvas.finish()
  }

  @Test(arguments: [CairoCanvas.Format.png, .svg])
  func threadsDrawWhatOneThreadDraws(format: CairoCanvas.Format) throws {
    // Several scales, so that threads ask the shared face for glyphs of different sizes.
    let scales = [1.0, 1.5, 2.0, 1.25]
    let serial = try scales.map { try Self.render(format, scale: $0) }
    let runs = 48
    let results = Mutex([[UInt8]?](repeating: nil, count: runs))
    DispatchQueue.concurrentPerform(iterations: runs) { i in
      let bytes = try? Self.render(format, scale: scales[i % scales.count])
      results.withLock { $0[i] = bytes }
    }
    let drawn = results.withLock { $0 }
    for i in 0..<runs {
      #expect(drawn[i] == serial[i % scales.count], "run \(i), scale \(scales[i % scales.count])")
    }
  }
}
