import AnimplotCore
import AnimplotEdit
import AnimplotTestSupport
import Foundation

/// Blender's Graph Editor edit oracle read into documents and operations: each case an initial
/// state, its operations, and Blender's state after each.
struct EditOracleCase: @unchecked Sendable {
  var id: String
  var primary: String
  /// The case as Blender's answers give it (scene, editor, initial state, steps).
  var json: [String: Any]
  var document: EditDocument
  var steps: [Step]

  struct Step: @unchecked Sendable {
    var json: [String: Any]
    var operation: EditOperation?
    /// Why the operation is not run (bake and unbake: out of scope).
    var unsupported: String?
    var status: String
    var curves: [[String: Any]]
  }
}

enum EditOracle {
  /// Another seed's file of the same schema (`ANIMPLOT_EDIT_ORACLE=/path/edits_seed3.json`), to
  /// measure on answers the floors were not set from; nil for seed 1's.
  static let otherSeed: URL? = ProcessInfo.processInfo.environment["ANIMPLOT_EDIT_ORACLE"].map {
    URL(fileURLWithPath: $0)
  }

  static let cases: [EditOracleCase] = {
    let url = otherSeed ?? SharedFolder.edits.file("edits_seed1.json")
    guard let data = try? Data(contentsOf: url),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let cases = root["cases"] as? [[String: Any]]
    else { return [] }
    return cases.map(parseCase)
  }()

  static func float(_ any: Any?) -> Float { Float((any as? NSNumber)?.doubleValue ?? .nan) }
  static func point(_ any: Any?) -> CurvePoint {
    let a = any as! [Any]
    return CurvePoint(frame: float(a[0]), value: float(a[1]))
  }
  static func rna(_ s: String) -> String {
    // AUTO_CLAMPED -> autoClamped
    let parts = s.lowercased().split(separator: "_")
    return parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
  }
  static func enumValue<E: CaseIterable>(_ s: String, _ type: E.Type) -> E where E: RawRepresentable, E.RawValue == String {
    E(rawValue: rna(s))!
  }

  static func interpolation(_ s: String) -> Interpolation {
    Interpolation.allCases.first { "\($0)" == rna(s) }!
  }
  static func easing(_ s: String) -> Easing { Easing.allCases.first { "\($0)" == rna(s) }! }
  static func handleType(_ s: String) -> HandleType { HandleType.allCases.first { "\($0)" == rna(s) }! }
  static func keyType(_ s: String) -> KeyframeType? { KeyframeType.allCases.first { "\($0)" == rna(s) } }

  static func curve(_ c: [String: Any]) -> FCurve {
    var curve = FCurve(dataPath: c["data_path"] as! String, index: c["array_index"] as! Int)
    curve.extrapolation = (c["extrapolation"] as! String) == "LINEAR" ? .linear : .constant
    curve.autoSmoothing = (c["auto_smoothing"] as! String) == "NONE" ? .none : .contAccel
    curve.selected = c["select"] as! Bool
    for m in c["modifiers"] as! [[String: Any]] where m["type"] as? String == "CYCLES" {
      curve.modifiers.append(.cycles(CyclesModifier()))
    }
    curve.keyframes = Keyframes((c["keys"] as! [[String: Any]]).map { k in
      let co = point(k["co"])
      var key = Keyframe(frame: co.frame, value: co.value)
      key.interpolation = interpolation(k["interpolation"] as! String)
      key.easing = easing(k["easing"] as! String)
      key.back = float(k["back"])
      key.amplitude = float(k["amplitude"])
      key.period = float(k["period"])
      key.handleLeftType = handleType(k["handle_left_type"] as! String)
      key.handleRightType = handleType(k["handle_right_type"] as! String)
      key.handleLeft = point(k["handle_left"])
      key.handleRight = point(k["handle_right"])
      let sel = k["select"] as! [Bool]
      key.selectedHandleLeft = sel[0]
      key.selected = sel[1]
      key.selectedHandleRight = sel[2]
      key.type = keyType(k["type"] as! String) ?? .keyframe
      return key
    })
    return curve
  }

  static func snap(_ any: Any?) -> AutoSnap? {
    guard let s = any as? String else { return nil }
    return AutoSnap(rawValue: rna(s))
  }

  static func operation(_ op: [String: Any]) -> (EditOperation?, String?) {
    let name = op["op"] as! String
    func pair(_ key: String) -> (Float, Float) {
      let a = op[key] as! [Any]
      return (float(a[0]), float(a[1]))
    }
    switch name {
    case "select":
      return (.select(keys: op["keys"] as! [Int], part: SelectPart(rawValue: op["part"] as! String)!, extend: op["extend"] as? Bool ?? false), nil)
    case "select_all":
      return (.selectAll(enumValue(op["action"] as! String, SelectAllAction.self)), nil)
    case "translate":
      let (dx, dy) = pair("delta")
      return (.translate(frames: dx, value: dy, snap: snap(op["snap"])), nil)
    case "duplicate_move":
      let (dx, dy) = pair("delta")
      return (.duplicateMove(frames: dx, value: dy, snap: snap(op["snap"])), nil)
    case "scale":
      let (sx, sy) = pair("factor")
      return (.scale(x: sx, y: sy, pivot: PivotPoint(rawValue: rna(op["pivot"] as! String)), snap: snap(op["snap"])), nil)
    case "insert":
      switch op["how"] as! String {
      case "click":
        return (.insertClick(frame: float(op["frame"]), value: float(op["value"]), extend: op["extend"] as? Bool ?? false), nil)
      case "rna":
        let options = Set((op["options"] as? [String] ?? []).map { InsertOption(rawValue: $0.lowercased())! })
        return (.insertAPI(frame: float(op["frame"]), value: float(op["value"]), options: options, keyframeType: keyType(op["keyframe_type"] as! String)!), nil)
      default:
        let mode: InsertKeyframeMode
        switch op["type"] as! String {
        case "ALL": mode = .all
        case "SEL": mode = .selected
        case "CURSOR_ACTIVE": mode = .cursorActive
        default: mode = .cursorSelected
        }
        return (.insertKeyframe(mode), nil)
      }
    case "delete": return (.delete, nil)
    case "interpolation": return (.interpolation(interpolation(op["mode"] as! String)), nil)
    case "easing": return (.easing(easing(op["mode"] as! String)), nil)
    case "handle_type": return (.handleType(handleType(op["type"] as! String)), nil)
    case "snap":
      let modes: [String: SnapMode] = ["CFRA": .currentFrame, "VALUE": .value, "NEAREST_FRAME": .nearestFrame, "NEAREST_SECOND": .nearestSecond, "NEAREST_MARKER": .nearestMarker, "HORIZONTAL": .horizontal]
      return (.snap(modes[op["type"] as! String]!), nil)
    case "mirror":
      let modes: [String: MirrorMode] = ["CFRA": .currentFrame, "VALUE": .value, "YAXIS": .yAxis, "XAXIS": .xAxis, "MARKER": .marker]
      return (.mirror(modes[op["type"] as! String]!), nil)
    case "equalize_handles":
      return (.equalizeHandles(side: HandleSideChoice(rawValue: (op["side"] as! String).lowercased())!, length: float(op["length"]), flatten: op["flatten"] as! Bool), nil)
    case "clean": return (.clean(threshold: float(op["threshold"]), channels: op["channels"] as! Bool), nil)
    case "smooth": return (.smooth, nil)
    case "sample": return (.sample, nil)
    case "euler_filter": return (.eulerFilter, nil)
    case "extrapolation": return (.extrapolation(enumValue(op["type"] as! String, ExtrapolationMode.self)), nil)
    case "breakdown": return (.breakdown(factor: float(op["factor"])), nil)
    case "blend_to_neighbor": return (.blendToNeighbor(factor: float(op["factor"])), nil)
    case "blend_to_default": return (.blendToDefault(factor: float(op["factor"])), nil)
    case "copy": return (.copy, nil)
    case "paste":
      let offsets: [String: PasteOffset] = ["START": .start, "END": .end, "RELATIVE": .relative, "NONE": .none]
      let merges: [String: PasteMerge] = ["MIX": .mix, "OVER_ALL": .overAll, "OVER_RANGE": .overRange, "OVER_RANGE_ALL": .overRangeAll]
      return (.paste(offset: offsets[op["offset"] as! String]!, merge: merges[op["merge"] as! String]!, flipped: op["flipped"] as? Bool ?? false), nil)
    case "bake", "unbake": return (nil, "bake and unbake are out of scope")
    case "decimate":
      return ((op["mode"] as! String) == "RATIO" ? .decimate(.ratio(float(op["factor"]))) : .decimate(.errorMargin(float(op["error"]))), nil)
    default: return (nil, "unknown op \(name)")
    }
  }

  static func parseCase(_ c: [String: Any]) -> EditOracleCase {
    let s = c["scene"] as! [String: Any]
    var scene = EditScene()
    scene.fps = (s["fps"] as! NSNumber).doubleValue
    scene.frameStart = (s["frame_start"] as! NSNumber).doubleValue
    scene.frameEnd = (s["frame_end"] as! NSNumber).doubleValue
    scene.currentFrame = (s["frame_current"] as! NSNumber).doubleValue
    scene.cursorValue = float(s["cursor_value"])
    scene.markers = (s["markers"] as! [[String: Any]]).map {
      Marker(frame: ($0["frame"] as! NSNumber).doubleValue, name: "", selected: $0["select"] as! Bool)
    }
    scene.keyframeType = keyType(s["keyframe_type"] as! String)!
    scene.onlyInsertNeeded = s["use_keyframe_insert_needed"] as! Bool
    scene.autoKeyingReplace = s["auto_keying_replace"] as! Bool
    let e = c["editor"] as! [String: Any]
    var editor = EditorSettings()
    editor.showHandles = e["show_handles"] as! Bool
    editor.onlySelectedKeyframeHandles = e["use_only_selected_keyframe_handles"] as! Bool
    editor.autoMerge = e["use_auto_merge_keyframes"] as! Bool
    editor.autoSnap = snap(e["auto_snap"])!
    editor.pivot = PivotPoint(rawValue: rna(e["pivot_point"] as! String))!
    let initial = (c["initial"] as! [String: Any])["curves"] as! [[String: Any]]
    let document = EditDocument(curves: initial.map(curve), scene: scene, editor: editor)
    let steps = (c["steps"] as! [[String: Any]]).map { step -> EditOracleCase.Step in
      let op = step["op"] as! [String: Any]
      let (operation, unsupported) = operation(op)
      return .init(
        json: op, operation: operation, unsupported: unsupported, status: step["status"] as! String,
        curves: (step["state"] as! [String: Any])["curves"] as! [[String: Any]])
    }
    return EditOracleCase(
      id: c["id"] as! String, primary: c["primary"] as! String, json: c, document: document, steps: steps)
  }

  /// Whether Blender's state holds a key of no key type (an API insert with `REPLACE`).
  static func invalidKeyType(_ expected: [[String: Any]]) -> Bool {
    expected.contains { c in (c["keys"] as! [[String: Any]]).contains { keyType($0["type"] as! String) == nil } }
  }

  /// The first difference between a document's curves and Blender's state, or nil.
  static func difference(_ document: EditDocument, _ expected: [[String: Any]]) -> String? {
    let got = document.fcurves
    if got.count != expected.count { return "curves: \(got.count) vs Blender's \(expected.count)" }
    for (ci, e) in expected.enumerated() {
      let want = curve(e)
      let have = got[ci]
      if have.selected != want.selected { return "curve \(ci) select \(have.selected) vs \(want.selected)" }
      if have.extrapolation != want.extrapolation { return "curve \(ci) extrapolation" }
      if (have.cycles != nil) != (want.cycles != nil) { return "curve \(ci) cycles" }
      if have.keyframes.count != want.keyframes.count {
        return "curve \(ci): \(have.keyframes.count) keys vs Blender's \(want.keyframes.count) \(have.keyframes.map(\.frame)) vs \(want.keyframes.map(\.frame))"
      }
      let ekeys = e["keys"] as! [[String: Any]]
      for (i, (h, w)) in zip(have.keyframes, want.keyframes).enumerated() {
        var diffs: [String] = []
        func bits(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern || (a == 0 && b == 0) }
        if !bits(h.frame, w.frame) || !bits(h.value, w.value) { diffs.append("co \(h.point) vs \(w.point)") }
        if !bits(h.handleLeft.frame, w.handleLeft.frame) || !bits(h.handleLeft.value, w.handleLeft.value) { diffs.append("left \(h.handleLeft) vs \(w.handleLeft)") }
        if !bits(h.handleRight.frame, w.handleRight.frame) || !bits(h.handleRight.value, w.handleRight.value) { diffs.append("right \(h.handleRight) vs \(w.handleRight)") }
        if h.handleLeftType != w.handleLeftType || h.handleRightType != w.handleRightType { diffs.append("types \(h.handleLeftType)/\(h.handleRightType) vs \(w.handleLeftType)/\(w.handleRightType)") }
        if h.interpolation != w.interpolation { diffs.append("ipo \(h.interpolation) vs \(w.interpolation)") }
        if h.easing != w.easing { diffs.append("easing") }
        let wantType = keyType(ekeys[i]["type"] as! String)
        if wantType == nil || h.type != wantType! { diffs.append("type \(h.type) vs \(ekeys[i]["type"]!)") }
        if h.selectedHandleLeft != w.selectedHandleLeft || h.selected != w.selected || h.selectedHandleRight != w.selectedHandleRight {
          diffs.append("select \([h.selectedHandleLeft, h.selected, h.selectedHandleRight]) vs \([w.selectedHandleLeft, w.selected, w.selectedHandleRight])")
        }
        if !diffs.isEmpty { return "curve \(ci) key \(i): " + diffs.joined(separator: "; ") }
      }
      // Values.
      let frames = (e["eval_frames"] as! [Any]).map(float)
      let values = (e["eval_values"] as! [Any]).map(float)
      for (f, v) in zip(frames, values) {
        let mine = have.value(at: f)
        if mine.bitPattern != v.bitPattern && !(mine == 0 && v == 0) { return "curve \(ci) value at \(f): \(mine) vs \(v)" }
      }
    }
    return nil
  }
}
