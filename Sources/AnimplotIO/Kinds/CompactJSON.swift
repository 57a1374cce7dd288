extension InputKind {
  /// The compact form (docs/format.md, "The compact form"): one `timeline` of frames and a value array per
  /// channel.
  public static let compactJSON = InputKind(
    name: "compact", summary: "the compact form: timeline and channels (JSON)",
    fileExtensions: ["json"],
    sniff: { bytes in
      guard let (form, certain) = ActionDecoder.sniff(bytes), form == .compact, certain else {
        return .no
      }
      return .certain
    },
    decode: { (bytes, context) throws(ActionDecodingError) in
      try ActionDecoder.decode(bytes, file: context.file, recalculate: context.recalculate, form: .compact)
    })
}
