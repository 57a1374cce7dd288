extension InputKind {
  /// glTF 2.0 (`.gltf` with external or `data:` buffers, `.glb`): every animation as an
  /// action (docs/import.md).
  public static let gltf = InputKind(
    name: "gltf", summary: "glTF 2.0 animations (.gltf, .glb)", fileExtensions: ["gltf", "glb"],
    sniff: { bytes in
      if GLTFContainer.isBinary(bytes) { return .certain }
      return JSONSniffer.topLevelKeys(bytes, within: 1 << 16).contains("asset") ? .certain : .no
    },
    decode: { (bytes, context) throws(ActionDecodingError) in
      try GLTFImporter.decode(bytes, context: context)
    })
}
