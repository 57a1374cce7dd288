/// Who may ask what of a server: the rules of `animplot serve`'s safety (docs/serve.md, "Safety").
///
/// Loopback only unless the host says otherwise, and then a token; a token always when the
/// server can write (`--edit`); the Host header must name the server (a page of another site
/// that rebinds its name to 127.0.0.1 is refused); a write from a page of another origin is
/// refused. Pure values: the server asks, the tests too.
package struct Access: Sendable {
  /// The address the server listens on, as given (`127.0.0.1`, `0.0.0.0`, `my-host`).
  package var host: String
  /// The port it listens on (the one bound, when 0 was asked).
  package var port: Int
  /// The token every request must carry, if any.
  package var token: String?

  package init(host: String, port: Int, token: String?) {
    self.host = host
    self.port = port
    self.token = token
  }

  /// Whether `host` reaches this machine only: 127.0.0.0/8, ::1 or localhost.
  package static func isLoopback(_ host: String) -> Bool {
    let name = host.lowercased()
    if name == "localhost" || name == "::1" || name == "[::1]" { return true }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }

  /// Whether a token is needed: off loopback, or when the server writes files.
  package static func needsToken(host: String, edit: Bool) -> Bool { edit || !isLoopback(host) }

  /// The fewest characters of a token given with `--token`: one that guards a server open to a
  /// network must not be guessed by trying (a made one is 32 hex digits, 128 bits).
  package static let shortestToken = 16

  /// Whether `token` may be a token: letters, digits, `.`, `_`, `~`, `-` (what a URL carries as
  /// it is), at least one.
  package static func isValidToken(_ token: String) -> Bool {
    !token.isEmpty
      && token.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._~-".unicodeScalars.contains($0)) }
  }

  /// Whether the host is every address of the machine (`0.0.0.0`, `::`): clients then reach it by
  /// names the server cannot know, and the token (always asked then) is what keeps others out.
  package static func isWildcard(_ host: String) -> Bool { host == "0.0.0.0" || host == "::" || host == "[::]" }

  /// A new token: 128 bits from the system's secure generator, as 32 hex digits.
  package static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let word = generator.next() as UInt64
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// The names a Host header may give: the served host, and this machine's loopback names.
  var hostNames: Set<String> {
    var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
    let served = host.lowercased()
    names.insert(served.contains(":") && !served.hasPrefix("[") ? "[\(served)]" : served)
    return names
  }

  /// Whether a request's Host header names this server: one of `hostNames`, with this port
  /// (or none when the port is 80). A missing header is refused (HTTP/1.1 requires it).
  package func allowsHost(_ header: String?) -> Bool {
    guard let header = header?.lowercased(), !header.isEmpty else { return false }
    // Listening everywhere, the token guards (a page that rebinds a name cannot have it).
    if Self.isWildcard(host) && token != nil { return true }
    let name: Substring
    let port: Substring?
    if header.hasPrefix("[") {
      guard let close = header.firstIndex(of: "]") else { return false }
      name = header[...close]
      let rest = header[header.index(after: close)...]
      guard rest.isEmpty || rest.hasPrefix(":") else { return false }
      port = rest.isEmpty ? nil : rest.dropFirst()
    } else if let colon = header.lastIndex(of: ":") {
      name = header[..<colon]
      port = header[header.index(after: colon)...]
    } else {
      name = header[...]
      port = nil
    }
    guard hostNames.contains(String(name)) else { return false }
    // A port is digits only (RFC 3986): `Int` alone would take `+8484`; and spelled as the
    // server's is, without leading zeros (`08484` is another spelling no browser sends).
    if let port {
      return !port.isEmpty && port.allSatisfy { ("0"..."9").contains($0) } && !port.hasPrefix("0") && Int(port) == self.port
    }
    return self.port == 80
  }

  /// Whether a request's `Sec-Fetch-Site` lets it in: absent (not a browser, or an older one),
  /// `same-origin` (this server's page) or `none` (typed in, a bookmark). The Fetch standard's
  /// values are lower-case tokens; a value is compared without case and surrounding spaces,
  /// and one that is none of the standard's four is refused, as `cross-site` and `same-site`
  /// are (pages cannot set the header: a browser says where a request comes from).
  package static func allowsFetchSite(_ header: String?) -> Bool {
    guard let header else { return true }
    let words = header.lowercased().split { $0 == " " || $0 == "\t" }
    return words == ["same-origin"] || words == ["none"]
  }

  /// Whether a request carries the token, in any of the three places it may: the `token`
  /// query parameter, `Authorization: Bearer`, or the cookie the page was given. Always true
  /// without a token.
  package func allowsToken(query: String?, authorization: String?, cookie: String?) -> Bool {
    guard let token else { return true }
    var offered: [Substring] = []
    if let query { offered.append(Substring(query)) }
    if let authorization, authorization.lowercased().hasPrefix("bearer ") {
      offered.append(authorization.dropFirst("bearer ".count).drop { $0 == " " })
    }
    if let cookie {
      for part in cookie.split(separator: ";") {
        let pair = part.drop { $0 == " " }
        if pair.hasPrefix(cookieName + "=") { offered.append(pair.dropFirst(cookieName.count + 1)) }
      }
    }
    return offered.contains { Self.equalInConstantTime($0, token) }
  }

  /// Whether a write request's Origin is this server's (a missing Origin: not a browser's
  /// cross-site request, which always carries one).
  package func allowsOrigin(_ origin: String?, host header: String?) -> Bool {
    guard let origin else { return true }
    guard let header, allowsHost(header) else { return false }
    return origin.lowercased() == "http://" + header.lowercased()
  }

  /// The cookie that carries the token for the page's own requests: one per port, as
  /// browsers share a host's cookies between its ports.
  package var cookieName: String { "animplot_token_\(port)" }

  /// Equal texts, compared without stopping at the first difference (no timing tells how much
  /// of a guessed token was right).
  package static func equalInConstantTime(_ a: Substring, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    var difference = UInt8(x.count == y.count ? 0 : 1)
    for i in 0..<max(x.count, y.count) {
      difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
    }
    return difference == 0
  }
}
