/// The kinds of reference file a check case compares against, told by the file-name suffix.
package enum ReferenceKind: String, Sendable, Hashable, CaseIterable {
  /// `NAME.png`: compared pixel by pixel.
  case png
  /// `NAME.svg`: the reference and the actual SVG are both rasterised, then compared pixel
  /// by pixel.
  case svg
  /// `NAME.layout.json`: a layout (`dopesheet --format json`, `graph --format json`), compared as
  /// text.
  case layoutJSON
  /// `NAME.displaylist.txt`: a display list (`--format displaylist`), compared as text.
  case displayList
  /// `NAME.values.csv`: the values of the case's input at every frame of its scene range, as
  /// `animplot eval` writes them, compared channel by channel.
  case values
  /// `NAME.apng`: an animation (`play`, `preview`, `morph`), compared frame by frame.
  case animation
  /// `NAME.edited.json`: the action file `edit` writes, compared member by member.
  case edited

  /// The end of the reference's file name: `.png`, `.svg`, `.layout.json`, `.displaylist.txt`.
  package var suffix: String {
    switch self {
    case .png: ".png"
    case .svg: ".svg"
    case .layoutJSON: ".layout.json"
    case .displayList: ".displaylist.txt"
    case .values: ".values.csv"
    case .animation: ".apng"
    case .edited: ".edited.json"
    }
  }

  /// The kind and the stem (name without suffix) of a reference file name, if it is one.
  package static func classify(fileName: String) -> (stem: String, kind: ReferenceKind)? {
    for kind in allCases where fileName.hasSuffix(kind.suffix) {
      let stem = String(fileName.dropLast(kind.suffix.count))
      if !stem.isEmpty { return (stem, kind) }
    }
    return nil
  }
}
