import AnimplotCore

/// An enum with a canonical file spelling (its case name, e.g. `autoClamped`) that also reads
/// case-insensitively and in Blender's RNA form (`AUTO_CLAMPED`).
protocol FileSpelledEnum: CaseIterable, Sendable, Equatable {
  /// Every case's spelling folded by `fold` (lower case, no `_` or `-`), in `allCases` order.
  static var foldedSpellings: [[UInt8]] { get }
  /// Every case's canonical spelling, in `allCases` order (computed once: describing an enum
  /// case goes through the runtime's reflection, too slow for a million keys).
  static var canonicalSpellings: [String] { get }
}

extension FileSpelledEnum {
  /// The canonical spelling written to files: the case name.
  var spelling: String {
    var i = 0
    for c in Self.allCases {
      if c == self { return Self.canonicalSpellings[i] }
      i += 1
    }
    return "\(self)"
  }

  /// Every canonical spelling, for error messages.
  static var spellings: [String] { canonicalSpellings }

  /// The table behind `canonicalSpellings`: the case names.
  static func makeSpellings() -> [String] { allCases.map { "\($0)" } }

  /// The table behind `foldedSpellings`.
  static func makeFoldedSpellings() -> [[UInt8]] {
    allCases.map { fold(Array("\($0)".utf8)[...]) }
  }

  /// The case `text` names: any letter case, underscores and hyphens ignored.
  init?(spelling text: String) {
    self.init(folded: Self.fold(Array(text.utf8)[...]))
  }

  /// The case whose folded spelling is `folded`.
  init?(folded: [UInt8]) {
    guard let i = Self.foldedSpellings.firstIndex(of: folded) else { return nil }
    self = Array(Self.allCases)[i]
  }

  /// The case `raw` spells once folded, compared without allocating.
  init?(foldedMatching raw: UnsafeBufferPointer<UInt8>) {
    for (i, candidate) in Self.foldedSpellings.enumerated() {
      var j = 0
      var matched = true
      for b in raw where b != UInt8(ascii: "_") && b != UInt8(ascii: "-") {
        let folded = b >= 65 && b <= 90 ? b + 32 : b
        guard j < candidate.count, candidate[j] == folded else {
          matched = false
          break
        }
        j += 1
      }
      if matched && j == candidate.count {
        self = Self.allCases[Self.allCases.index(Self.allCases.startIndex, offsetBy: i)]
        return
      }
    }
    return nil
  }

  /// ASCII lower case without `_` and `-`.
  static func fold(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for b in bytes where b != UInt8(ascii: "_") && b != UInt8(ascii: "-") {
      out.append(b >= 65 && b <= 90 ? b + 32 : b)
    }
    return out
  }
}

extension Interpolation: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension Easing: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension HandleType: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension KeyframeType: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension Extrapolation: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension AutoSmoothing: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension CyclesModifier.Mode: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension ObjectType: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension RotationMode: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  /// Blender's own spellings of the Euler orders (`XYZ`, `YXZ`), and `quaternion`.
  static let canonicalSpellings = allCases.map { $0 == .quaternion ? "quaternion" : "\($0)".uppercased() }
}
extension QuaternionRole.Component: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension Modifier.TypeName: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension GeneratorModifier.Mode: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension FunctionGeneratorModifier.Function: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
extension NoiseModifier.BlendType: FileSpelledEnum {
  static let foldedSpellings = makeFoldedSpellings()
  static let canonicalSpellings = makeSpellings()
}
