import AnimplotText

/// What the server answers a request: a status, a content type and the bytes.
package struct Answer: Sendable {
  package var status: Int
  package var contentType: String
  package var body: [UInt8]

  package init(status: Int = 200, contentType: String, body: [UInt8]) {
    self.status = status
    self.contentType = contentType
    self.body = body
  }

  /// JSON text, 200.
  package static func json(_ text: String, status: Int = 200) -> Answer {
    Answer(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
  }

  /// The answer for an error: `{"error": "MESSAGE"}` with its status.
  package static func error(_ error: ServeError) -> Answer {
    .json("{\"error\": \(jsonStringLiteral(error.message))}\n", status: error.status.rawValue)
  }
}

/// A request the server refuses or cannot answer, with its HTTP status and one line.
package struct ServeError: Error, Sendable, CustomStringConvertible {
  package enum Status: Int, Sendable {
    case badRequest = 400, forbidden = 403, notFound = 404, methodNotAllowed = 405, conflict = 409
    case payloadTooLarge = 413, serviceUnavailable = 503
  }
  package var status: Status
  package var message: String

  package init(_ status: Status, _ message: String) {
    self.status = status
    self.message = message
  }

  package var description: String { message }
}
