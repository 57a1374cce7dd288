import AnimplotCommandLine
import AnimplotServe
import AnimplotTestSupport
import ArgumentParser
import Testing

@Suite("Who may ask a server what")
struct AccessTests {
  @Test func loopbackIsThisMachineOnly() {
    for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "LOCALHOST"] { #expect(Access.isLoopback(host), "\(host)") }
    for host in ["0.0.0.0", "192.168.1.2", "::", "example.com", "127.0.0.1.example.com", "127.0.0", "127.0.0.256"] {
      #expect(!Access.isLoopback(host), "\(host)")
    }
    #expect(!Access.needsToken(host: "127.0.0.1", edit: false))
    #expect(Access.needsToken(host: "0.0.0.0", edit: false))
    #expect(Access.needsToken(host: "127.0.0.1", edit: true))
  }

  @Test func theHostHeaderMustNameThisServer() {
    let access = Access(host: "127.0.0.1", port: 8484, token: nil)
    for header in ["127.0.0.1:8484", "localhost:8484", "LocalHost:8484", "[::1]:8484"] { #expect(access.allowsHost(header), "\(header)") }
    for header in [
      nil, "", "evil.example:8484", "evil.example", "127.0.0.1", "127.0.0.1:8485", "127.0.0.1:8484x", "localhost.evil:8484",
      "[::1]x:8484", "127.0.0.1:8484:8484", "127.0.0.1:+8484", "[::1]:+8484", "127.0.0.1:", "127.0.0.1: 8484", "127.0.0.1:٨٤٨٤",
      "127.0.0.1:08484", "[::1]:008484", "localhost:0",
    ] {
      #expect(!access.allowsHost(header), "\(header ?? "nil")")
    }
    // Exposed under a name: that name too.
    let named = Access(host: "studio.lan", port: 80, token: "t")
    #expect(named.allowsHost("studio.lan"))
    #expect(named.allowsHost("studio.lan:80"))
    #expect(!named.allowsHost("other.lan"))
  }

  /// The Fetch standard's values are lower-case tokens; compared without case or surrounding
  /// spaces. Absent, `same-origin` and `none` let a request in; any other value does not.
  @Test func secFetchSiteIsReadWithoutCase() {
    for allowed in [nil, "same-origin", "none", "Same-Origin", "NONE", " same-origin "] { #expect(Access.allowsFetchSite(allowed), "\(allowed ?? "nil")") }
    for refused in ["cross-site", "same-site", "Cross-Site", "SAME-SITE", "", "same-origin, cross-site", "same origin", "other"] {
      #expect(!Access.allowsFetchSite(refused), "\(refused)")
    }
  }

  @Test func theTokenMayComeInThreePlaces() {
    let access = Access(host: "0.0.0.0", port: 1, token: "abc123")
    #expect(access.allowsToken(query: "abc123", authorization: nil, cookie: nil))
    #expect(access.allowsToken(query: nil, authorization: "Bearer abc123", cookie: nil))
    #expect(access.allowsToken(query: nil, authorization: "bearer  abc123", cookie: nil))
    #expect(access.allowsToken(query: nil, authorization: nil, cookie: "a=b; animplot_token_1=abc123; c=d"))
    for wrong in ["", "abc12", "abc1234", "ABC123"] {
      #expect(!access.allowsToken(query: wrong, authorization: "Bearer " + wrong, cookie: "animplot_token_1=" + wrong))
    }
    #expect(!access.allowsToken(query: nil, authorization: "Basic abc123", cookie: "animplot_token=abc123; animplot_token_2=abc123"))
    #expect(Access(host: "127.0.0.1", port: 1, token: nil).allowsToken(query: nil, authorization: nil, cookie: nil))
  }

  @Test func newTokensAre128BitsOfHex() {
    let tokens = (0..<50).map { _ in Access.newToken() }
    #expect(Set(tokens).count == 50)
    #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
  }

  @Test func aWriteMustComeFromThisServersPage() {
    let access = Access(host: "127.0.0.1", port: 8484, token: "t")
    #expect(access.allowsOrigin(nil, host: "127.0.0.1:8484"))
    #expect(access.allowsOrigin("http://127.0.0.1:8484", host: "127.0.0.1:8484"))
    #expect(access.allowsOrigin("http://localhost:8484", host: "localhost:8484"))
    #expect(!access.allowsOrigin("http://localhost:8484", host: "127.0.0.1:8484"))
    #expect(!access.allowsOrigin("http://evil.example", host: "127.0.0.1:8484"))
    #expect(!access.allowsOrigin("null", host: "127.0.0.1:8484"))
  }
}

@Suite("A query as a verb's command line")
struct ViewQueryTests {
  @Test func parametersBecomeLongOptions() throws {
    let query = ViewQuery.parse(
      "file=2&frames=-10%3A50&normalize=1&select=all&hide=a&hide=b+c&no-cursor=true&header=0&action=1&token=x&_=5")
    #expect(query.value("file") == "2")
    let flags: Set = ["normalize", "no-cursor", "header"]
    #expect(
      try query.arguments(isFlag: flags.contains)
        == ["--frames=-10:50", "--normalize", "--select=all", "--hide=a", "--hide=b c", "--no-cursor", "--action=1"])
    #expect(throws: ServeError.self) { try ViewQuery.parse("normalize=yes").arguments(isFlag: flags.contains) }
  }

  @Test func namesThatAreNoOptionsOrWriteFilesAreRefused() {
    for bad in [
      "output=/tmp/x", "o=x", "format=pdf", "in-place=1", "Frames=1", "--frames=1", "a%20b=1", "=1", "x/y=1",
      "generate-completion-script=bash", "experimental-dump-help=1", "ghost=/etc/passwd", "ghost=1",
    ] {
      #expect(throws: ServeError.self, "\(bad)") { try ViewQuery.parse(bad).arguments { _ in false } }
    }
  }

  /// No option of a served verb that takes a file, a path or a folder can be given by a URL:
  /// the help of every verb is read for value names that say so (not a choice such as `file|all|none`).
  @Test func noServedOptionNamesAFile() throws {
    var seen = 0
    for verb in ServeAPI.verbs {
      let help = verb.helpMessage(includeHidden: true, columns: 10_000)
      for line in help.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let option = words.first(where: { $0.hasPrefix("--") }), let value = words.first(where: { $0.hasPrefix("<") }),
          !value.contains("|"), ["file", "path", "dir", "folder"].contains(where: value.lowercased().contains)
        else { continue }
        let name = option.dropFirst(2).prefix { $0 != "," && $0 != "=" }
        seen += 1
        #expect(throws: ServeError.self, "\(verb.verb) --\(name)") {
          try ViewQuery.parse("\(name)=/etc/passwd").arguments { _ in false }
        }
      }
    }
    #expect(seen >= 1, "graph's --ghost is among them")
  }

  /// A hit test's point is a finite decimal number, as every number option is.
  @Test func hitCoordinatesAreDecimalNumbers() throws {
    let file = Repository.root.appendingPathComponent("Examples/bouncing-ball.json").path
    let api = ServeAPI(files: try ServedFiles(paths: [file]), editing: false)
    for bad in ["0x10", "0x1p3", "nan", "inf", "1e400", ""] {
      #expect(throws: ServeError.self, "x=\(bad)") { try api.hit(view: "graph", query: ViewQuery.parse("x=\(bad)&y=10")) }
      #expect(throws: ServeError.self, "tolerance=\(bad)") {
        try api.hit(view: "graph", query: ViewQuery.parse("x=10&y=10&tolerance=\(bad)"))
      }
    }
    #expect((try? api.hit(view: "graph", query: ViewQuery.parse("x=10.5&y=1e1&tolerance=-0"))) != nil)
  }

  @Test func aQueryOfThousandsOfNamesIsRefusedBeforeAnyIsParsed() {
    let many = ViewQuery.parse((0..<11_000).map { "b\($0)=" }.joined(separator: "&"))
    var asked = 0
    #expect(throws: ServeError.self) {
      try many.arguments { _ in
        asked += 1
        return false
      }
    }
    #expect(asked == 0, "no name was looked up")
    // Many values of one name are one option.
    let hidden = ViewQuery.parse((0..<2000).map { "hide=c\($0)" }.joined(separator: "&"))
    #expect((try? hidden.arguments { _ in false })?.count == 2000)
    // Past a command's words (parsing repeated options costs the square of their number).
    #expect(throws: ServeError.self) {
      try ViewQuery.parse((0..<2001).map { "hide=c\($0)" }.joined(separator: "&")).arguments { _ in false }
    }
  }

  @Test func escapesAreDecodedAndBadOnesKept() {
    #expect(ViewQuery.parse("a=%41%zz%4").value("a") == "A%zz%4")
    #expect(ViewQuery.parse("channels=location%5B2%5D").value("channels") == "location[2]")
    #expect(ViewQuery.parse("").parameters.isEmpty)
  }
}
