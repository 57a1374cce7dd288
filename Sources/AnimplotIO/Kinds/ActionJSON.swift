extension InputKind {
  /// Format 1 (docs/format.md): one action with `tracks`, or several under `actions`.
  public static let actionJSON = InputKind(
    name: "animplot", summary: "animplot's action format 1 (JSON)", fileExtensions: ["json"],
    sniff: { bytes in
      guard let (form, certain) = ActionDecoder.sniff(bytes), form == .actions else { return .no }
      return certain ? .certain : .plausible
    },
    decode: { (bytes, context) throws(ActionDecodingError) in
      try ActionDecoder.decode(bytes, file: context.file, recalculate: context.recalculate, form: .actions)
    })
}
