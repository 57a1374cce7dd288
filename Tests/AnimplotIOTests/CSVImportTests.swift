import AnimplotCore
import AnimplotIO
import Foundation
import Testing

@Suite("CSV import")
struct CSVImportTests {
  func decode(_ text: String, options: ImportOptions = ImportOptions()) throws -> Action {
    try InputKind.decode(Array(text.utf8), file: "s.csv", path: nil, kind: .csv, options: options).actions[0]
  }

  func failure(_ text: String, options: ImportOptions = ImportOptions()) -> String {
    do {
      _ = try decode(text, options: options)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func linearSamples() throws {
    let action = try decode("frame,location[0],\"my, value\"\r\n1,0,1\r\n5,2,3\r\n10,1,0\r\n")
    #expect(action.name == "s")
    #expect(action.tracks.map(\.displayLabel) == ["X Location", "my, value"])
    #expect(action.tracks[0].dataPath == "location" && action.tracks[0].index == 0)
    #expect(action.tracks[0].value(at: Float(3)) == 1)
    #expect(action.tracks[1].value(at: Float(7.5)) == 1.5)
  }

  @Test func timeInSecondsUsesTheFrameRate() throws {
    let action = try decode("time,x\n0,0\n0.5,1\n", options: ImportOptions(fps: 30))
    #expect(action.fps == 30)
    #expect(action.tracks[0].keyframes.map(\.frame) == [0, 15])
  }

  /// The Hermite curve passes through every sample, with the neighbours' slope at inner ones.
  @Test func hermitePassesThroughEverySample() throws {
    let frames: [Float] = [0, 10, 15, 40, 41]
    let values: [Float] = [0, 5, -2, 3, 3.5]
    let text = "frame,v\n" + zip(frames, values).map { "\($0),\($1)" }.joined(separator: "\n")
    for tension in [0.0, 0.5] {
      let track = try decode(text, options: ImportOptions(sampleInterpolation: .hermite, tension: tension)).tracks[0]
      for (f, v) in zip(frames, values) { #expect(track.value(at: f) == v) }
      let key = track.keyframes[1]
      let slope = Double(key.handleRight.value - key.value) / Double(key.handleRight.frame - key.frame)
      #expect(abs(slope - (1 - tension) * (-2 - 0) / 15) < 1e-5)
      // The curve is smooth at the key: both handles on one line.
      let left = Double(key.value - key.handleLeft.value) / Double(key.frame - key.handleLeft.frame)
      #expect(abs(left - slope) < 1e-5)
    }
  }

  @Test func badFilesNameLineAndColumn() {
    #expect(failure("frame,x,y\n0,1\n") == "s.csv:2:4: this row has 2 fields but the header has 3")
    #expect(failure("frame,x\n0,1,2\n") == "s.csv:2:5: this row has 3 fields but the header has 2")
    #expect(failure("frame,x\n0,\n") == "s.csv:2:3: the field is empty; expected a number")
    #expect(failure("frame,x\n0,abc\n") == "s.csv:2:3: \"abc\" is not a number")
    #expect(failure("frame,x\n0,nan\n") == "s.csv:2:3: \"nan\" is not a number")
    #expect(failure("frame,x\n0,1e39\n") == "s.csv:2:3: 1e39 does not fit a 32-bit float")
    #expect(failure("frame,x\n2,1\n1,1\n") == "s.csv:3:1: frame 1 does not come after 2 (line 2); samples must be in increasing order")
    // Times that increase on frames that do not: the frame rate is the cause, and said to be.
    #expect(
      failure("time,x\n0,0\n1,1\n", options: ImportOptions(fps: 1e-30))
        == "s.csv:3:1: time 1 is frame 0 at 1e-30 fps, not after frame 0 of time 0 (line 2); give a frame rate (--fps) that tells the samples apart")
    #expect(failure("value,x\n0,1\n") == "s.csv:1:1: the first column must be \"frame\" or \"time\" (seconds), found \"value\"")
    #expect(failure("frame,x,x\n0,1,1\n") == "s.csv:1:9: channel \"x\" appears twice")
    #expect(failure("frame,x\n") == "s.csv:2:1: the file has a header but no samples")
    #expect(failure("frame,\"x\n0,1\n") == "s.csv:1:7: a quoted field is not closed")
  }

  @Test func kindIsDetected() {
    #expect(Array("frame,x\n0,1\n".utf8).withUnsafeBufferPointer { InputKind.detect($0, path: nil) } == .csv)
    #expect(Array("\"Time\" ,x\n0,1\n".utf8).withUnsafeBufferPointer { InputKind.detect($0, path: nil) } == .csv)
    #expect(Array("a,b\n".utf8).withUnsafeBufferPointer { InputKind.detect($0, path: "x.csv") } == .csv)
  }
}

@Suite("Quaternion tracks in format 1")
struct QuaternionFormatTests {
  func track(_ c: String, _ values: [Float]) -> String {
    let keys = values.enumerated().map { #"{"frame": \#($0.offset * 10), "value": \#($0.element), "interpolation": "linear"}"# }
    return #"{"dataPath": "r", "index": 0, "quaternion": "\#(c)", "keyframes": [\#(keys.joined(separator: ","))]}"#
  }

  @Test func couplesFourComponentsAndSlerps() throws {
    let text = #"{"tracks": [\#(track("w", [1, 0])), \#(track("x", [0, 0])), \#(track("y", [0, 1])), \#(track("z", [0, 0]))]}"#
    let action = try ActionDecoder.decode(text).actions[0]
    #expect(action.tracks.allSatisfy { $0.quaternion?.isCoupled == true })
    // Half way between identity and 180° about y: 90° about y.
    #expect(abs(action.tracks[0].value(at: Float(5)) - 0.70710678) < 1e-6)
    #expect(abs(action.tracks[2].value(at: Float(5)) - 0.70710678) < 1e-6)
    // Filtering keeps each component's coupling.
    let y = action.filtered(by: ChannelPattern("r[0]")).tracks
    #expect(y.count == 4 || y.allSatisfy { $0.quaternion?.isCoupled == true })
  }

  @Test func incompleteSetsAreErrors() {
    let text = #"{"tracks": [\#(track("w", [1])), \#(track("x", [0])), \#(track("x", [0]))]}"#
    do {
      _ = try ActionDecoder.decode(text, file: "q.json")
      Issue.record("no error")
    } catch {
      #expect("\(error)" == "q.json: tracks[2].quaternion: a quaternion needs four tracks of dataPath \"r\", one for each of w, x, y, z; x appears twice")
    }
  }
}
