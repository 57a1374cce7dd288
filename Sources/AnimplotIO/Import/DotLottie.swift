import AnimplotCore
import AnimplotText
import AnimplotPlatform

/// `.lottie` archives (dotLottie): a ZIP whose `manifest.json` lists animations stored as
/// Lottie JSON (`animations/ID.json` in version 1, `a/ID.json` in version 2). Every animation
/// becomes an action. Sizes are checked before anything is inflated (a ZIP bomb is an error).
enum DotLottie {
  static let magic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, context: DecodeContext) throws(ActionDecodingError)
    -> ActionDocument
  {
    let archive = try ZIPArchive(bytes)
    // Every entry inflated counts against one input limit (a bomb of many entries, or one id
    // listed many times, too).
    var budget = Limits.inputBytes
    func read(_ path: String) throws(ActionDecodingError) -> [UInt8]? {
      guard let out = try archive.read(path, limit: budget) else { return nil }
      budget -= out.count
      return out
    }
    guard let manifestBytes = try read("manifest.json") else {
      throw ActionDecodingError(.invalid("a .lottie archive holds manifest.json; this one does not"))
    }
    let ids: [String]
    do {
      ids = try manifestBytes.withUnsafeBufferPointer { buffer throws(ActionDecodingError) in
        let manifest = JSONCursor(root: try JSONNode.parse(buffer, keeping: ["animations"]), source: JSONSource(bytes: buffer, containerOffset: nil))
        var ids: [String] = []
        for animation in try manifest.required("animations").elements() { ids.append(try animation.required("id").string()) }
        return ids
      }
    } catch {
      var e = error
      e.entry = "manifest.json"
      e.file = context.file
      throw e
    }
    guard !ids.isEmpty else { throw ActionDecodingError(.invalid("manifest.json lists no animation")) }
    var seenIDs = Set<String>()
    for id in ids where !seenIDs.insert(id).inserted {
      throw ActionDecodingError(.invalid("manifest.json lists animation \(messageQuoted(id)) twice"))
    }
    var actions: [Action] = []
    // The animations make their tracks, keys and layer instances against one budget.
    var spent = LottieImporter.Spent()
    for id in ids {
      let candidates = ["animations/\(id).json", "a/\(id).json"]
      var found: (String, [UInt8])?
      for path in candidates {
        if let bytes = try read(path) {
          found = (path, bytes)
          break
        }
      }
      guard let (path, json) = found else {
        throw ActionDecodingError(.invalid("manifest.json lists animation \(messageQuoted(id)) but the archive has no \(candidates[0])"))
      }
      var inner = context
      inner.file = context.file + ":" + path
      inner.path = nil
      inner.recalculate = false
      let document: ActionDocument
      do {
        document = try json.withUnsafeBufferPointer { buffer throws(ActionDecodingError) in
          try LottieImporter.decode(buffer, context: inner, spent: &spent)
        }
      } catch {
        // Named by the entry, its line and column within it: `in.lottie: animations/a.json:1:1: ...`.
        var e = error
        e.entry = path
        e.file = context.file
        throw e
      }
      for var action in document.actions {
        if ids.count > 1 || action.name.isEmpty { action.name = id }
        actions.append(action)
      }
    }
    var document = ActionDocument(actions: actions, isMultiAction: actions.count > 1)
    document.selectEveryCurve()
    document.finish(recalculate: context.recalculate)
    return document
  }
}
