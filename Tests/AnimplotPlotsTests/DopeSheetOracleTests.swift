import AnimplotCore
import AnimplotPlots
import AnimplotTestSupport
import Testing

/// Every dope-sheet fact of Blender 3.4.1's realistic actions: per channel its key frames and
/// types, its holds and its non-Bézier spans; the Summary's frames; the rows Blender lists.
@Suite("Dope Sheet against Blender's oracle", .needs(SharedFolder.oracle))
struct DopeSheetOracleTests {
  static let oracle = Result { try DopeSheetOracle.load() }

  @Test("the oracle holds Blender's four realistic actions")
  func oraclePresent() throws {
    let actions = try Self.oracle.get()
    #expect(actions.map(\.action.name) == ["BouncingBall", "CameraMove", "WalkCycle", "LogoSting"])
  }

  @Test(
    "rows: Summary, the action, its groups, then their channels")
  func rows() throws {
    for entry in try Self.oracle.get() {
      var expected = ["summary Summary 0", "action \(entry.action.name) 1"]
      for group in entry.groups {
        expected.append("group \(group) 2")
        for c in entry.channels where c.group == group {
          expected.append("channel \(FCurve.blenderLabel(dataPath: c.dataPath, index: c.index)) 3")
        }
      }
      let rows = DopeSheetLayout(action: entry.action).rows
      #expect(rows.map { "\($0.kind) \($0.name) \($0.depth)" } == expected, "\(entry.action.name)")
    }
  }

  @Test(
    "every channel's keys, holds and interpolation spans match")
  func channels() throws {
    var failures: [String] = []
    var counts = (channels: 0, keys: 0, holds: 0, segments: 0, lines: 0)
    for entry in try Self.oracle.get() {
      let rows = DopeSheetLayout(action: entry.action).rows
      for c in entry.channels {
        let name = "\(entry.action.name)/\(c.dataPath)[\(c.index)]"
        guard
          let row = rows.first(where: {
            $0.kind == .channel && $0.dataPath == c.dataPath && $0.index == c.index
          })
        else {
          failures.append("\(name): no row")
          continue
        }
        counts.channels += 1
        counts.keys += c.frames.count
        counts.holds += c.holds.count
        if row.keys.map(\.frame) != c.frames {
          failures.append("\(name): frames \(row.keys.map(\.frame)), want \(c.frames)")
        }
        if row.keys.map(\.type) != c.types {
          failures.append("\(name): types \(row.keys.map(\.type)), want \(c.types)")
        }
        if row.holds != c.holds { failures.append("\(name): holds \(row.holds), want \(c.holds)") }

        // Blender marks the span after every key whose interpolation is not Bézier.
        let lines = c.frames.indices.dropLast().filter { c.interpolations[$0] != "BEZIER" }.map {
          InterpolationLine(start: c.frames[$0], end: c.frames[$0 + 1], mixed: false)
        }
        counts.segments += max(c.frames.count - 1, 0)
        counts.lines += lines.count
        if row.interpolationLines != lines {
          failures.append("\(name): interpolation lines \(row.interpolationLines), want \(lines)")
        }
      }
    }
    print(
      "dope-sheet oracle: \(counts.channels) channels, \(counts.keys) keys (frame and type),",
      "\(counts.holds) holds, \(counts.segments) segments (\(counts.lines) non-Bézier) compared")
    #expect(counts.channels == 36)
    #expect(failures.isEmpty, "\(failures.count) differences:\n\(failures.joined(separator: "\n"))")
  }

  @Test(
    "the Summary, action and group rows hold the union of the channels' frames")
  func summary() throws {
    var frames = 0
    for entry in try Self.oracle.get() {
      frames += entry.summaryFrames.count
      for row in DopeSheetLayout(action: entry.action).rows where row.kind != .channel {
        #expect(row.keys.map(\.frame) == entry.summaryFrames, "\(entry.action.name) \(row.kind) row")
      }
    }
    print("dope-sheet oracle: \(frames) Summary frames compared")
    #expect(frames == 46)
  }
}
