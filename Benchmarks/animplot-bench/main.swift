// animplot's in-process benchmarks (run by `make bench` through Benchmarks/run.sh, beside the
// C baselines of the shared reference folder in the same run). Not a test: it prints
// tab-separated rows.
//
//   animplot-bench eval ACTION.json N     evaluation throughput of the first track
//   animplot-bench decode ACTION.json     decoding time of a whole action file
import AnimplotCore
import AnimplotIO

import AnimplotPlatform

func nowMilliseconds() -> Double { Clock.seconds() * 1e3 }

/// The median wall time of `passes` runs of `body`, in milliseconds.
func median(passes: Int, _ body: () -> Void) -> Double {
  var times: [Double] = []
  for _ in 0..<passes {
    let start = nowMilliseconds()
    body()
    times.append(nowMilliseconds() - start)
  }
  times.sort()
  return times[passes / 2]
}

/// A deterministic shuffle (SplitMix64), so runs are comparable.
func shuffled(_ values: [Float]) -> [Float] {
  var state: UInt64 = 42
  func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  var v = values
  for i in stride(from: v.count - 1, to: 0, by: -1) {
    let j = Int(next() % UInt64(i + 1))
    v.swapAt(i, j)
  }
  return v
}

func fail(_ message: String) -> Never {
  let line = "animplot-bench: \(message)\n"
  _ = FileDescriptor.write(2, Array(line.utf8))
  ThisProcess.exit(2)
}

func load(_ path: String) -> Action {
  do {
    return try ActionFile.load(path).action(named: nil)
  } catch {
    fail(error.description)
  }
}

func evalBenchmark(path: String, count: Int) {
  let action = load(path)
  guard let curve = action.tracks.first, let first = curve.keyframes.first, let last = curve.keyframes.last else {
    fail("\(path): no keys in the first track")
  }
  let f0 = Double(first.frame), f1 = Double(last.frame)
  let sequential = (0..<count).map { Float(f0 + (f1 - f0) * Double($0) / Double(count - 1)) }
  let random = shuffled(sequential)
  let passes = 21
  var sink: Float = 0
  func row(_ method: String, _ order: String, _ ms: Double) {
    print("\(method)\t\(order)\t\(ms)\t\(ms * 1e6 / Double(count))\t\(Double(count) / ms / 1e3)")
  }
  print("# \(curve.displayLabel): \(curve.keyframes.count) keys, frames \(f0)...\(f1), \(count) evaluations per pass, median of \(passes)")
  print("method\torder\tms_per_pass\tns_per_eval\tMevals_per_s")
  row("value(at:)", "sequential", median(passes: passes) { for f in sequential { sink += curve.value(at: f) } })
  row("value(at:)", "shuffled", median(passes: passes) { for f in random { sink += curve.value(at: f) } })
  row("values(at:)", "sorted", median(passes: passes) { sink += curve.values(at: sequential).reduce(0, +) })
  row("values(at:)", "shuffled", median(passes: passes) { sink += curve.values(at: random).reduce(0, +) })
  // The batch must equal the single evaluations it replaces.
  let mismatches = zip(curve.values(at: sequential), sequential.map { curve.value(at: $0) }).filter { $0 != $1 }.count
  print("# batch vs single: \(mismatches) of \(count) differ; checksum \(sink)")
}

/// The bytes of `path`, or the end of the run with its message.
func readOrFail(_ path: String) -> [UInt8] {
  do {
    return try ActionFile.readBytes(path)
  } catch {
    fail(error.description)
  }
}

func decodeBenchmark(path: String) {
  let bytes = readOrFail(path)
  var keys = 0
  let parse = median(passes: 11) {
    guard let doc = try? ActionDecoder.decode(bytes, file: path, recalculate: false) else { fail("\(path): decode failed") }
    keys = doc.actions.reduce(0) { $0 + $1.tracks.reduce(0) { $0 + $1.keyframes.count } }
  }
  let full = median(passes: 11) { _ = try? ActionDecoder.decode(bytes, file: path) }
  let read = median(passes: 11) { _ = try? ActionFile.readBytes(path) }
  print("# \(path): \(bytes.count) bytes, \(keys) keys, median of 11")
  print("step\tms")
  print("read file\t\(read)")
  print("decode (parse + validate)\t\(parse)")
  print("decode + recalculate handles\t\(full)")
}

/// Decoding another tool's file (W5's .glb): read, then decode with and without Blender's
/// handle recalculation; the rate counts the file's bytes (for a .glb almost all accessor data).
func importBenchmark(path: String) {
  let bytes = readOrFail(path)
  var keys = 0
  let raw = median(passes: 5) {
    guard let doc = try? InputKind.decode(bytes, file: path, path: path, recalculate: false) else {
      fail("\(path): decode failed")
    }
    keys = doc.actions.reduce(0) { $0 + $1.tracks.reduce(0) { $0 + $1.keyframes.count } }
  }
  let full = median(passes: 5) { _ = try? InputKind.decode(bytes, file: path, path: path) }
  let read = median(passes: 5) { _ = try? ActionFile.readBytes(path) }
  let mb = Double(bytes.count) / 1e6
  print("# \(path): \(bytes.count) bytes, \(keys) keys, median of 5")
  print("step\tms\tMB/s")
  print("read file\t\(read)\t\(Int(mb / read * 1000))")
  print("decode (keys as in the file)\t\(raw)\t\(Int(mb / raw * 1000))")
  print("decode + recalculate handles\t\(full)\t\(Int(mb / full * 1000))")
}

/// One pass (a sorted batch, or single random frames), for instruction-level profiling
/// (`valgrind --tool=callgrind`, `perf record`).
func profile(single: Bool, path: String, count: Int) {
  let curve = load(path).tracks[0]
  let f0 = curve.keyframes.first!.frame, f1 = curve.keyframes.last!.frame
  let frames = (0..<count).map { f0 + (f1 - f0) * Float($0) / Float(count - 1) }
  var sum: Float = 0
  if single {
    for f in shuffled(frames) { sum += curve.value(at: f) }
  } else {
    sum = curve.values(at: frames).reduce(0, +)
  }
  print(sum)
}

let args = CommandLine.arguments
switch args.count > 1 ? args[1] : "" {
case "eval" where args.count == 4:
  guard let n = Int(args[3]), n > 1 else { fail("N must be a whole number above 1") }
  evalBenchmark(path: args[2], count: n)
case "profile-sorted" where args.count == 4, "profile-single" where args.count == 4:
  profile(single: args[1] == "profile-single", path: args[2], count: Int(args[3]) ?? 1000)
case "decode" where args.count == 3:
  decodeBenchmark(path: args[2])
case "import" where args.count == 3:
  importBenchmark(path: args[2])
default:
  fail("usage: animplot-bench eval ACTION.json N | decode ACTION.json | import FILE")
}
