import AnimplotTestSupport
import Foundation
import Testing

/// What a newcomer reads first: every verb's `--help`, and the parser's messages for bad usage,
/// said as animplot's own (the option, the value, what was expected).
@Suite("help texts and usage messages")
struct HelpTextTests {
  static let verbs = [
    "graph", "dopesheet", "timeline", "play", "preview", "path", "gallery", "morph", "eval", "recalc", "edit",
    "import", "info", "serve", "diff", "check", "merge",
  ]
  static let ball = "Examples/bouncing-ball.json"

  /// `animplot VERB --help` at 80 columns, as a terminal of that width shows it.
  static func help(_ verb: String) throws -> String {
    let r = try CLI.run([verb, "--help"], in: CLI.repository, environment: ["COLUMNS": "80"])
    #expect(r.status == 0, "\(verb): \(r.stderr)")
    return r.stdout
  }

  /// The help's entries (an option or an argument, with the lines of its text), joined.
  static func entries(_ help: String) -> [String] {
    var entries: [String] = []
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  -") || line.hasPrefix("  <") {
        entries.append(line.trimmingCharacters(in: .whitespaces))
      } else if line.hasPrefix("    "), !entries.isEmpty {
        entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
      } else if !line.hasPrefix("  ") {
        entries.append("")
      }
    }
    return entries.filter { !$0.isEmpty }
  }

  @Test("--help VERB is VERB --help, and help help is the top-level help")
  func helpOfAVerbInAnyOrder() throws {
    let before = try CLI.run(["--help", "graph"], environment: ["COLUMNS": "80"])
    #expect(before.status == 0)
    #expect(before.stdout == (try Self.help("graph")))
    let helpHelp = try CLI.run(["help", "help"], environment: ["COLUMNS": "80"])
    #expect(helpHelp.status == 0, "\(helpHelp.stderr)")
    #expect(helpHelp.stdout == (try CLI.run(["--help"], environment: ["COLUMNS": "80"])).stdout)
    #expect(helpHelp.stdout.contains("SUBCOMMANDS"))
  }

  @Test("no option says its default twice", arguments: verbs)
  func defaultsSaidOnce(verb: String) throws {
    for entry in Self.entries(try Self.help(verb)) {
      #expect(entry.components(separatedBy: "default:").count <= 2, "\(verb): \(entry)")
      #expect(entry.components(separatedBy: "(default").count <= 2, "\(verb): \(entry)")
    }
  }

  @Test("an example is never wrapped in the middle of its command", arguments: verbs)
  func examplesWhole(verb: String) throws {
    let lines = try Self.help(verb).split(separator: "\n", omittingEmptySubsequences: false)
    for (line, next) in zip(lines, lines.dropFirst()) where !next.isEmpty {
      if line.hasPrefix("  animplot ") || line.hasPrefix("  CI=") || line.hasSuffix("\\") {
        #expect(next.hasPrefix("  "), "\(verb): '\(line)' then '\(next)'")
      }
    }
  }

  @Test("a placeholder says what to give, not the option's name again", arguments: verbs)
  func placeholdersSaySomething(verb: String) throws {
    for entry in Self.entries(try Self.help(verb)) {
      guard let m = entry.firstMatch(of: /^(?:-\w, )?--([a-z0-9-]+)(?:, --[a-z0-9-]+)? <([^>]+)>/) else { continue }
      let (name, placeholder) = (String(m.1), String(m.2))
      if placeholder == name {
        #expect(!name.contains("-"), "\(verb): \(entry)")
        #expect(!entry.contains("(values:"), "\(verb): \(entry)")
      }
    }
  }

  @Test("path and timeline say their own --height and --current-frame")
  func picturesSayTheirOwnTexts() throws {
    let path = try Self.help("path")
    #expect(!path.contains("playhead"))
    #expect(!path.contains("for timeline"))
    #expect(path.contains("(default: 900)"))
    let timeline = try Self.help("timeline")
    #expect(timeline.contains("(default: 120)"))
    #expect(!timeline.contains("channel row"))
    #expect(try Self.help("graph").contains("auto: tall enough for every channel row"))
  }

  @Test("a verb of one input says 'Input file', of several 'Input files'")
  func oneInputOrSeveral() throws {
    for verb in ["eval", "recalc", "import", "info"] {
      let help = try Self.help(verb)
      #expect(help.contains("Input file:") && !help.contains("Input files"), "\(verb)")
    }
    #expect(try Self.help("graph").contains("Input files:"))
  }

  @Test("values from a list are read in any case, as --theme always was")
  func valuesInAnyCase() throws {
    let dir = try CLI.temporaryDirectory()
    let ball = CLI.repository.appendingPathComponent(Self.ball).path
    for arguments in [
      ["path", ball, "--plane", "XZ", "-o", "p.svg"],
      ["graph", ball, "--format", "SVG", "--handles", "All", "--key-shape", "Diamond", "-o", "g.svg"],
      ["graph", ball, "--theme", "Light", "--colors", "RAINBOW", "--png-compression", "Fast", "-o", "g.png"],
      ["graph", ball, "--input-format", "Animplot", "--format", "Json", "-o", "g.json"],
      ["info", ball, "--format", "JSON"],
      ["play", ball, "--view", "Timeline", "--frames", "1:2", "-o", "frames/"],
    ] {
      let r = try CLI.run(arguments, in: dir)
      #expect(r.status == 0, "\(arguments): \(r.stderr)")
    }
  }

  @Test(arguments: [
    (["graph", ball, "--width", "abc"], "--width 'abc': expected a whole number (see 'animplot graph --help')"),
    (["graph", ball, "--scale=x"], "--scale 'x': expected a decimal number (e.g. 24, 0.5 or 1e-3) (see 'animplot graph --help')"),
    (["graph", ball, "--height", "tall"], "--height 'tall': expected a whole number"),
    (["graph", ball, "--bogus"], "unknown option --bogus (see 'animplot graph --help')"),
    (["graph", ball, "--widht", "300"], "unknown option --widht; did you mean '--width'? (see 'animplot graph --help')"),
    (["graph", ball, "--width"], "--width: expected a value (pixels) after it"),
    (["graph", ball, "--normalize=yes"], "--normalize=yes: expected no value (--normalize is a switch)"),
    (["path", ball, "--plane", "xw"], "--plane 'xw': expected xz, xy or yz"),
    (["eval", ball, "other.json"], "'other.json': unexpected argument (expected an option, or no more files)"),
    (["eval"], "<input>: expected an input file ('-' for standard input) (see 'animplot eval --help')"),
  ])
  func parserMessagesInAnimplotsWords(arguments: [String], message: String) throws {
    let r = try CLI.run(arguments, in: CLI.repository)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("animplot: "))
    #expect(r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
  }
}
