import AnimplotCanvas

/// What a comparison found at one pixel; the diff image colours each kind.
enum PixelClass: UInt8, Sendable {
  /// Equal (or within the perceptual threshold).
  case same
  /// Differs, and the actual pixel is darker than the expected one (pixelmatch's
  /// `diffColorAlt`), or exists in one image only: red.
  case darker
  /// Differs, and the actual pixel is lighter than (or as bright as) the expected one
  /// (pixelmatch's `diffColor`): blue.
  case lighter
  /// Differs beyond the threshold but looks like anti-aliasing in one of the images: yellow.
  case antialiased
}

/// The class of every pixel of two same-sized images, and the tallies the result needs.
struct PixelClassification: Sendable {
  let width: Int
  let height: Int
  /// One class per pixel, rows top to bottom.
  private(set) var classes: [PixelClass]
  /// Pixels of class `.darker` or `.lighter`.
  private(set) var differing = 0
  /// Pixels of class `.antialiased`.
  private(set) var antialiased = 0
  /// The box around the `.darker` and `.lighter` pixels.
  private(set) var differingBox: PixelBox?
  /// The box around every pixel that is not `.same` (what a window can count).
  private(set) var changedBox: PixelBox?
  /// Σ over pixels and RGB channels of the squared difference, both blended over white.
  private(set) var squaredError = 0.0

  /// A classification of two identical `width`×`height` images: every pixel `.same`.
  init(identicalWidth width: Int, height: Int) {
    self.width = width
    self.height = height
    classes = [PixelClass](repeating: .same, count: width * height)
  }

  /// Classifies every pixel of two images of the same size with `metric`; the pixels
  /// `ignored` flags (one flag per pixel, when given) stay `.same` and count nowhere.
  /// `checkerboard`: the perceptual metric blends pixels that are not opaque over
  /// pixelmatch 7's checkerboard instead of white.
  init(
    expected: RGBAImage, actual: RGBAImage, metric: DiffOptions.Metric, ignored: [Bool]? = nil,
    checkerboard: Bool = false
  ) {
    precondition(expected.width == actual.width && expected.height == actual.height)
    width = expected.width
    height = expected.height
    classes = [PixelClass](repeating: .same, count: width * height)
    let (threshold, includeAA): (Double?, Bool) =
      switch metric {
      case .exact: (nil, true)
      case .perceptual(let t, let include): (t, include)
      }
    // pixelmatch: 35215 is the largest possible YIQ distance (black against white).
    let maxDistance = threshold.map { 35215 * $0 * $0 }
    let w = width
    let h = height
    var tally = Tally()
    expected.pixels.withUnsafeBytes { e in
      actual.pixels.withUnsafeBytes { a in
        classes.withUnsafeMutableBufferPointer { out in
          for y in 0..<h {
            for x in 0..<w {
              let i = y &* w &+ x
              let offset = i &* 4
              if e.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                == a.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
              {
                continue
              }
              if let ignored, ignored[i] { continue }
              let d = BlendedDifference(e, a, offset)
              tally.squaredError += d.squaredNorm
              let pixelClass: PixelClass
              if let maxDistance {
                let p =
                  checkerboard && (e[offset + 3] < 255 || a[offset + 3] < 255)
                  ? BlendedDifference(e, offset, a, offset, over: Checkerboard(offset)) : d
                guard p.yiqDistance > maxDistance else { continue }
                if !includeAA
                  && (Self.isAntialiased(e, a, x: x, y: y, width: w, height: h, checkerboard: checkerboard)
                    || Self.isAntialiased(a, e, x: x, y: y, width: w, height: h, checkerboard: checkerboard))
                {
                  pixelClass = .antialiased
                } else {
                  pixelClass = p.luma > 0 ? .darker : .lighter
                }
              } else {
                // Exact: two fully transparent pixels are equal whatever their RGB.
                guard e[offset + 3] != 0 || a[offset + 3] != 0 else { continue }
                pixelClass = d.luma > 0 ? .darker : .lighter
              }
              out[i] = pixelClass
              tally.add(pixelClass, x: x, y: y)
            }
          }
        }
      }
    }
    apply(tally)
  }

  /// Marks every pixel outside the top-left `width`×`height` area as differing (`.darker`,
  /// red): the padding of a size mismatch, where one image has no pixel at all.
  mutating func markDifferingOutside(
    width overlapWidth: Int, height overlapHeight: Int, ignored: [Bool]? = nil
  ) {
    var tally = Tally()
    for y in 0..<height {
      let fromX = y < overlapHeight ? overlapWidth : 0
      for x in fromX..<width {
        let i = y * width + x
        if let ignored, ignored[i] { continue }
        switch classes[i] {
        case .darker, .lighter: differing -= 1
        case .antialiased: antialiased -= 1
        case .same: break
        }
        classes[i] = .darker
        tally.add(.darker, x: x, y: y)
      }
    }
    apply(tally)
  }

  /// The exact metric at 16 bits: classifies as differing the pixels of the top-left
  /// `width`×`height` area still `.same` whose 16-bit samples differ (8-bit ones widened),
  /// unless both are fully transparent or `ignored` flags them. Run after the 8-bit pass,
  /// which has already classified every pixel whose 8-bit values differ.
  mutating func classifySixteenBitDifferences(
    expected: WideSamples, actual: WideSamples, width commonWidth: Int, height commonHeight: Int,
    ignored: [Bool]?
  ) {
    var tally = Tally()
    for y in 0..<commonHeight {
      for x in 0..<commonWidth {
        let e = y &* expected.width &+ x
        let a = y &* actual.width &+ x
        guard !expected.samePixel(e, as: actual, a) else { continue }
        let i = y * width + x
        guard classes[i] == .same, ignored?[i] != true else { continue }
        guard expected.sample(e, 3) != 0 || actual.sample(a, 3) != 0 else { continue }
        // The difference over white, in 0–255 units like the 8-bit pass's.
        var d = [0.0, 0.0, 0.0]
        let ea = Double(expected.sample(e, 3)) / 65535
        let aa = Double(actual.sample(a, 3)) / 65535
        for c in 0..<3 {
          let ev = Double(expected.sample(e, c)) * ea + 65535 * (1 - ea)
          let av = Double(actual.sample(a, c)) * aa + 65535 * (1 - aa)
          d[c] = (ev - av) / 257
        }
        let luma = d[0] * 0.29889531 + d[1] * 0.58662247 + d[2] * 0.11448223
        let pixelClass: PixelClass = luma > 0 ? .darker : .lighter
        classes[i] = pixelClass
        tally.squaredError += d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
        tally.add(pixelClass, x: x, y: y)
      }
    }
    apply(tally)
  }

  /// Counts every pixel of a `width`×`height` padded area outside this (top-left) one as
  /// differing, without classifying them one by one: for areas too large to hold.
  mutating func countDifferingBeyond(width paddedWidth: Int, height paddedHeight: Int) {
    differing += paddedWidth * paddedHeight - width * height
    let whole = PixelBox(minX: 0, minY: 0, maxX: paddedWidth - 1, maxY: paddedHeight - 1)
    differingBox = whole
    changedBox = whole
  }

  private mutating func apply(_ tally: Tally) {
    differing += tally.differing
    antialiased += tally.antialiased
    squaredError += tally.squaredError
    differingBox = differingBox.union(tally.differingBox)
    changedBox = changedBox.union(tally.changedBox)
  }

  /// Pixelmatch's anti-aliasing test (Vyšniauskas 2009) for the pixel at `x, y` of `image`.
  ///
  /// The pixel is taken for anti-aliasing when among its 8 neighbours at most 2 have its
  /// brightness (a pixel on the border counts one extra), some are darker and some brighter,
  /// and the darkest or the brightest of them lies in a flat area — 3 or more identical
  /// neighbours — in both `image` and `other`. Neighbours are visited column by column, as
  /// pixelmatch does, so that ties pick the same darkest and brightest neighbour. With
  /// `checkerboard`, pixels that are not opaque are blended over the checkerboard's colour
  /// at the centre pixel, as pixelmatch 7 does.
  private static func isAntialiased(
    _ image: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer,
    x: Int, y: Int, width: Int, height: Int, checkerboard: Bool
  ) -> Bool {
    let x0 = max(x - 1, 0)
    let x2 = min(x + 1, width - 1)
    let y0 = max(y - 1, 0)
    let y2 = min(y + 1, height - 1)
    let center = (y * width + x) * 4
    var equal = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
    // Extremes of luma(center) − luma(neighbour), and where they are.
    var lowest = 0.0
    var highest = 0.0
    var lowestX = 0
    var lowestY = 0
    var highestX = 0
    var highestY = 0
    for nx in x0...x2 {
      for ny in y0...y2 where nx != x || ny != y {
        let neighbour = (ny * width + nx) * 4
        let delta =
          image.loadUnaligned(fromByteOffset: center, as: UInt32.self)
            == image.loadUnaligned(fromByteOffset: neighbour, as: UInt32.self)
          ? 0
          : checkerboard
            ? BlendedDifference(image, center, image, neighbour, over: Checkerboard(center)).luma
            : BlendedDifference(image, center, image, neighbour).luma
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < lowest {
          lowest = delta
          (lowestX, lowestY) = (nx, ny)
        } else if delta > highest {
          highest = delta
          (highestX, highestY) = (nx, ny)
        }
      }
    }
    guard lowest != 0 && highest != 0 else { return false }
    func flat(_ x: Int, _ y: Int) -> Bool {
      hasManySiblings(image, x: x, y: y, width: width, height: height)
        && hasManySiblings(other, x: x, y: y, width: width, height: height)
    }
    return flat(lowestX, lowestY) || flat(highestX, highestY)
  }

  /// Whether 3 or more of the 8 neighbours of `x, y` have exactly its RGBA (a pixel on the
  /// border counts one extra).
  private static func hasManySiblings(
    _ image: UnsafeRawBufferPointer, x: Int, y: Int, width: Int, height: Int
  ) -> Bool {
    let x0 = max(x - 1, 0)
    let x2 = min(x + 1, width - 1)
    let y0 = max(y - 1, 0)
    let y2 = min(y + 1, height - 1)
    let value = image.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
    var equal = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
    for nx in x0...x2 {
      for ny in y0...y2 where nx != x || ny != y {
        if image.loadUnaligned(fromByteOffset: (ny * width + nx) * 4, as: UInt32.self) == value {
          equal += 1
          if equal > 2 { return true }
        }
      }
    }
    return false
  }
}

/// Counts gathered during one pass, added to the classification at its end. The boxes are
/// kept as plain bounds (empty while `min > max`), cheap to update for every pixel.
private struct Tally {
  var differing = 0
  var antialiased = 0
  var squaredError = 0.0
  var differingBounds = Bounds()
  var changedBounds = Bounds()

  struct Bounds {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    @inline(__always)
    mutating func include(x: Int, y: Int) {
      if x < minX { minX = x }
      if x > maxX { maxX = x }
      if y < minY { minY = y }
      if y > maxY { maxY = y }
    }

    var box: PixelBox? {
      minX > maxX ? nil : PixelBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
  }

  var differingBox: PixelBox? { differingBounds.box }
  var changedBox: PixelBox? { changedBounds.box }

  @inline(__always)
  mutating func add(_ pixelClass: PixelClass, x: Int, y: Int) {
    switch pixelClass {
    case .same: return
    case .antialiased: antialiased += 1
    case .darker, .lighter:
      differing += 1
      differingBounds.include(x: x, y: y)
    }
    changedBounds.include(x: x, y: y)
  }
}

/// The RGB difference of two pixels after blending each over white, in 0–255 units.
struct BlendedDifference {
  var red: Double
  var green: Double
  var blue: Double

  /// The difference `first − second` of the pixels at byte offset `offset` of both buffers.
  @inline(__always)
  init(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, _ offset: Int) {
    self.init(first, offset, second, offset)
  }

  @inline(__always)
  init(
    _ first: UnsafeRawBufferPointer, _ i: Int, _ second: UnsafeRawBufferPointer, _ j: Int
  ) {
    let r1 = Int(first[i])
    let g1 = Int(first[i + 1])
    let b1 = Int(first[i + 2])
    let a1 = Int(first[i + 3])
    let r2 = Int(second[j])
    let g2 = Int(second[j + 1])
    let b2 = Int(second[j + 2])
    let a2 = Int(second[j + 3])
    if a1 == 255 && a2 == 255 {
      red = Double(r1 - r2)
      green = Double(g1 - g2)
      blue = Double(b1 - b2)
    } else {
      // c·a + 255·(255 − a), over 255, for each pixel; the 255² terms cancel.
      let da = a1 - a2
      red = Double(r1 * a1 - r2 * a2 - 255 * da) / 255
      green = Double(g1 * a1 - g2 * a2 - 255 * da) / 255
      blue = Double(b1 * a1 - b2 * a2 - 255 * da) / 255
    }
  }

  /// The difference `first − second` of the pixels at byte offsets `i` and `j`, each blended
  /// over `background` unless both are opaque.
  @inline(__always)
  init(
    _ first: UnsafeRawBufferPointer, _ i: Int, _ second: UnsafeRawBufferPointer, _ j: Int,
    over background: Checkerboard
  ) {
    self.init(first, i, second, j)
    let a1 = Int(first[i + 3])
    let a2 = Int(second[j + 3])
    guard a1 < 255 || a2 < 255 else { return }
    let da = a1 - a2
    red = Double(Int(first[i]) * a1 - Int(second[j]) * a2 - background.red * da) / 255
    green = Double(Int(first[i + 1]) * a1 - Int(second[j + 1]) * a2 - background.green * da) / 255
    blue = Double(Int(first[i + 2]) * a1 - Int(second[j + 2]) * a2 - background.blue * da) / 255
  }

  /// The difference of YIQ luma: positive when the first pixel is the brighter one.
  @inline(__always)
  var luma: Double { red * 0.29889531 + green * 0.58662247 + blue * 0.11448223 }

  /// Kotsarenko & Ramos's weighted squared YIQ distance (0...35215), as pixelmatch uses it.
  @inline(__always)
  var yiqDistance: Double {
    let y = luma
    let i = red * 0.59597799 - green * 0.27417610 - blue * 0.32180189
    let q = red * 0.21147017 - green * 0.52261711 + blue * 0.31114694
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
  }

  /// Σ of the squared channel differences.
  @inline(__always)
  var squaredNorm: Double { red * red + green * green + blue * blue }
}

/// pixelmatch 7's background for pixels that are not opaque: each channel 48 or 207 by the
/// pixel's byte offset `k` in the image (red by `k mod 2`, green by ⌊k / φ⌋ mod 2, blue by
/// ⌊k / φ²⌋ mod 2), as its `colorDelta` computes it. The offset is a multiple of 4, so red is
/// always 48: the pattern is pixelmatch's, quirks included.
struct Checkerboard {
  let red: Int
  let green: Int
  let blue: Int

  @inline(__always)
  init(_ k: Int) {
    red = 48 + 159 * (k % 2)
    green = 48 + 159 * (Int(Double(k) / 1.618033988749895) % 2)
    blue = 48 + 159 * (Int(Double(k) / 2.618033988749895) % 2)
  }
}

extension Optional where Wrapped == PixelBox {
  /// The smallest box holding both.
  func union(_ other: PixelBox?) -> PixelBox? {
    guard let a = self else { return other }
    guard let b = other else { return a }
    return PixelBox(
      minX: Swift.min(a.minX, b.minX), minY: Swift.min(a.minY, b.minY),
      maxX: Swift.max(a.maxX, b.maxX), maxY: Swift.max(a.maxY, b.maxY))
  }
}
