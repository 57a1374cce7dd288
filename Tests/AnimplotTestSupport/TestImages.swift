import AnimplotCanvas
import RealModule

/// Synthetic test pictures (for the tests of image comparison and of check): a plot-like 1-px
/// curve on a plain background, antialiased by supersampling, the way a rasteriser would draw it.
package enum TestImages {
  /// A `width`×`height` opaque image of `background` with a 1-px curve of `ink`, moved down
  /// by `shift` pixels, each pixel's coverage estimated from `samples`² subsamples.
  package static func curve(
    width: Int = 400, height: Int = 200, shift: Double = 0, samples: Int = 4,
    ink: (UInt8, UInt8, UInt8) = (40, 40, 40),
    background: (UInt8, UInt8, UInt8) = (255, 255, 255)
  ) -> RGBAImage {
    let h = Double(height)
    let k = 3 * Double.pi / Double(width)  // one and a half periods across
    func y(_ x: Double) -> Double { h / 2 + 0.3 * h * .sin(k * x) + shift }
    func slope(_ x: Double) -> Double { 0.3 * h * k * .cos(k * x) }
    var image = RGBAImage(
      width: width, height: height, fill: (background.0, background.1, background.2, 255))
    for px in 0..<width {
      // Only rows near the curve can be covered.
      let centre = y(Double(px) + 0.5)
      let reach = 2 + abs(slope(Double(px) + 0.5))
      let rows = max(0, Int(centre - reach))...min(height - 1, Int(centre + reach))
      for py in rows {
        var covered = 0
        for i in 0..<samples {
          let sx = Double(px) + (Double(i) + 0.5) / Double(samples)
          let fy = y(sx)
          let norm = (1 + slope(sx) * slope(sx)).squareRoot()
          for j in 0..<samples {
            let sy = Double(py) + (Double(j) + 0.5) / Double(samples)
            if abs(sy - fy) / norm <= 0.5 { covered += 1 }
          }
        }
        let coverage = Double(covered) / Double(samples * samples)
        func mix(_ b: UInt8, _ i: UInt8) -> UInt8 {
          UInt8((Double(b) + (Double(i) - Double(b)) * coverage).rounded())
        }
        image.set(
          px, py,
          (mix(background.0, ink.0), mix(background.1, ink.1), mix(background.2, ink.2), 255))
      }
    }
    return image
  }
}

extension RGBAImage {
  /// The RGBA bytes of the pixel at `x, y`.
  package func pixel(_ x: Int, _ y: Int) -> [UInt8] {
    let o = (y * width + x) * 4
    return Array(pixels[o..<o + 4])
  }

  /// Sets the pixel at `x, y`.
  package mutating func set(_ x: Int, _ y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
    let o = (y * width + x) * 4
    pixels[o] = rgba.0
    pixels[o + 1] = rgba.1
    pixels[o + 2] = rgba.2
    pixels[o + 3] = rgba.3
  }
}
