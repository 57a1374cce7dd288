import AnimplotTestSupport
import Foundation
import Testing

/// What `make install` puts beside the binary: the manual page written from the argument
/// parser (Scripts/manpage.py) and the shell completions.
@Suite("manual page and completions")
struct InstallTests {
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
    let run = try Run.of(URL(fileURLWithPath: executable), arguments)
    return (run.status, run.output)
  }

  @Test("the manual page has every verb and option --help shows, and no date")
  func manualPage() throws {
    let page = try Self.run("/usr/bin/env", ["python3", "Scripts/manpage.py", CLI.binary.path])
    #expect(page.status == 0)
    #expect(page.stdout.hasPrefix(".TH ANIMPLOT 1 \"\""))
    for verb in ["graph", "dopesheet", "timeline", "play", "preview", "path", "gallery", "morph", "eval", "recalc", "import", "diff", "check", "merge"] {
      #expect(page.stdout.contains(".SS animplot \(verb)\n"), "\(verb)")
    }
    #expect(page.stdout.contains("\\fB\\-\\-keys\\-only\\fR"))
    #expect(page.stdout == (try Self.run("/usr/bin/env", ["python3", "Scripts/manpage.py", CLI.binary.path]).stdout))
  }

  @Test("completion scripts for bash, zsh and fish", arguments: ["bash", "zsh", "fish"])
  func completions(shell: String) throws {
    let script = try CLI.run(["--generate-completion-script", shell])
    #expect(script.status == 0)
    #expect(script.stdout.contains("animplot") && script.stdout.contains("preview"))
    if shell == "bash" {
      let root = try CLI.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: root) }
      let file = root.appendingPathComponent("animplot.bash")
      try Data(script.stdout.utf8).write(to: file)
      #expect(try Self.run("/bin/bash", ["-n", file.path]).status == 0, "bash reads the script")
    }
  }
}
