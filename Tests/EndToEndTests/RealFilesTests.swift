import AnimplotCore
import AnimplotIO
import AnimplotTestSupport
import Foundation
import Testing

/// Every verb on the public glTF, Unity and Lottie files: imported transforms carry Blender's
/// meaning, so `path` and `preview` draw every file that moves something, and the Dope
/// Sheet's labels read as Blender's channel list shows them.
@Suite("Other tools' real files")
struct RealFilesTests {
  /// The sample files animplot reads (licences and notes left out), relative to the folder.
  static func files() -> [String] {
    let root = SharedFolder.samples.file("").path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var out: [String] = []
    while let relative = walker.nextObject() as? String {
      let ext = (relative as NSString).pathExtension.lowercased()
      let name = (relative as NSString).lastPathComponent
      if ["gltf", "glb", "anim", "lottie"].contains(ext) || (ext == "json" && name.hasPrefix("lottie")) {
        out.append(relative)
      }
    }
    return out.sorted()
  }

  @Test(.needs(SharedFolder.samples)) func pathAndPreviewDrawEveryFileThatMovesSomething() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    var drawn = 0
    let files = Self.files()
    #expect(files.count >= 20)
    for file in files {
      let input = SharedFolder.samples.file(file).path
      let document = try ActionFile.load(input)
      let moves = ObjectChannels.of(document.actions).contains(where: \.hasTransform)
      for verb in [["path"], ["preview", "--filmstrip", "2"]] {
        let out = dir.appendingPathComponent("out.png").path
        let r = try CLI.run(verb + [input, "--width", "320", "--height", "200", "-o", out])
        if moves {
          #expect(r.status == 0, "\(verb[0]) \(file): \(r.stderr)")
          #expect(pngSize([UInt8]((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data())) != nil, "\(verb[0]) \(file)")
          drawn += 1
        } else {
          #expect(r.status == 2 && r.stderr.contains("no "), "\(verb[0]) \(file): \(r.stderr)")
        }
        try? FileManager.default.removeItem(atPath: out)
      }
    }
    #expect(drawn >= 36)
  }

  /// The animations a file has, counted from the file itself: a glTF's `animations`, one clip
  /// of a Unity file, one animation of a Lottie JSON file.
  static func animationCount(_ path: String) throws -> Int {
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    switch (path as NSString).pathExtension.lowercased() {
    case "glb":
      let length = Int(data[12]) | Int(data[13]) << 8 | Int(data[14]) << 16 | Int(data[15]) << 24
      data = data.subdata(in: 20..<(20 + length))
      fallthrough
    case "gltf":
      let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
      return (json["animations"] as? [Any])?.count ?? 0
    default: return 1
    }
  }

  @Test(.needs(SharedFolder.samples)) func infoListsEveryAnimationOfEveryFile() throws {
    for file in Self.files() {
      let path = SharedFolder.samples.file(file).path
      let r = try CLI.run(["info", path, "--format", "json"])
      #expect(r.status == 0, "\(file): \(r.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
      let actions = json["actions"] as! [[String: Any]]
      #expect(actions.count == (try Self.animationCount(path)), "\(file)")
      #expect(json["kind"] as? String != nil)
      for action in actions {
        let channels = action["channels"] as! [[String: Any]]
        #expect(!channels.isEmpty && !(action["objects"] as! [String]).isEmpty, "\(file)")
        #expect(channels.allSatisfy { ($0["keys"] as! Int) > 0 && !($0["interpolations"] as! [String]).isEmpty })
      }
      let text = try CLI.run(["info", path])
      #expect(text.status == 0 && text.stdout.hasPrefix(path + ": "))
      #expect(text.stdout.components(separatedBy: "\n[").count - 1 == actions.count, "\(file)")
    }
    // Times in seconds land on the frame they mean: BoxAnimated's 3.70833 s at 24 fps is 89.
    let box = try CLI.run(["info", SharedFolder.samples.file("gltf/BoxAnimated/BoxAnimated.glb").path])
    #expect(box.stdout.contains("keys 0–89, scene 0–89"), "\(box.stdout)")
  }

  @Test(.needs(SharedFolder.samples)) func dopeSheetLabelsAreUniqueInTheirGroupAndDoNotRepeatIt() throws {
    for file in Self.files() {
      let r = try CLI.run(["dopesheet", SharedFolder.samples.file(file).path, "--format", "json"])
      #expect(r.status == 0, "\(file): \(r.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
      var group: String?
      var seen = Set<String>()
      for row in json["rows"] as! [[String: Any]] {
        let name = row["name"] as! String
        switch row["kind"] as! String {
        case "group", "action", "object", "summary":
          group = row["kind"] as! String == "group" ? name : nil
          seen = []
        default:
          #expect(seen.insert(name).inserted, "\(file): \(name) twice in \(group ?? "its action")")
          if let group { #expect(!name.contains(group), "\(file): \(name) repeats its group \(group)") }
        }
      }
    }
  }
}

/// `--channel-list-width`: the list as wide as asked (within 5/12 of the picture), in the
/// Graph Editor and the Dope Sheet; out of range is a usage error.
/// `info` names a channel's modifiers as Blender does (its RNA type names).
@Suite("info of modifiers")
struct InfoModifiersTests {
  @Test func everyModifierTypeIsNamed() throws {
    let text = try CLI.run(["info", CLI.repository.appendingPathComponent("Examples/modifiers.json").path]).stdout
    for name in ["GENERATOR", "FNGENERATOR", "ENVELOPE", "CYCLES", "NOISE", "LIMITS", "STEPPED"] {
      #expect(text.contains("modifiers: \(name)"), "\(name) missing")
    }
  }
}

@Suite("--channel-list-width")
struct ChannelListWidthTests {
  @Test func theListIsAsWideAsAsked() throws {
    let ball = CLI.repository.appendingPathComponent("Examples/blender-bouncing-ball.json").path
    for verb in ["graph", "dopesheet"] {
      let r = try CLI.run([verb, ball, "--format", "json", "--channel-list-width", "300"])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.contains(#""channelList": {"#) || verb == "dopesheet")
      if verb == "graph" {
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect((json["channelList"] as! [String: Any])["width"] as! Double == 300)
      }
      let png = try CLI.temporaryDirectory().appendingPathComponent("l.png").path
      #expect(try CLI.run([verb, ball, "--channel-list-width", "300", "-o", png]).status == 0)
      let bad = try CLI.run([verb, ball, "--channel-list-width", "20", "-o", png + "x.png"])
      #expect(bad.status == 2 && bad.stderr.contains("--channel-list-width 20.0: expected a number of pixels from 100 to 2000"))
    }
  }
}

/// A view of one action on a file of several says which it took and how to choose.
@Suite("One action of several")
struct OneActionOfSeveralTests {
  @Test func graphEvalAndPlaySayWhichActionTheyTook() throws {
    let four = CLI.repository.appendingPathComponent("Examples/blender-four-actions.json").path
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for arguments in [
      ["graph", four, "-o", dir.appendingPathComponent("g.png").path],
      ["eval", four, "--at", "1"],
      ["play", four, "--frames", "1:3", "-o", dir.appendingPathComponent("p.apng").path],
    ] {
      let r = try CLI.run(arguments)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stderr == "animplot: \(four): \(arguments[0]) shows one action: the first of 4, \"BouncingBall\"; --action NAME or NUMBER (from 0) shows another, and 'animplot info \(four)' lists them\n")
      let chosen = try CLI.run(arguments + ["--action", "1"])
      #expect(chosen.status == 0 && chosen.stderr.isEmpty, "\(chosen.stderr)")
    }
    // Views of every action, and files of one, say nothing.
    let sheet = try CLI.run(["dopesheet", four, "-o", dir.appendingPathComponent("d.png").path])
    #expect(sheet.status == 0 && sheet.stderr.isEmpty)
  }
}

/// `--height auto`: the Dope Sheet and the Graph Editor tall enough for every channel row.
@Suite("--height auto")
struct AutoHeightTests {
  @Test func everyRowFits() throws {
    let four = CLI.repository.appendingPathComponent("Examples/blender-four-actions.json").path
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let rows = try CLI.run(["dopesheet", four, "--format", "json"])
    let count = ((try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as! [String: Any])["rows"] as! [Any]).count
    let png = dir.appendingPathComponent("d.png")
    let r = try CLI.run(["dopesheet", four, "--height", "auto", "-o", png.path])
    #expect(r.status == 0, "\(r.stderr)")
    let height = try #require(pngSize([UInt8](try Data(contentsOf: png)))).height
    // The scrub strip (23 px), then a row every 18 px, and one row's room below the last.
    #expect(height >= 23 + 18 * count && height <= 23 + 18 * (count + 2), "\(height) for \(count) rows")
    // The Graph Editor keeps its 900 px where the rows need fewer.
    let graph = dir.appendingPathComponent("g.png")
    #expect(try CLI.run(["graph", four, "--action", "0", "--height", "auto", "-o", graph.path]).status == 0)
    #expect(pngSize([UInt8](try Data(contentsOf: graph)))?.height == 900)
    let path = try CLI.run(["path", four, "--height", "auto", "-o", dir.appendingPathComponent("p.png").path])
    #expect(path.status == 2 && path.stderr.contains("--height auto: only graph and dopesheet fit their rows"))
  }
}

/// `--keys` and `--select`: readable by default, Blender's look on request.
@Suite("--keys and --select")
struct KeysAndSelectTests {
  /// The keys the Graph Editor's layout JSON lists as drawn, per curve.
  static func drawnKeys(_ arguments: [String]) throws -> [Int] {
    let r = try CLI.run(["graph"] + arguments + ["--format", "json"])
    #expect(r.status == 0, "\(r.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    return (json["curves"] as! [[String: Any]]).map { ($0["keys"] as! [[String: Any]]).filter { $0["hidden"] as? Bool != true }.count }
  }

  @Test func sampledCurvesLoseTheMarkersThatWouldTouch() throws {
    let dir = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // 400 samples of a sine, one a frame: a sampled curve.
    var csv = "frame,location[2]\n"
    for i in 0..<400 { csv += "\(i),\(sin(Double(i) / 25))\n" }
    let file = dir.appendingPathComponent("wave.csv")
    try csv.write(to: file, atomically: true, encoding: .utf8)
    let size = ["--width", "900", "--height", "500"]
    let all = try Self.drawnKeys([file.path, "--keys", "all"] + size)
    let auto = try Self.drawnKeys([file.path] + size)
    let none = try Self.drawnKeys([file.path, "--keys", "none"] + size)
    #expect(all == [400])
    // The first and last, the lowest and the highest are kept; the crowded rest goes.
    #expect(auto[0] >= 4 && auto[0] < 40, "\(auto)")
    #expect(none == [0])
    // Keys set by hand keep every marker however small the picture (Blender's look).
    let ball = CLI.repository.appendingPathComponent("Examples/blender-bouncing-ball.json").path
    #expect(try Self.drawnKeys([ball, "--width", "300", "--height", "200"]) == (try Self.drawnKeys([ball, "--width", "300", "--height", "200", "--keys", "all"])))
  }

  @Test func selectAllNoneOrTheFiles() throws {
    let ball = CLI.repository.appendingPathComponent("Examples/blender-bouncing-ball.json").path
    func selected(_ extra: [String]) throws -> (curves: Int, keys: Int) {
      let r = try CLI.run(["graph", ball, "--format", "json"] + extra)
      let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
      let curves = json["curves"] as! [[String: Any]]
      return (
        curves.filter { $0["selected"] as? Bool == true }.count,
        curves.flatMap { $0["keys"] as! [[String: Any]] }.filter { $0["selected"] as? Bool == true }.count
      )
    }
    let file = try selected([]), all = try selected(["--select", "all"]), none = try selected(["--select", "none"])
    #expect(all.curves > file.curves && all.keys > file.keys)
    #expect(none.curves == 0 && none.keys == 0)
  }
}
