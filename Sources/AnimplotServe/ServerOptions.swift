import ArgumentParser

/// Where a server listens and the token it asks for: `serve`'s and `check --review`'s options.
package struct ServerOptions: ParsableArguments, Sendable {
  package init() {}

  @Option(help: ArgumentHelp(
    "The address to listen on: loopback only unless told; another address needs a token.", valueName: "address"))
  package var host = "127.0.0.1"

  @Option(help: "The port to listen on; 0 picks a free one.")
  package var port = 8484

  @Option(help: "The token every request must carry (at least 16 letters, digits, '.', '_', '~', '-'; default: made and printed when one is needed).")
  package var token: String?

  /// Whether any of them was given.
  package var given: Bool { host != "127.0.0.1" || port != 8484 || token != nil }

  package func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port \(port): expected 0 to 65535") }
    if let token, !Access.isValidToken(token) {
      throw ValidationError("--token: expected letters, digits, '.', '_', '~' or '-' (it goes into a URL as it is)")
    }
    if let token, token.count < Access.shortestToken {
      throw ValidationError(
        "--token: expected at least \(Access.shortestToken) characters, found \(token.count) (a short token can be guessed; without --token one of 32 hex digits is made)")
    }
  }
}
