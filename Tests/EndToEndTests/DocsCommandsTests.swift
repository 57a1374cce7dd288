import AnimplotTestSupport
import Foundation
import Testing

/// Every command README.md and docs/*.md show in a ```sh block (a line starting `animplot ` or
/// `$ animplot `) runs, through the built binary; the commands of a block run in order, as a
/// reader would type them, in a fresh folder holding the inputs they name.
///
/// An input named by a path of the repository (`Examples/bouncing-ball.json`) is copied there
/// at the same path. Names standing for the reader's own files (`action.json`) are given by an
/// HTML comment before the block, which Markdown does not show:
/// `<!-- inputs: action.json=Examples/bouncing-ball.json goldens/=Fixtures/ -->`. A block that
/// needs what a test machine lacks is marked `<!-- not run: REASON -->`; one whose commands
/// exit otherwise than 0 by design (`diff` of two different pictures) says which exit codes
/// it expects, `<!-- exits: 0,1 -->`. A command in a block that is not ```sh is neither run
/// nor allowed, unless marked not to run: every command shown runs. The lines a block shows
/// after a `$ animplot` command are its output: what it prints (standard output, then standard
/// error) must be those lines, so that no number the docs show drifts from what animplot
/// prints; a command without them must print nothing on standard error.
@Suite("The commands of the docs")
struct DocsCommandsTests {
  /// A block's commands.
  struct Block: CustomStringConvertible, Sendable {
    var file: String
    /// Each command's line number and text, and the output the docs show for it.
    var commands: [(line: Int, text: String, shown: [String])]
    /// Name in the folder → repository path.
    var inputs: [String: String]
    /// The exit codes its commands may end with.
    var exits: Set<Int32> = [0]
    var description: String { "\(file):\(commands.first?.line ?? 0)" }
  }

  /// The documents whose commands run.
  static var documents: [String] {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// The commands of `documents`, the blocks marked not to run, and the commands shown outside
  /// a ```sh block and not marked (which would never run).
  static func blocks() throws -> (run: [Block], notRun: [String], unfenced: [String]) {
    var blocks: [Block] = []
    var notRun: [String] = []
    var unfenced: [String] = []
    for file in documents {
      let lines = try String(contentsOf: CLI.repository.appendingPathComponent(file), encoding: .utf8)
        .components(separatedBy: "\n")
      var inputs: [String: String] = [:]
      var skip: String?
      var exits: Set<Int32> = [0]
      var block: String?
      var lastFence = 0
      // Whether the lines that follow are the output of the block's last command.
      var output = false
      for (index, line) in lines.enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if block == nil, trimmed.hasPrefix("<!-- inputs:"), trimmed.hasSuffix("-->") {
          for pair in trimmed.dropFirst("<!-- inputs:".count).dropLast(3).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { inputs[parts[0]] = parts[1] }
          }
        } else if block == nil, trimmed.hasPrefix("<!-- exits:"), trimmed.hasSuffix("-->") {
          exits = Set(trimmed.dropFirst("<!-- exits:".count).dropLast(3).split(separator: ",").compactMap {
            Int32($0.trimmingCharacters(in: .whitespaces))
          })
        } else if block == nil, trimmed.hasPrefix("<!-- not run:"), trimmed.hasSuffix("-->") {
          skip = String(trimmed.dropFirst("<!-- not run:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
        } else if trimmed.hasPrefix("```") {
          output = false
          if block == nil {
            block = String(trimmed.dropFirst(3))
          } else {
            block = nil
            inputs = [:]
            skip = nil
            exits = [0]
          }
          lastFence = index + 1
        } else if let kind = block, kind != "sh", kind != "mermaid" {
          // (A diagram's `animplot --> AnimplotCommandLine` is no command.)
          var command = trimmed
          if command.hasPrefix("$ ") { command.removeFirst(2) }
          if command.hasPrefix("animplot "), skip == nil { unfenced.append("\(file):\(index + 1): \(command)") }
        } else if block == "sh" {
          var command = trimmed
          let prompted = command.hasPrefix("$ ")
          if prompted { command.removeFirst(2) }
          if output, !prompted, !command.hasPrefix("animplot "), !trimmed.isEmpty {
            blocks[blocks.count - 1].commands[blocks[blocks.count - 1].commands.count - 1].shown.append(line)
            continue
          }
          output = false
          guard command.hasPrefix("animplot ") else { continue }
          if let skip {
            notRun.append("\(file):\(index + 1): \(skip)")
            continue
          }
          if let last = blocks.last, last.file == file, last.commands.last.map({ $0.line > lastFence }) == true {
            blocks[blocks.count - 1].commands.append((index + 1, command, []))
          } else {
            blocks.append(Block(file: file, commands: [(index + 1, command, [])], inputs: inputs, exits: exits))
          }
          output = prompted
        }
      }
    }
    return (blocks, notRun, unfenced)
  }

  /// The words of `command` as a shell splits them (quotes removed), up to a comment.
  static func words(_ command: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    var inWord = false
    for c in command {
      if let q = quote {
        if c == q { quote = nil } else { word.append(c) }
      } else if c == "'" || c == "\"" {
        quote = c
        inWord = true
      } else if c == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else if c == "#" && !inWord {
        break
      } else {
        word.append(c)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  @Test("the docs' commands are found, and few are left out")
  func found() throws {
    let (run, notRun, unfenced) = try Self.blocks()
    #expect(run.flatMap(\.commands).count >= 35, "\(run.flatMap(\.commands).count) commands")
    // Servers run until stopped: their six commands (README, docs/serve.md) are run by
    // ServeTests, ReviewTests and the browser tests instead.
    let servers = notRun.filter { $0.contains("a server runs until stopped") }
    #expect(servers.count <= 6, "\(servers)")
    #expect(notRun.count - servers.count <= 4, "\(notRun)")
    // A command outside a ```sh block would never run: it must be in one, or marked.
    #expect(unfenced.isEmpty, "\(unfenced)")
    #expect(run.contains { $0.file == "README.md" } && run.contains { $0.file == "docs/check.md" })
    #expect(Self.words("animplot x 'a b' \"c d\" e#f  # g") == ["animplot", "x", "a b", "c d", "e#f"])
    // The output the docs show is found, and compared (`runs`).
    let diff = try #require(run.first { $0.file == "docs/check.md" && $0.commands.contains { $0.text.hasPrefix("animplot diff") } })
    #expect(diff.commands.contains { $0.shown.first?.hasPrefix("differ: ") == true })
  }

  @Test("each runs and exits as the docs say (0 unless marked)", arguments: try blocks().run)
  func runs(_ block: Block) throws {
    let fm = FileManager.default
    let folder = try CLI.temporaryDirectory()
    defer { try? fm.removeItem(at: folder) }
    // The inputs: every word that is a path of the repository, and the block's stand-ins.
    var copies = block.inputs
    for word in block.commands.flatMap({ Self.words($0.text).dropFirst() }) where !word.hasPrefix("-") && !word.isEmpty {
      let path = word.hasSuffix("/") ? String(word.dropLast()) : word
      if !path.hasPrefix("/"), !path.hasPrefix(".."), fm.fileExists(atPath: CLI.repository.appendingPathComponent(path).path) {
        copies[path] = path
      }
    }
    for (name, source) in copies {
      let target = folder.appendingPathComponent(name.hasSuffix("/") ? String(name.dropLast()) : name)
      try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try fm.copyItem(at: CLI.repository.appendingPathComponent(source), to: target)
    }
    let binaryFolder = CLI.binary.deletingLastPathComponent().path
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["CI"] = nil
    environment["ANIMPLOT_RECORD"] = nil
    for (line, text, shown) in block.commands {
      let command = "\(block.file):\(line): \(text)"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", text]
      process.currentDirectoryURL = folder
      process.environment = environment
      // Standard error and output to files: no pipe to fill and block on.
      let errorFile = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
      let outputFile = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
      _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
      _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
      let err = try FileHandle(forWritingTo: errorFile)
      let out = try FileHandle(forWritingTo: outputFile)
      process.standardOutput = out
      process.standardError = err
      process.standardInput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      try err.close()
      try out.close()
      let stderr = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
      let stdout = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
      try FileManager.default.removeItem(at: errorFile)
      try FileManager.default.removeItem(at: outputFile)
      #expect(block.exits.contains(process.terminationStatus), "\(command): exit \(process.terminationStatus): \(stderr)")
      if shown.isEmpty {
        #expect(stderr.isEmpty, "\(command): \(stderr)")
      } else {
        let printed = (stdout + stderr).split(separator: "\n").map(String.init)
        #expect(printed == shown, "\(command): the docs show \(shown), animplot prints \(printed)")
      }
    }
  }

  static let yaml = Requirement(
    what: "python3's yaml package", missing: "python3 cannot import yaml",
    howToRun: "install it (Debian: apt-get install python3-yaml; or pip install pyyaml) and run make test",
    isMet: (try? python(["-c", "import yaml"])) == 0)

  @Test("the CI recipes' YAML parses", .requires(yaml))
  func yamlParses() throws {
    let text = try String(contentsOf: CLI.repository.appendingPathComponent("docs/check.md"), encoding: .utf8)
    let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    #expect(blocks.count == 2)
    for block in blocks {
      let script = "import sys, yaml; d = yaml.safe_load(sys.stdin); assert isinstance(d, dict) and d"
      #expect(try Self.python(["-c", script], input: block) == 0, "\(block.prefix(200))")
    }
  }

  /// python3's exit status with `input` on its standard input.
  static func python(_ arguments: [String], input: String = "") throws -> Int32 {
    try Run.python(arguments, stdin: Data(input.utf8)).status
  }
}
