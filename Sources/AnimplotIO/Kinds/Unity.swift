extension InputKind {
  /// Unity AnimationClips saved as text (`.anim`, YAML) (docs/import.md).
  public static let unity = InputKind(
    name: "unity", summary: "Unity animation clips (.anim, saved as text)", fileExtensions: ["anim"],
    sniff: { file in
      let bytes = UnsafeBufferPointer(rebasing: file[ByteOrderMark.length(in: file)...])
      guard bytes.starts(with: Array("%YAML".utf8)) else { return .no }
      let head = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, 4096)])
      let needle = Array("AnimationClip:".utf8)
      guard head.count >= needle.count else { return .plausible }
      for i in 0...(head.count - needle.count) where head[i] == needle[0] {
        if Array(head[i..<i + needle.count]) == needle { return .certain }
      }
      return .plausible
    },
    decode: { (bytes, context) throws(ActionDecodingError) in
      try UnityImporter.decode(bytes, context: context)
    })
}
