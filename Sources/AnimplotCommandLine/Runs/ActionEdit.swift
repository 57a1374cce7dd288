import AnimplotCore
import AnimplotEdit
import AnimplotIO
import AnimplotPlatform

/// One action of a document under Blender's Graph Editor operations: what `animplot edit` does
/// to its input, and what `animplot serve --edit` does to a served file between saves.
package struct ActionEdit: Sendable {
  /// The document the edits started from.
  package let original: ActionDocument
  /// The position of the edited action in the document.
  package let actionIndex: Int
  /// The scene the action gave its edits (the file's, before any script's settings).
  package let originalScene: EditScene
  /// The action's curves, selection, scene and editor settings as edited so far.
  package var editDocument: EditDocument

  /// Starts editing the action `name` (name or number; the first when `nil`) of `document`.
  /// - Throws: `CLIError` naming `file` and the place: no such action, or a key whose handles
  ///   overflow 32-bit floats (the input's fault, not an edit's).
  package init(_ document: ActionDocument, action name: String?, file: String) throws(CLIError) {
    original = document
    do {
      actionIndex = try Self.index(of: name, in: document)
    } catch {
      throw CLIError("\(file): \(error.path.isEmpty ? "" : error.path + ": ")\(error.message)")
    }
    try RecalcArguments.refuseOverflow(document, input: file)
    originalScene = Self.scene(of: document.actions[actionIndex])
    editDocument = EditDocument(curves: document.actions[actionIndex].tracks, scene: originalScene)
    editDocument.modifierStepBudget = Limits.modifierSteps
  }

  /// What one run of edit scripts (`animplot edit`, one `POST /api/edit`) has spent of
  /// `Limits.editWork` so far.
  package struct Budget: Sendable {
    /// The key visits the run may make (`Limits.editWork`; tests give less).
    package let work: Int
    /// The most keys the action may hold after an operation (`Limits.editKeys`).
    package let keys: Int
    /// The steps of modifier evaluation the run may make (`Limits.modifierSteps`).
    package let modifierSteps: Int
    /// The key visits made so far.
    package var spent = 0
    /// The steps of modifier evaluation made so far.
    package var modifierStepsSpent = 0
    package init(work: Int = Limits.editWork, keys: Int = Limits.editKeys, modifierSteps: Int = Limits.modifierSteps) {
      self.work = work
      self.keys = keys
      self.modifierSteps = modifierSteps
    }
  }

  /// Applies `script`'s settings and operations in order; `place(i)` names operation `i` in
  /// messages. Each operation's cost is told before it runs (`EditDocument.cost(of:)`) and
  /// charged to `budget`: an operation that would pass its work (`Limits.editWork`) or its
  /// steps of modifier evaluation (`Limits.modifierSteps`, `sample` and `insert_keyframe`),
  /// or add keys past the most the action may hold (`Limits.editKeys`), is refused before it
  /// runs. Returns a line for each operation that changed nothing (Blender's "cancelled").
  /// - Throws: `CLIError` naming the operation that failed or was refused; the edit is then as
  ///   before the script.
  package mutating func apply(_ script: EditScript, budget: inout Budget, place: (Int) -> String) throws(CLIError) -> [String] {
    var next = editDocument
    var notes: [String] = []
    script.apply(to: &next.scene)
    script.apply(to: &next.editor)
    var spent = budget.spent
    var modifierSpent = budget.modifierStepsSpent
    for (i, operation) in script.operations.enumerated() {
      let cost = next.cost(of: operation)
      let keys = next.keyCount
      if cost.work > budget.work - spent {
        throw CLIError(
          "\(place(i)): \(operation.scriptName) would take the edit past \(budget.work) key visits, animplot's limit for one run "
            + "(the action holds \(keys) keys here, and the operations before visited \(spent)); edit fewer keys or run fewer operations at a time")
      }
      // An action already past the limit can still be selected in, cut down or reshaped.
      if cost.addedKeys > 0 && cost.addedKeys > budget.keys - keys {
        throw CLIError(
          "\(place(i)): \(operation.scriptName) could leave the action with \(keys + cost.addedKeys) keys, "
            + "more than animplot's limit of \(budget.keys) for an edited action")
      }
      let modifierWork = next.modifierWork(of: operation)
      let modifierLeft = budget.modifierSteps - modifierSpent
      do {
        try ModifierWork.check(modifierWork, budget: modifierLeft)
      } catch {
        throw CLIError(
          "\(place(i)): \(operation.scriptName) would take the edit past \(budget.modifierSteps) steps of modifier evaluation, animplot's limit for one run"
            + (modifierSpent > 0 ? " (the operations before took \(modifierSpent), leaving \(modifierLeft))" : "") + ": \(error.description(quoting: { "\"\($0.prefix(80))\"" }))")
      }
      // What is left bounds an operation whose work is only known as it runs (decimate).
      next.workBudget = budget.work - spent
      modifierSpent += modifierWork.reduce(0) { $0 + $1.0.modifierSteps(upTo: modifierLeft) * $1.1 }
      let status: EditStatus
      var ran = 0
      do {
        status = try next.apply(operation, work: &ran)
      } catch {
        throw CLIError("\(place(i)): \(error)")
      }
      next.workBudget = .max
      spent += max(cost.work, ran)
      // As Blender's operator, it changed nothing; a script may mean that, so it goes on.
      if status == .cancelled { notes.append("\(place(i)): changed nothing (nothing it acts on)") }
    }
    editDocument = next
    budget.spent = spent
    budget.modifierStepsSpent = modifierSpent
    return notes
  }

  /// The document with the edited action, its keys as they came out (`keysAsStored`): what
  /// `edit` writes, and what a file reads back as.
  package var result: ActionDocument {
    var document = original
    var edited = document.actions[actionIndex]
    edited.tracks = editDocument.fcurves
    // The scene goes back to the file only where the script changed it.
    let scene = editDocument.scene
    if scene.currentFrame != originalScene.currentFrame { edited.currentFrame = scene.currentFrame }
    if scene.cursorValue != originalScene.cursorValue { edited.cursorValue = scene.cursorValue }
    if scene.markers != originalScene.markers { edited.markers = scene.markers }
    document.actions[actionIndex] = edited
    document.keysAsStored = true
    return document
  }

  /// The position of the action `name` picks (as `ActionDocument.action(named:)` reads it).
  static func index(of name: String?, in document: ActionDocument) throws(ActionDecodingError) -> Int {
    guard let name else { return 0 }
    if let i = document.actions.firstIndex(where: { $0.name == name }) { return i }
    let chosen = try document.action(named: name)
    if let i = Int(name), document.actions.indices.contains(i) { return i }
    return document.actions.firstIndex(of: chosen) ?? 0
  }

  /// The scene an action gives its edits: fps, range, current frame, cursor, markers.
  static func scene(of action: Action) -> EditScene {
    var scene = EditScene()
    scene.fps = action.fps
    let range = action.sceneRange
    scene.frameStart = range.lowerBound
    scene.frameEnd = range.upperBound
    scene.currentFrame = (action.currentFrame ?? range.lowerBound).rounded()
    scene.cursorValue = action.cursorValue ?? 0
    scene.markers = action.markers
    return scene
  }
}
