import AnimationCore

/// An enum with a canonical file spelling (its case name, e.g. `autoClamped`) that also reads
/// case-insensitively and in Blender's RNA form (`AUTO_CLAMPED`).
protocol FileSpelledEnum: CaseIterable, Sendable {}

extension FileSpelledEnum {
  /// The canonical spelling written to files: the case name.
  var spelling: String { "\(self)" }

  /// Every canonical spelling, for error messages.
  static var spellings: [String] { allCases.map(\.spelling) }

  /// The case `text` names: any letter case, underscores and hyphens ignored.
  init?(spelling text: String) {
    let folded = Self.fold(text)
    guard let match = Self.allCases.first(where: { Self.fold($0.spelling) == folded }) else {
      return nil
    }
    self = match
  }

  private static func fold(_ s: String) -> String {
    String(s.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
  }
}

extension Interpolation: FileSpelledEnum {}
extension Easing: FileSpelledEnum {}
extension HandleType: FileSpelledEnum {}
extension KeyframeType: FileSpelledEnum {}
extension Extrapolation: FileSpelledEnum {}
extension AutoSmoothing: FileSpelledEnum {}
extension CyclesModifier.Mode: FileSpelledEnum {}
