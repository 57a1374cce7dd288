extension InputKind {
  /// Lottie (Bodymovin JSON): layer transforms as tracks (docs/import.md).
  public static let lottie = InputKind(
    name: "lottie", summary: "Lottie animations (Bodymovin JSON, .lottie archives)", fileExtensions: ["json", "lottie"],
    sniff: { bytes in
      // A ZIP file could be a .lottie archive; its extension says so.
      if bytes.starts(with: DotLottie.magic) { return .plausible }
      let keys = JSONSniffer.topLevelKeys(bytes, within: 1 << 16)
      // (A big file may hold its `assets` before anything else.)
      let lottie = keys.contains("layers") || keys.contains("assets") || (keys.contains("v") && keys.contains("fr"))
      return lottie && !keys.contains("tracks") && !keys.contains("actions") ? .certain : .no
    },
    decode: { (bytes, context) throws(ActionDecodingError) in
      if bytes.starts(with: DotLottie.magic) { return try DotLottie.decode(bytes, context: context) }
      return try LottieImporter.decode(bytes, context: context)
    })
}
