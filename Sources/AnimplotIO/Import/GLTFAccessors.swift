import AnimplotPlatform

/// glTF 2.0 buffers, buffer views and accessors, read with every length, offset, stride and
/// count checked against the data before anything is allocated (glTF 2.0 §3.6, §5.1).
struct GLTFAccessors {
  let root: JSONCursor
  let container: GLTFContainer
  let context: DecodeContext
  /// The size of the input file, which bounds what an accessor without data may allocate.
  let inputSize: Int

  /// Buffers and accessors read so far, or why they cannot be: each is read once, however
  /// many channels name it (a channel left out makes no key for a limit to count).
  private var buffers: [Int: Result<ArraySlice<UInt8>, ActionDecodingError>] = [:]
  /// The files buffers name, each read once (by its real path, however it is named), and
  /// the bytes all buffers hold together: one input limit for the whole file, not one each.
  private var files: [String: [UInt8]] = [:]
  private var bufferBytes = 0
  /// Whether a buffer could not be had for a reason of the whole file (its buffers together
  /// past the input limit, memory run out): the file is then refused, not the channel left
  /// out (an output that depends on the memory at hand is no output).
  private(set) var refusesFile = false
  private var decoded: [Int: Result<Accessor, ActionDecodingError>] = [:]
  /// The numbers the accessors decoded so far hold, all together (`Limits.accessorValues`).
  private var valuesDecoded = 0
  /// The top-level arrays, walked once (an accessor per channel must not walk them again).
  private var lists: [String: [JSONCursor]] = [:]

  private mutating func list(_ name: String) throws(ActionDecodingError) -> [JSONCursor] {
    if let done = lists[name] { return done }
    let found = try root.required(name).elements()
    lists[name] = found
    return found
  }

  init(root: JSONCursor, container: GLTFContainer, context: DecodeContext, inputSize: Int) {
    self.root = root
    self.container = container
    self.context = context
    self.inputSize = inputSize
  }

  /// An accessor's elements, each of `components` numbers, normalised integers decoded.
  struct Accessor {
    var count: Int
    var components: Int
    var values: [Float]
    /// The glTF `componentType` and `type`, for checks by the caller.
    var componentType: Int
    var type: String
    var normalized: Bool
    var cursor: JSONCursor
  }

  static let componentSizes: [Int: Int] = [5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4]
  static let componentCounts: [String: Int] = [
    "SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16,
  ]
  /// The largest byte offset or length read from the JSON (2⁴⁸): arithmetic on them cannot
  /// overflow.
  static let largest = 1 << 48

  /// The accessor at `index`, as `referrer` (e.g. `animations[0].samplers[2].input`) names it.
  mutating func accessor(_ index: Int, referrer: JSONCursor) throws(ActionDecodingError) -> Accessor {
    if let done = decoded[index] { return try done.get() }
    let list = try list("accessors")
    guard index < list.count else {
      throw referrer.invalid("accessor \(index) does not exist (the file has \(list.count))")
    }
    do {
      let result = try elements(of: list[index])
      decoded[index] = .success(result)
      return result
    } catch {
      decoded[index] = .failure(error)
      throw error
    }
  }

  /// Accessor `a`'s elements.
  private mutating func elements(of a: JSONCursor) throws(ActionDecodingError) -> Accessor {
    let componentType = try a.required("componentType").integer()
    guard let size = Self.componentSizes[componentType] else {
      throw try a.required("componentType").invalid(
        "unknown componentType \(componentType); expected 5120, 5121, 5122, 5123, 5125 or 5126")
    }
    let type = try a.required("type").string()
    guard let components = Self.componentCounts[type] else {
      throw try a.required("type").error(
        .unknownValue(type, accepted: ["SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"]))
    }
    guard !type.hasPrefix("MAT") else {
      throw a.invalid("an animation accessor holds SCALAR or VECn values, not \(type)")
    }
    let count = try a.required("count").integer(in: 1...Int(Int32.max))
    let normalized = try a.member("normalized")?.bool() ?? false
    if normalized && (componentType == 5125 || componentType == 5126) {
      throw a.invalid("normalized is only for byte and short components")
    }
    let total = count * components
    // Accessors can share one buffer view, and one without data costs a few bytes of JSON:
    // neither the file's size nor its buffers bound what they decode together.
    guard total <= Limits.accessorValues - valuesDecoded else {
      throw a.invalid(
        "\(count) elements of \(components) numbers pass animplot's limit of \(Limits.accessorValues) numbers decoded from one file's accessors")
    }
    valuesDecoded += total
    var values: [Float]
    if let view = try a.member("bufferView") {
      let offset = try a.member("byteOffset")?.integer(in: 0...Self.largest) ?? 0
      let (data, stride) = try bufferView(view.integer(), referrer: view, elementSize: size * components)
      let needed = offset + stride * (count - 1) + size * components
      guard needed <= data.count else {
        throw a.invalid(
          "\(count) elements of \(size * components) bytes every \(stride) bytes from byte \(offset) need \(needed) bytes but bufferView holds \(data.count)")
      }
      values = [Float](unsafeUninitializedCapacity: total) { out, initialized in
        data.withUnsafeBufferPointer { bytes in
          Self.read(bytes, from: offset, stride: stride, count: count, components: components,
                    componentType: componentType, normalized: normalized, into: out)
        }
        initialized = total
      }
    } else {
      // All zeros, unless sparse. Such an accessor has no data to bound it: its size is held
      // to 16 times the input's.
      guard total <= max(1 << 20, inputSize * 16) else {
        throw a.invalid("\(count) elements without a bufferView is more than this \(inputSize)-byte input can mean")
      }
      values = [Float](repeating: 0, count: total)
    }
    if let sparse = try a.member("sparse") {
      try applySparse(sparse, count: count, components: components, componentType: componentType,
                      normalized: normalized, into: &values)
    }
    return Accessor(
      count: count, components: components, values: values, componentType: componentType, type: type,
      normalized: normalized, cursor: a)
  }

  /// `sparse`: `count` substitutions, indices and values in their own buffer views.
  private mutating func applySparse(
    _ sparse: JSONCursor, count: Int, components: Int, componentType: Int, normalized: Bool,
    into values: inout [Float]
  ) throws(ActionDecodingError) {
    let n = try sparse.required("count").integer(in: 1...count)
    let indices = try sparse.required("indices")
    let indexType = try indices.required("componentType").integer()
    guard [5121, 5123, 5125].contains(indexType) else {
      throw try indices.required("componentType").invalid(
        "sparse indices are 5121, 5123 or 5125 (unsigned), found \(indexType)")
    }
    let indexSize = Self.componentSizes[indexType]!
    let indexOffset = try indices.member("byteOffset")?.integer(in: 0...Self.largest) ?? 0
    let indexView = try indices.required("bufferView")
    let (indexData, _) = try bufferView(indexView.integer(), referrer: indexView, elementSize: indexSize, strided: false)
    guard indexOffset + n * indexSize <= indexData.count else {
      throw indices.invalid("\(n) indices from byte \(indexOffset) run past the bufferView (\(indexData.count) bytes)")
    }
    let valuesCursor = try sparse.required("values")
    let valueOffset = try valuesCursor.member("byteOffset")?.integer(in: 0...Self.largest) ?? 0
    let size = Self.componentSizes[componentType]! * components
    let valueView = try valuesCursor.required("bufferView")
    let (valueData, _) = try bufferView(valueView.integer(), referrer: valueView, elementSize: size, strided: false)
    guard valueOffset + n * size <= valueData.count else {
      throw valuesCursor.invalid("\(n) values from byte \(valueOffset) run past the bufferView (\(valueData.count) bytes)")
    }
    var substitutes = [Float](repeating: 0, count: n * components)
    substitutes.withUnsafeMutableBufferPointer { out in
      valueData.withUnsafeBufferPointer { bytes in
        Self.read(bytes, from: valueOffset, stride: size, count: n, components: components,
                  componentType: componentType, normalized: normalized, into: out)
      }
    }
    var previous = -1
    for i in 0..<n {
      let at = indexOffset + i * indexSize
      var index = 0
      for b in 0..<indexSize { index |= Int(indexData[indexData.startIndex + at + b]) << (8 * b) }
      guard index > previous, index < count else {
        throw indices.invalid(
          "sparse index \(i) is \(index): indices must increase and stay below the accessor's count (\(count))")
      }
      previous = index
      for c in 0..<components { values[index * components + c] = substitutes[i * components + c] }
    }
  }

  /// The bytes of buffer view `index` and its stride for elements of `elementSize` bytes.
  private mutating func bufferView(
    _ index: Int, referrer: JSONCursor, elementSize: Int, strided: Bool = true
  ) throws(ActionDecodingError) -> (ArraySlice<UInt8>, Int) {
    let views = try list("bufferViews")
    guard index < views.count else {
      throw referrer.invalid("bufferView \(index) does not exist (the file has \(views.count))")
    }
    let v = views[index]
    let bufferIndex = try v.required("buffer").integer()
    let offset = try v.member("byteOffset")?.integer(in: 0...Self.largest) ?? 0
    let length = try v.required("byteLength").integer(in: 1...Self.largest)
    var stride = elementSize
    if strided, let s = try v.member("byteStride") {
      stride = try s.integer(in: 4...252)
      guard stride % 4 == 0 else { throw s.invalid("byteStride must be a multiple of 4, found \(stride)") }
      guard stride >= elementSize else {
        throw s.invalid("byteStride \(stride) is less than an element's \(elementSize) bytes")
      }
    }
    let data = try buffer(bufferIndex, referrer: try v.required("buffer"))
    guard offset + length <= data.count else {
      throw v.invalid("bytes \(offset)..<\(offset + length) run past buffer \(bufferIndex) (\(data.count) bytes)")
    }
    return (data[offset..<offset + length], stride)
  }

  /// The bytes of buffer `index`: the `.glb`'s BIN chunk, a `data:` URI, or a file beside the
  /// input; at least `byteLength` of them.
  private mutating func buffer(_ index: Int, referrer: JSONCursor) throws(ActionDecodingError) -> ArraySlice<UInt8> {
    if let done = buffers[index] { return try done.get() }
    let list = try list("buffers")
    guard index < list.count else {
      throw referrer.invalid("buffer \(index) does not exist (the file has \(list.count))")
    }
    do {
      let data = try bytes(of: list[index], index: index)
      buffers[index] = .success(data)
      return data
    } catch {
      buffers[index] = .failure(error)
      throw error
    }
  }

  /// Buffer `b`'s bytes (`index` is its place in `buffers`).
  private mutating func bytes(of b: JSONCursor, index: Int) throws(ActionDecodingError) -> ArraySlice<UInt8> {
    let length = try b.required("byteLength").integer(in: 1...Self.largest)
    guard length <= Limits.inputBytes else {
      throw try b.required("byteLength").invalid(
        "a buffer of \(length) bytes is " + Limits.inputBytesExceeded)
    }
    let data: [UInt8]
    /// Bytes held for the first time, counted against the limit of all buffers together.
    func hold(_ more: Int, at place: JSONCursor) throws(ActionDecodingError) {
      guard more <= Limits.inputBytes - bufferBytes else {
        refusesFile = true
        throw place.invalid("this buffer and those read before it hold \(bufferBytes + more) bytes together, " + Limits.inputBytesExceeded)
      }
      bufferBytes += more
    }
    if let uriCursor = try b.member("uri") {
      let uri = try uriCursor.string()
      if uri.lowercased().hasPrefix("data:") {
        guard let comma = uri.firstIndex(of: ","), uri[..<comma].hasSuffix(";base64") else {
          throw uriCursor.invalid("a data: URI must be base64 (data:...;base64,...)")
        }
        let payload = uri.utf8[uri.utf8.index(after: comma)...]
        guard payload.count / 4 * 3 <= length + 3 else {
          throw uriCursor.invalid("the data: URI holds more than byteLength (\(length)) bytes")
        }
        guard let bytes = Base64.decode(payload) else {
          throw uriCursor.invalid("the data: URI is not valid base64")
        }
        try hold(bytes.count, at: uriCursor)
        data = bytes
      } else {
        let path = Result { () throws(DecodeContext.ResourceError) in try context.resourcePath(uri) }
        switch path {
        case .success(let path):
          if let held = files[path] {
            data = held
          } else {
            data = try readFile(path, uri: uri, at: uriCursor)
            files[path] = data
          }
        case .failure(.refused(let why)): throw uriCursor.invalid("refused: \(why)")
        case .failure(.unreadable(let why)): throw uriCursor.invalid("cannot read buffer: \(why)")
        }
      }
    } else {
      guard index == 0, let binary = container.binary else {
        throw b.invalid(
          index == 0 ? "buffer 0 has no uri and the file has no BIN chunk" : "buffer \(index) has no uri")
      }
      try hold(binary.count, at: b)
      data = Array(binary)
    }
    guard data.count >= length else {
      throw b.invalid("byteLength is \(length) but the buffer holds \(data.count) bytes")
    }
    // A prefix shares the bytes read (a file several buffers name is held once).
    return data[0..<length]
  }

  /// The bytes of the file at `path`, read with what is left of the buffers' limit.
  private mutating func readFile(_ path: String, uri: String, at place: JSONCursor) throws(ActionDecodingError) -> [UInt8] {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readBytes(path: path, limit: Limits.inputBytes - bufferBytes)
    } catch {
      if error.isOverLimit {
        refusesFile = true
        throw place.invalid(
          "cannot read buffer: \(context.quoted(uri)): "
            + (bufferBytes == 0 ? "it is " : "it and the buffers read before it (\(bufferBytes) bytes) are ")
            + Limits.inputBytesExceeded)
      }
      if error.isOutOfMemory { refusesFile = true }
      throw place.invalid("cannot read buffer: \(context.quoted(uri)): \(error)")
    }
    bufferBytes += bytes.count
    return bytes
  }

  /// Reads `count` elements of `components` little-endian numbers, `stride` bytes apart.
  private static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, stride: Int, count: Int, components: Int,
    componentType: Int, normalized: Bool, into out: UnsafeMutableBufferPointer<Float>
  ) {
    let raw = UnsafeRawBufferPointer(bytes)
    switch componentType {
    case 5126:
      for i in 0..<count {
        let base = offset + i * stride
        for c in 0..<components {
          let bits = raw.loadUnaligned(fromByteOffset: base + 4 * c, as: UInt32.self)
          out[i * components + c] = Float(bitPattern: UInt32(littleEndian: bits))
        }
      }
    default:
      let size = componentSizes[componentType]!
      for i in 0..<count {
        let base = offset + i * stride
        for c in 0..<components {
          let at = base + size * c
          let value: Float
          switch componentType {
          case 5120:
            let v = Int8(bitPattern: raw[at])
            value = normalized ? max(Float(v) / 127, -1) : Float(v)
          case 5121:
            value = normalized ? Float(raw[at]) / 255 : Float(raw[at])
          case 5122:
            let v = Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8)
            value = normalized ? max(Float(v) / 32767, -1) : Float(v)
          case 5123:
            let v = UInt16(raw[at]) | UInt16(raw[at + 1]) << 8
            value = normalized ? Float(v) / 65535 : Float(v)
          default:
            let v = UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3]) << 24
            value = Float(v)
          }
          out[i * components + c] = value
        }
      }
    }
  }
}

/// RFC 4648 base64 (with or without padding; no whitespace), for glTF's `data:` URIs.
enum Base64 {
  static func decode<C: Collection<UInt8>>(_ text: C) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(text.count / 4 * 3)
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = 0
    for c in text {
      let v: UInt32
      switch c {
      case 65...90: v = UInt32(c - 65)
      case 97...122: v = UInt32(c - 71)
      case 48...57: v = UInt32(c + 4)
      case 43, 45: v = 62  // + (and - of the URL alphabet)
      case 47, 95: v = 63  // / (and _)
      case 61:
        padding += 1
        continue
      default: return nil
      }
      guard padding == 0 else { return nil }
      accumulator = accumulator << 6 | v
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    return padding <= 2 ? out : nil
  }
}
