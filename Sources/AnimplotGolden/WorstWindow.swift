extension PixelClassification {
  /// The `size`×`size` window (clamped to the image) holding the most pixels that are not
  /// `.same`, the first one in reading order among equals; `nil` when every pixel is `.same`.
  ///
  /// Only windows that overlap `changedBox` can count anything, so only they are visited.
  /// A running count per column over the window's rows is updated row by row (add the row
  /// entering, drop the row leaving), and a running sum along each band of rows gives every
  /// window's count; a band whose total cannot beat the best window so far is skipped. Cost:
  /// proportional to the area around the box, with one `Int32` per column of memory.
  func worstWindow(size requestedSize: Int) -> DiffWindow? {
    guard let box = changedBox else { return nil }
    let n = max(1, min(requestedSize, width, height))
    // Top-left corners of the windows, inside the image, that overlap the box.
    let left = max(0, box.minX - n + 1)
    let right = min(width - n, box.maxX)
    let top = max(0, box.minY - n + 1)
    let bottom = min(height - n, box.maxY)
    let columns = right - left + n  // the columns those windows cover
    var best = DiffWindow(x: left, y: top, size: n, pixels: -1)
    var columnCounts = [Int32](repeating: 0, count: columns)
    var bandTotal = 0
    classes.withUnsafeBytes { raw in
      let classes = raw.bindMemory(to: UInt8.self).baseAddress!
      columnCounts.withUnsafeMutableBufferPointer { counts in
        for y in top..<(bottom + n) {
          // Row y enters the band; row y − n leaves it. Plain loops, which LLVM vectorises.
          let entering = classes + (y * width + left)
          var change: Int32 = 0
          for c in 0..<columns {
            let v: Int32 = entering[c] == 0 ? 0 : 1
            counts[c] &+= v
            change &+= v
          }
          if y - n >= top {
            let leaving = classes + ((y - n) * width + left)
            for c in 0..<columns {
              let v: Int32 = leaving[c] == 0 ? 0 : 1
              counts[c] &-= v
              change &-= v
            }
          }
          bandTotal += Int(change)
          let windowTop = y - n + 1
          guard windowTop >= top, bandTotal > best.pixels else { continue }
          var sum: Int32 = 0
          for c in 0..<(n - 1) { sum &+= counts[c] }
          for c in (n - 1)..<columns {
            sum &+= counts[c]
            if Int(sum) > best.pixels {
              best = DiffWindow(x: left + c - n + 1, y: windowTop, size: n, pixels: Int(sum))
            }
            sum &-= counts[c - n + 1]
          }
        }
      }
    }
    return best
  }
}
