import AnimplotCommandLine
import AnimplotCore
import AnimplotEdit
import AnimplotIO
import AnimplotPlatform
import Testing

/// An edit script's work is bounded before it is done (issue 25: one `sample` to a million keys
/// and 60,000 `smooth`s would have run for hours): each operation's cost is told before it
/// runs and charged to the run's budget, and the operation past it is refused with the edit
/// left as it was.
struct EditBudgetTests {
  /// Two keys `frames` apart (the finding's action, at a smaller scale).
  static func action(frames: Int) throws -> ActionDocument {
    let text = """
      {"animplot": 1, "name": "A", "tracks": [{"dataPath": "location", "index": 0, "keyframes": [{"frame": 1, "value": 0}, {"frame": \(frames + 1), "value": 1}]}]}
      """
    return try ActionDecoder.decode(Array(text.utf8), file: "long.json")
  }

  /// `select_all`, `sample`, `select_all`, then `smooths` smooths.
  static func script(smooths: Int) -> EditScript {
    EditScript(operations: [.selectAll(.select), .sample, .selectAll(.select)] + Array(repeating: .smooth, count: smooths))
  }

  @Test func aScriptAtItsBudgetRunsAndOneVisitLessRefusesItsLastOperation() throws {
    let start = try ActionEdit(try Self.action(frames: 2000), action: nil, file: "long.json")
    let script = Self.script(smooths: 5)
    var full = start
    var measured = ActionEdit.Budget()
    _ = try full.apply(script, budget: &measured) { "ops.json: ops[\($0)]" }
    // Each smooth visits the 2001 keys of the one curve, the curve, and itself.
    #expect(full.editDocument.keyCount == 2001)
    #expect(measured.spent > 5 * 2003)

    var atBudget = start
    var exact = ActionEdit.Budget(work: measured.spent)
    _ = try atBudget.apply(script, budget: &exact) { "ops.json: ops[\($0)]" }
    #expect(atBudget.editDocument == full.editDocument)
    #expect(exact.spent == measured.spent)

    var refused = start
    var short = ActionEdit.Budget(work: measured.spent - 1)
    do {
      _ = try refused.apply(script, budget: &short) { "ops.json: ops[\($0)]" }
      Issue.record("a script one visit over its budget ran")
    } catch {
      #expect(
        error.message
          == "ops.json: ops[7]: smooth would take the edit past \(measured.spent - 1) key visits, animplot's limit for one run (the action holds 2001 keys here, and the operations before visited \(measured.spent - 2003)); edit fewer keys or run fewer operations at a time"
      )
    }
    // Nothing of the script stays: not its first operations, not what they spent.
    #expect(refused.editDocument == start.editDocument)
    #expect(short.spent == 0)
  }

  /// One budget for a run's scripts together (`--ops` then `--op`s): the second is charged
  /// what the first spent.
  @Test func scriptsOfOneRunShareTheBudget() throws {
    var edit = try ActionEdit(try Self.action(frames: 100), action: nil, file: "long.json")
    var budget = ActionEdit.Budget()
    _ = try edit.apply(Self.script(smooths: 1), budget: &budget) { "a: ops[\($0)]" }
    let first = budget.spent
    _ = try edit.apply(EditScript(operations: [.smooth]), budget: &budget) { _ in "--smooth" }
    #expect(budget.spent == first + 101 + 1 + 1)
    var tight = ActionEdit.Budget(work: budget.spent)
    tight.spent = budget.spent
    #expect(throws: CLIError.self) { try edit.apply(EditScript(operations: [.smooth]), budget: &tight) { _ in "--smooth" } }
  }

  /// A decimate is charged what it counted as it ran when that is more than it was told (a
  /// zigzag of Bézier keys refits far more than its search, all it is told), and stops at
  /// what is left of the budget, the edit as it was.
  @Test func aDecimateIsChargedItsRefitsAndStopsAtTheBudget() throws {
    let keys = (0..<600).map { #"{"frame": \#($0), "value": \#($0 % 2), "interpolation": "bezier"}"# }
    let text = #"{"animplot": 1, "name": "Z", "tracks": [{"dataPath": "location", "index": 0, "keyframes": [\#(keys.joined(separator: ", "))]}]}"#
    let start = try ActionEdit(try ActionDecoder.decode(Array(text.utf8), file: "zigzag.json"), action: nil, file: "zigzag.json")
    let script = EditScript(operations: [.selectAll(.select), .decimate(.ratio(1))])
    var full = start
    var budget = ActionEdit.Budget()
    _ = try full.apply(script, budget: &budget) { "ops.json: ops[\($0)]" }
    #expect(full.editDocument.keyCount == 2)
    let told = start.editDocument.keyCount + 2 + 600 * 600 / EditCost.stepsPerVisit
    #expect(budget.spent > 600 * 600)
    #expect(budget.spent > 2 * told)

    var refused = start
    var short = ActionEdit.Budget(work: budget.spent / 2)
    do {
      _ = try refused.apply(script, budget: &short) { "ops.json: ops[\($0)]" }
      Issue.record("a decimate past its budget ran to the end")
    } catch {
      #expect(error.message.hasPrefix("ops.json: ops[1]: decimate: stopped at location[0] after "))
      #expect(error.message.hasSuffix("; select fewer keys or decimate in parts"))
    }
    #expect(refused.editDocument == start.editDocument)
    #expect(short.spent == 0)
  }

  /// An operation that would leave the action with more keys than the budget allows
  /// (`Limits.editKeys`) is refused before it adds any: each duplicate adds a copy of every
  /// selected key.
  @Test func keysAddedAreBoundedBeforeTheyAreMade() throws {
    var edit = try ActionEdit(try Self.action(frames: 999), action: nil, file: "long.json")
    var operations: [EditOperation] = [.selectAll(.select), .sample, .selectAll(.select)]
    operations += Array(repeating: .duplicateMove(frames: 0.1, value: 0, snap: AutoSnap.none), count: 4)
    var budget = ActionEdit.Budget(keys: 4000)
    do {
      _ = try edit.apply(EditScript(operations: operations), budget: &budget) { "ops.json: ops[\($0)]" }
      Issue.record("a fifth thousand keys was made")
    } catch {
      #expect(
        error.message
          == "ops.json: ops[6]: duplicate_move could leave the action with 5000 keys, more than animplot's limit of 4000 for an edited action"
      )
    }
    #expect(edit.editDocument.keyCount == 2)
    // Three duplicates are within it.
    var three = try ActionEdit(try Self.action(frames: 999), action: nil, file: "long.json")
    var again = ActionEdit.Budget(keys: 4000)
    _ = try three.apply(EditScript(operations: operations.dropLast()), budget: &again) { "ops.json: ops[\($0)]" }
    #expect(three.editDocument.keyCount == 4000)
  }

  /// An action already holding more keys than the limit can still be selected in and cut
  /// down; only an operation that adds keys is held to it.
  @Test func anActionPastTheKeyLimitCanStillBeCutDown() throws {
    var edit = try ActionEdit(try Self.action(frames: 999), action: nil, file: "long.json")
    var budget = ActionEdit.Budget(keys: 1)
    _ = try edit.apply(EditScript(operations: [.select(keys: [0], part: .key, extend: false), .delete]), budget: &budget) { "ops[\($0)]" }
    #expect(edit.editDocument.keyCount == 1)
    do {
      _ = try edit.apply(EditScript(operations: [.insertKeyframe(.all)]), budget: &budget) { "ops[\($0)]" }
      Issue.record("a key was added past the limit")
    } catch {
      #expect(error.message == "ops[0]: insert could leave the action with 2 keys, more than animplot's limit of 1 for an edited action")
    }
  }

  /// Two keys with a Noise of `octaves` of Blender 5.0 (depth 32767 at lacunarity 1.0001
  /// keeps every octave).
  static func deepNoise() throws -> ActionDocument {
    let text = """
      {"animplot": 1, "blender": "5.0", "name": "A", "tracks": [{"dataPath": "location", "index": 0, "keyframes": [{"frame": 1, "value": 0}, {"frame": 31, "value": 1}], \
      "modifiers": [{"type": "noise", "settings": {"depth": 32767, "lacunarity": 1.0001, "useLegacyNoise": false}}]}]}
      """
    return try ActionDecoder.decode(Array(text.utf8), file: "deep.json")
  }

  /// Modifier evaluation is bounded over the whole run (`Limits.modifierSteps`), not each
  /// operation alone: of many `insert_keyframe`s, each within the limit, the one that takes
  /// the run past it is refused and nothing of the script stays; a second script of the run
  /// is charged what the first spent.
  @Test func modifierStepsAreChargedToTheRun() throws {
    let start = try ActionEdit(try Self.deepNoise(), action: nil, file: "deep.json")
    let steps = start.editDocument.curves[0].fcurve.modifierSteps
    #expect(steps > 32768)
    let inserts = EditScript(operations: Array(repeating: .insertKeyframe(.all), count: 30))
    var edit = start
    var budget = ActionEdit.Budget(modifierSteps: 10 * steps + steps / 2)
    do {
      _ = try edit.apply(inserts, budget: &budget) { "ops.json: ops[\($0)]" }
      Issue.record("30 evaluations ran within a budget of 10")
    } catch {
      #expect(error.message.hasPrefix(
        "ops.json: ops[10]: insert would take the edit past \(10 * steps + steps / 2) steps of modifier evaluation, animplot's limit for one run "
          + "(the operations before took \(10 * steps), leaving \(steps / 2)): channel \"X Location\" (\"location[0]\"), modifiers[0]"))
      #expect(!error.message.contains("\n"))
    }
    #expect(edit.editDocument == start.editDocument)
    #expect(budget.modifierStepsSpent == 0)

    _ = try edit.apply(EditScript(operations: Array(inserts.operations.prefix(10))), budget: &budget) { "a: ops[\($0)]" }
    #expect(budget.modifierStepsSpent == 10 * steps)
    #expect(throws: CLIError.self) { try edit.apply(EditScript(operations: [.insertKeyframe(.all)]), budget: &budget) { _ in "--op #1" } }
    #expect(budget.modifierStepsSpent == 10 * steps)
  }

  /// `sample` is charged every sample of every run together: 29 evaluations of the deep
  /// Noise (frames 2 to 30), refused whole within 28, run within 29.
  @Test func sampleIsChargedAllItsSamples() throws {
    let start = try ActionEdit(try Self.deepNoise(), action: nil, file: "deep.json")
    let steps = start.editDocument.curves[0].fcurve.modifierSteps
    let script = EditScript(operations: [.selectAll(.select), .sample])
    var refused = start
    var short = ActionEdit.Budget(modifierSteps: 29 * steps - 1)
    #expect(throws: CLIError.self) { try refused.apply(script, budget: &short) { "ops[\($0)]" } }
    #expect(refused.editDocument == start.editDocument)
    var exact = ActionEdit.Budget(modifierSteps: 29 * steps)
    var ran = start
    _ = try ran.apply(script, budget: &exact) { "ops[\($0)]" }
    #expect(ran.editDocument.keyCount == 31)
    #expect(exact.modifierStepsSpent == 29 * steps)
  }
}
