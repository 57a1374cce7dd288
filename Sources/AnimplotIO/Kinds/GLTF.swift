extension InputKind {
  /// glTF 2.0 (`.gltf` with external or `data:` buffers, `.glb`): every animation as an
  /// action (docs/import.md).
  public static let gltf = InputKind(
    name: "gltf", summary: "glTF 2.0 animations (.gltf, .glb)", fileExtensions: ["gltf", "glb"],
    sniff: { bytes in
      if GLTFContainer.isBinary(bytes) { return .certain }
      // Any JSON object could be a broken glTF: plausible, and the extension decides.
      let keys = JSONSniffer.topLevelKeys(bytes, within: 1 << 16)
      if keys.contains("asset") { return .certain }
      return JSONSniffer.startsAsObject(bytes) ? .plausible : .no
    },
    decode: { (bytes, context) throws(ActionDecodingError) in
      try GLTFImporter.decode(bytes, context: context)
    })
}
