import AnimplotCore
import AnimplotEdit
import AnimplotTestSupport
import Foundation
import Testing

@Suite(.needs(SharedFolder.edits))
struct EditOracleTests {
  /// Every case of Blender's edit oracle whose operations are all supported: each step's state
  /// equals Blender's bit for bit (keys, handles, types, interpolation, easing, key types,
  /// selection, evaluated values).
  @Test func everyStepAsBlender() throws {
    var perOp: [String: (pass: Int, fail: Int)] = [:]
    var failures: [String] = []
    var skipped = 0
    var refused = 0
    for oracleCase in EditOracle.cases {
      var document = oracleCase.document
      for (n, step) in oracleCase.steps.enumerated() {
        let name = step.json["op"] as! String
        guard let op = step.operation else {
          skipped += 1
          break
        }
        var failure: String?
        do {
          try document.apply(op)
          failure = EditOracle.difference(document, step.curves)
        } catch let error as EditError where EditOracle.invalidKeyType(step.curves) {
          // Blender made a key of no key type, which the library refuses to (`docs/edit.md`).
          _ = error
          refused += 1
          break
        } catch {
          // Blender's operator raised too (a paste with nothing copied): the state is unchanged.
          failure = step.status == "ERROR" ? EditOracle.difference(document, step.curves) : "threw \(error)"
        }
        if let failure {
          perOp[name, default: (0, 0)].fail += 1
          failures.append("\(oracleCase.id) step \(n) \(step.json): \(failure)")
          break
        }
        perOp[name, default: (0, 0)].pass += 1
      }
    }
    let table = perOp.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.pass)/\($0.value.pass + $0.value.fail)" }
    print("edit oracle: " + table.joined(separator: ", ") + "; cases stopped at an unsupported op: \(skipped); refused (a key of no type): \(refused)")
    if ProcessInfo.processInfo.environment["ANIMPLOT_EDIT_MISMATCHES"] != nil {
      for f in failures { print("MISMATCH " + f) }
    }
    // Not every operation is Blender's bit for bit yet: each operation's count of steps equal
    // to Blender's may only grow (the counts measured when this floor was last raised). The
    // floors are seed 1's; another seed's file is only measured.
    if EditOracle.otherSeed != nil { return }
    for (op, floor) in Self.floors {
      let passed = perOp[op]?.pass ?? 0
      #expect(passed >= floor, "\(op): \(passed) steps as Blender's, fewer than the \(floor) measured before")
    }
    let total = perOp.values.reduce(0) { $0 + $1.pass }
    #expect(total >= Self.floors.values.reduce(0, +))
  }

  static let floors: [String: Int] = [
    "blend_to_default": 2, "blend_to_neighbor": 2, "breakdown": 2, "clean": 10, "copy": 6, "decimate": 8, "delete": 36,
    "duplicate_move": 6, "easing": 18, "equalize_handles": 8, "euler_filter": 10, "extrapolation": 6,
    "handle_type": 65, "insert": 73, "interpolation": 55, "mirror": 15, "paste": 6, "sample": 6, "scale": 37,
    "select": 217, "select_all": 4, "smooth": 6, "snap": 47, "translate": 86,
  ]

  /// Undo of every step of every case gives back the document before it exactly, and redo the
  /// one after.
  @Test func undoAndRedoEveryStep() throws {
    var steps = 0
    for oracleCase in EditOracle.cases {
      var history = EditHistory(oracleCase.document)
      var states = [history.current]
      for step in oracleCase.steps {
        guard let op = step.operation else { break }
        guard (try? history.apply(op)) != nil else { break }
        states.append(history.current)
        steps += 1
      }
      for expected in states.dropLast().reversed() {
        let undone = history.undo()
        #expect(undone)
        #expect(history.current == expected, "\(oracleCase.id): undo")
      }
      let undoneAtStart = history.undo()
      #expect(!undoneAtStart)
      for expected in states.dropFirst() {
        let redone = history.redo()
        #expect(redone)
        #expect(history.current == expected, "\(oracleCase.id): redo")
      }
      let redoneAtEnd = history.redo()
      #expect(!redoneAtEnd)
    }
    #expect(steps > 600)
  }
}
