/// The keys of an F-curve: a collection of `Keyframe` values, stored as full keys or, for a
/// track of plain samples, compactly.
///
/// Most tracks hold full keys, each with its handles, easing and flags. A track imported from
/// samples (a glTF LINEAR or STEP sampler: every key linear, or every key constant, with vector
/// handles) holds only its frames and values, two arrays of `Float`: a tenth of the memory, and
/// tracks that share their times share one array of frames. Reading such a track's key
/// `keys[i]` gives exactly the `Keyframe` the full storage would hold (its vector handles
/// derived from the neighbouring keys, as `FCurve.recalculateHandles()` makes them), and the
/// two storages compare and hash alike. Any change to a compact track first turns it into
/// full keys; evaluation and drawing read the compact arrays directly.
public struct Keyframes: Sendable {
  enum Storage: Sendable {
    case full([Keyframe])
    case sampled(SampledKeys)
  }

  var storage: Storage

  /// No keys.
  public init() { storage = .full([]) }

  /// The keys `keys`, stored as they are.
  public init(_ keys: [Keyframe]) { storage = .full(keys) }

  /// Samples stored compactly (see `SampledKeys`).
  package init(sampled: SampledKeys) { storage = .sampled(sampled) }

  /// The compact storage, when the keys are samples that have not been changed.
  package var sampled: SampledKeys? {
    if case .sampled(let s) = storage { return s }
    return nil
  }

  /// Marks compact samples' handles as recalculated (see `SampledKeys`); `false` for full keys,
  /// which the caller recalculates.
  mutating func markHandlesRecalculated() -> Bool {
    guard case .sampled(var s) = storage else { return false }
    s.handlesRecalculated = true
    storage = .sampled(s)
    return true
  }

  /// The keys as an array (made from the samples when stored compactly).
  public var array: [Keyframe] {
    switch storage {
    case .full(let keys): return keys
    case .sampled(let s): return s.keyframes()
    }
  }

  /// Turns compact storage into full keys, before a change.
  mutating func materialize() {
    if case .sampled(let s) = storage { storage = .full(s.keyframes()) }
  }

  /// Runs `body` on the full keys, without copying them (the storage's only reference is the
  /// one `body` changes).
  package mutating func mutateFull<R>(_ body: (inout [Keyframe]) throws -> R) rethrows -> R {
    materialize()
    guard case .full(var keys) = storage else { preconditionFailure() }
    storage = .full([])
    defer { storage = .full(keys) }
    return try body(&keys)
  }

  /// The frame of key `i`, read without making the key.
  public func frame(at i: Int) -> Float {
    switch storage {
    case .full(let keys): return keys[i].frame
    case .sampled(let s): return s.frames[i]
    }
  }

  /// The value of key `i`, read without making the key.
  public func value(at i: Int) -> Float {
    switch storage {
    case .full(let keys): return keys[i].value
    case .sampled(let s): return s.values[i]
    }
  }

  /// The interpolation of the segment after key `i`, read without making the key.
  public func interpolation(at i: Int) -> Interpolation {
    switch storage {
    case .full(let keys): return keys[i].interpolation
    case .sampled(let s): return s.interpolation
    }
  }

  /// Calls `body` with the keys in contiguous memory (made from the samples, for the call,
  /// when stored compactly).
  public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Keyframe>) throws -> R) rethrows -> R {
    switch storage {
    case .full(let keys): return try keys.withUnsafeBufferPointer(body)
    case .sampled(let s): return try s.keyframes().withUnsafeBufferPointer(body)
    }
  }

  /// Calls `body` with the keys in contiguous memory to change them in place (compact
  /// storage becomes full keys first).
  public mutating func withUnsafeMutableBufferPointer<R>(
    _ body: (inout UnsafeMutableBufferPointer<Keyframe>) throws -> R
  ) rethrows -> R {
    try mutateFull { try $0.withUnsafeMutableBufferPointer(body) }
  }
}

extension Keyframes: RandomAccessCollection, MutableCollection {
  public typealias Index = Int
  public typealias Indices = Range<Int>

  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch storage {
    case .full(let keys): return keys.count
    case .sampled(let s): return s.frames.count
    }
  }

  public var count: Int { endIndex }
  public var isEmpty: Bool { endIndex == 0 }
  public var indices: Range<Int> { 0..<endIndex }

  public subscript(position: Int) -> Keyframe {
    get {
      switch storage {
      case .full(let keys): return keys[position]
      case .sampled(let s): return s.keyframe(position)
      }
    }
    set { mutateFull { $0[position] = newValue } }
  }

  public mutating func sort(by areInIncreasingOrder: (Keyframe, Keyframe) throws -> Bool) rethrows {
    try mutateFull { try $0.sort(by: areInIncreasingOrder) }
  }
}

extension Keyframes: RangeReplaceableCollection {
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Keyframe {
    mutateFull { $0.replaceSubrange(subrange, with: newElements) }
  }

  public mutating func reserveCapacity(_ n: Int) { mutateFull { $0.reserveCapacity(n) } }

  public mutating func append(_ newElement: Keyframe) { mutateFull { $0.append(newElement) } }

  public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Keyframe {
    mutateFull { $0.append(contentsOf: newElements) }
  }

  @discardableResult
  public mutating func remove(at i: Int) -> Keyframe { mutateFull { $0.remove(at: i) } }

  public mutating func insert(_ newElement: Keyframe, at i: Int) { mutateFull { $0.insert(newElement, at: i) } }

  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    if case .sampled = storage, !keepCapacity {
      storage = .full([])
      return
    }
    mutateFull { $0.removeAll(keepingCapacity: keepCapacity) }
  }

  public mutating func removeAll(where shouldBeRemoved: (Keyframe) throws -> Bool) rethrows {
    try mutateFull { try $0.removeAll(where: shouldBeRemoved) }
  }
}

extension Keyframes: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Keyframe...) { self.init(elements) }
}

extension Keyframes: Hashable {
  /// Key for key, whichever the storage (a compact track equals its full keys).
  public static func == (a: Keyframes, b: Keyframes) -> Bool {
    switch (a.storage, b.storage) {
    case (.full(let x), .full(let y)): return x == y
    case (.sampled(let x), .sampled(let y)) where x.hasSameKeys(as: y): return true
    default: return a.count == b.count && a.elementsEqual(b)
    }
  }

  /// As an array of the same keys hashes.
  public func hash(into hasher: inout Hasher) {
    switch storage {
    case .full(let keys): hasher.combine(keys)
    case .sampled(let s):
      hasher.combine(s.frames.count)
      for i in s.frames.indices { hasher.combine(s.keyframe(i)) }
    }
  }
}

extension Keyframes: CustomStringConvertible {
  public var description: String { array.description }
}

/// The compact storage of `Keyframes`: keys that are plain samples, every one with the same
/// interpolation (linear or constant), vector handles on both sides and otherwise a new key's
/// defaults (`Keyframe.init(frame:value:)`), as glTF's LINEAR and STEP samplers make them.
///
/// Vector handles depend only on the neighbouring keys, so the handles are not stored: until
/// `FCurve.recalculateHandles()` has run they are the new key's (one frame out, flat), after it
/// a third of the way to each neighbour (mirrored at the ends), computed by the same code.
package struct SampledKeys: Sendable {
  /// The keys' frames, strictly increasing; tracks sampled at the same times share the array.
  package let frames: [Float]
  /// The keys' values, one per frame.
  package let values: [Float]
  /// Every segment's interpolation: `linear` or `constant`.
  package let interpolation: Interpolation
  /// Whether the handles have been recalculated (`FCurve.recalculateHandles()`).
  package var handlesRecalculated: Bool

  /// Samples at strictly increasing `frames`; `interpolation` is `linear` or `constant`.
  package init(frames: [Float], values: [Float], interpolation: Interpolation, handlesRecalculated: Bool = false) {
    precondition(frames.count == values.count, "SampledKeys: one value per frame")
    precondition(interpolation == .linear || interpolation == .constant, "SampledKeys: linear or constant")
    self.frames = frames
    self.values = values
    self.interpolation = interpolation
    self.handlesRecalculated = handlesRecalculated
  }

  /// Key `i` exactly as full storage would hold it.
  package func keyframe(_ i: Int) -> Keyframe {
    Self.key(i, frames: frames, values: values, interpolation: interpolation, handlesRecalculated: handlesRecalculated)
  }

  /// Key `i`'s recalculated vector handles, or `nil` while they are still a new key's.
  package func handles(_ i: Int) -> (left: CurvePoint, right: CurvePoint)? {
    Self.handles(i, frames: frames, values: values, handlesRecalculated: handlesRecalculated)
  }

  /// Key `i` of samples at `frames` with `values`, as full storage would hold it.
  @inline(__always)
  static func key<C: RandomAccessCollection<Float>>(
    _ i: Int, frames: C, values: C, interpolation: Interpolation, handlesRecalculated: Bool
  ) -> Keyframe where C.Index == Int {
    var key = Keyframe(frame: frames[i], value: values[i])
    key.interpolation = interpolation
    key.handleLeftType = .vector
    key.handleRightType = .vector
    if let (left, right) = handles(i, frames: frames, values: values, handlesRecalculated: handlesRecalculated) {
      key.handleLeft = left
      key.handleRight = right
    }
    return key
  }

  /// Key `i`'s vector handles as `HandleCalculator.computeHandles` makes them (the same
  /// arithmetic), or `nil` before recalculation and for a single key (a new key's handles).
  @inline(__always)
  static func handles<C: RandomAccessCollection<Float>>(
    _ i: Int, frames: C, values: C, handlesRecalculated: Bool
  ) -> (left: CurvePoint, right: CurvePoint)? where C.Index == Int {
    let n = frames.count
    guard handlesRecalculated && n >= 2 else { return nil }
    let p2 = CurvePoint(frame: frames[i], value: values[i])
    let prev = i > 0 ? CurvePoint(frame: frames[i - 1], value: values[i - 1]) : nil
    let next = i < n - 1 ? CurvePoint(frame: frames[i + 1], value: values[i + 1]) : nil
    let (p1, p3) = HandleCalculator.neighbours(of: p2, prev: prev, next: next)
    return (HandleCalculator.vectorLeft(p2, p2 - p1), HandleCalculator.vectorRight(p2, p3 - p2))
  }

  /// `body` with the samples read in place (`SampledReader`: no reference counting per read).
  func withReader<R>(_ body: (SampledReader) throws -> R) rethrows -> R {
    try frames.withUnsafeBufferPointer { f in
      try values.withUnsafeBufferPointer { v in
        try body(SampledReader(frames: f, values: v, interpolation: interpolation, handlesRecalculated: handlesRecalculated))
      }
    }
  }

  /// Every key, as full storage holds them.
  package func keyframes() -> [Keyframe] {
    let n = frames.count
    return [Keyframe](unsafeUninitializedCapacity: n) { buffer, count in
      for i in 0..<n { (buffer.baseAddress! + i).initialize(to: keyframe(i)) }
      count = n
    }
  }

  /// Whether `other` holds the same keys field by field (not only the same numbers).
  func hasSameKeys(as other: SampledKeys) -> Bool {
    interpolation == other.interpolation
      && (handlesRecalculated == other.handlesRecalculated || frames.count < 2)
      && frames == other.frames && values == other.values
  }
}

/// Compact samples in contiguous memory, as evaluation reads them (`SampledKeys.withReader`).
struct SampledReader {
  let frames: UnsafeBufferPointer<Float>
  let values: UnsafeBufferPointer<Float>
  let interpolation: Interpolation
  let handlesRecalculated: Bool
}
