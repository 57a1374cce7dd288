import AnimplotCanvas
@testable import AnimplotCairo
import Testing

/// Blender's text shadow (`BLF_shadow`) as the Cairo canvas draws it: the glyphs' coverage
/// blurred by Blender's kernel, moved by whole device pixels.
@Suite("CairoCanvas text shadow")
struct TextShadowTests {
  @Test("Blender's blur kernels: 3×3 and 5×5, symmetric, summing to 1, heaviest in the middle")
  func kernels() {
    #expect(CairoCanvas.shadowKernel(blur: 0) == [[1]])
    for (level, size) in [(3, 3), (5, 5)] {
      let k = CairoCanvas.shadowKernel(blur: level)
      #expect(k.count == size && k.allSatisfy { $0.count == size })
      #expect(abs(k.joined().reduce(0, +) - 1) < 1e-12)
      for i in 0..<size {
        for j in 0..<size {
          #expect(abs(k[i][j] - k[j][i]) < 1e-12 && abs(k[i][j] - k[size - 1 - i][size - 1 - j]) < 1e-12)
          #expect(k[i][j] <= k[size / 2][size / 2])
        }
      }
    }
    // Level 5: sixteen bilinear samples weighed 1-1-1-1 / 1-2-2-1 … over 20 give 0.1 in the middle.
    #expect(abs(CairoCanvas.shadowKernel(blur: 5)[2][2] - 0.1) < 1e-12)
  }

  /// Grey `width`×`height`, "0" in white at (10, 20) with `shadow`, at `scale`.
  func drawn(_ shadow: TextShadow?, scale: Double) throws -> RGBAImage {
    let canvas = try CairoCanvas(width: 40, height: 30, scale: scale, format: .png)
    canvas.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 30)), color: Color(bytes: 48, 48, 48))
    canvas.text("0", at: Point(10, 20), style: TextStyle(size: 11, color: .white, shadow: shadow), anchor: TextAnchor())
    return canvas.image()
  }

  @Test("a black shadow darkens below and right of the glyph, by device pixels, and nothing above", arguments: [1.0, 1.05, 2])
  func darkensBelowRight(scale: Double) throws {
    let plain = try drawn(nil, scale: scale)
    let shadowed = try drawn(TextShadow(color: .black, dx: 1, dy: 1, blur: 5), scale: scale)
    let w = plain.width
    func red(_ image: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(image.pixels[(y * w + x) * 4]) }
    // The glyph's ink.
    var ink: [(Int, Int)] = []
    for y in 0..<plain.height {
      for x in 0..<w where red(plain, x, y) > 48 { ink.append((x, y)) }
    }
    let top = ink.map(\.1).min()!, bottom = ink.map(\.1).max()!
    let right = ink.map(\.0).max()!
    var darkerBelow = 0, changedAbove = 0
    for y in 0..<plain.height {
      for x in 0..<w {
        let d = red(plain, x, y) - red(shadowed, x, y)
        #expect(d >= 0, "a black shadow only darkens (\(x), \(y))")
        if y > bottom && d > 8 { darkerBelow += 1 }
        if y < top - 1 && d != 0 { changedAbove += 1 }
      }
    }
    #expect(darkerBelow >= 3)
    #expect(changedAbove == 0, "blurred by 2 device pixels, moved 1 down: at most 1 row above the ink")
    // Right of the ink, on the glyph's middle row.
    let middle = (top + bottom) / 2
    #expect(red(shadowed, right + 1, middle) < red(plain, right + 1, middle))
  }

  @Test("a vector file draws the shadow too (unblurred, widened) and stays valid", arguments: [CairoCanvas.Format.svg, .pdf])
  func vector(format: CairoCanvas.Format) throws {
    let canvas = try CairoCanvas(width: 40, height: 30, format: format)
    canvas.text("0", at: Point(10, 20), style: TextStyle(size: 11, color: .white, shadow: TextShadow(color: .black)), anchor: TextAnchor())
    let bytes = try canvas.finish()
    #expect(!bytes.isEmpty)
  }
}
