import AnimplotCore
@testable import AnimplotIO
import Testing

/// What an action file of animplot's format holds besides keys is counted as it is read, over
/// the whole file (issue 25): a track needs no key, a modifier or an Envelope control point a
/// dozen bytes, an action or a marker fewer, so 100 actions of 100,000 keyless tracks took
/// `info` 2.7 GB, and 30 million modifiers aborted it. The one past each limit is the error's
/// place, however the file spreads them over actions, tracks and Envelopes.
@Suite("action file counts")
struct ActionFileCountTests {
  /// `Limits.importedTracks`, `.modifiers`, `.envelopePoints`, `.markers`, `.actions` and
  /// `.writtenKeys`, as the README gives them.
  enum Limits {
    static let importedTracks = 100_000
    static let modifiers = 100_000
    static let envelopePoints = 100_000
    static let markers = 100_000
    static let actions = 100_000
    static let writtenKeys = 4_000_000
  }

  /// The message `text` is refused with ("decoded" when it is read).
  func failure(_ text: String) -> String {
    do {
      _ = try ActionDecoder.decode(text, file: "a.json")
      return "decoded"
    } catch {
      return "\(error)"
    }
  }

  /// `a.json:1:C: place: message`, C the column of the first `needle` in `text` (one line).
  func expected(_ text: String, at needle: String, _ place: String, _ message: String) -> String {
    let column = text.utf8.count - text[text.range(of: needle)!.lowerBound...].utf8.count + 1
    return "a.json:1:\(column): \(place): \(message)"
  }

  /// `n` copies of `item`, the last one `last` (so that its place can be found).
  func list(_ n: Int, _ item: String, last: String) -> String {
    Array(repeating: item, count: n - 1).joined(separator: ",") + (n > 1 ? "," : "") + last
  }

  func key(_ frame: Int = 0) -> String { "{\"frame\": \(frame), \"value\": 0}" }

  /// A file of `limit` parts, two halves in two places, is read; with one more in the second
  /// it is refused at that one, `last` (the first of the text), at `place`. `file(n)` is the
  /// file whose second place holds `n` parts, the last one `last`.
  func expectCountedOverTheFile(
    limit: Int, plural: String, last: String, place: String, _ file: (Int) -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(failure(file(limit / 2)) == "decoded", sourceLocation: sourceLocation)
    let over = file(limit / 2 + 1)
    #expect(
      failure(over) == expected(over, at: last, place, "more than \(limit) \(plural), animplot's limit for one action file"),
      sourceLocation: sourceLocation)
  }

  /// Tracks and markers, 100,000 of each (`Limits.importedTracks`, `Limits.markers`), over two
  /// actions.
  @Test(arguments: [
    ("tracks", "{\"dataPath\": \"a\", \"keyframes\": []}", "{\"dataPath\": \"z\", \"keyframes\": []}"),
    ("markers", "{\"frame\": 1}", "{\"frame\": 2}"),
  ])
  func partsOfActionsAreCountedOverEveryActionOfTheFile(member: String, item: String, last: String) {
    let limit = member == "tracks" ? Limits.importedTracks : Limits.markers
    func action(_ n: Int, last: String) -> String {
      "{\"\(member)\": [\(list(n, item, last: last))]" + (member == "tracks" ? "}" : ", \"tracks\": []}")
    }
    expectCountedOverTheFile(limit: limit, plural: member, last: last, place: "actions[1].\(member)[\(limit / 2)]") {
      "{\"actions\": [\(action(limit / 2, last: item)), \(action($0, last: last))]}"
    }
  }

  @Test func compactChannelsAreTracksOfTheFile() {
    let channels = (0...Limits.importedTracks).map { "\"c\($0)\": [0]" }.joined(separator: ", ")
    let text = "{\"timeline\": [0], \"channels\": {\(channels)}}"
    #expect(
      failure(text)
        == expected(text, at: "\"c\(Limits.importedTracks)\"", "channels",
          "more than \(Limits.importedTracks) channels, animplot's limit for one action file"))
  }

  @Test func modifiersAreCountedOverEveryTrackAndAction() {
    let (limits, last) = ("{\"type\": \"limits\"}", "{\"type\": \"cycles\"}")
    let half = Limits.modifiers / 2
    func track(_ n: Int, last: String) -> String {
      "{\"dataPath\": \"a\", \"keyframes\": [\(key())], \"modifiers\": [\(list(n, limits, last: last))]}"
    }
    expectCountedOverTheFile(
      limit: Limits.modifiers, plural: "modifiers", last: last, place: "actions[1].tracks[0].modifiers[\(half)]"
    ) {
      "{\"actions\": [{\"tracks\": [\(track(half, last: limits))]}, {\"tracks\": [\(track($0, last: last))]}]}"
    }
  }

  @Test func envelopeControlPointsAreCountedOverEveryEnvelope() {
    let (point, last) = ("{\"frame\": 1}", "{\"frame\": 2}")
    let half = Limits.envelopePoints / 2
    func envelope(_ n: Int, last: String) -> String {
      "{\"type\": \"envelope\", \"settings\": {\"controlPoints\": [\(list(n, point, last: last))]}}"
    }
    expectCountedOverTheFile(
      limit: Limits.envelopePoints, plural: "Envelope control points", last: last,
      place: "tracks[0].modifiers[1].settings.controlPoints[\(half)]"
    ) {
      "{\"tracks\": [{\"dataPath\": \"a\", \"modifiers\": [\(envelope(half, last: point)), \(envelope($0, last: last))]}]}"
    }
  }

  @Test func actionsAreCountedAsTheyAreRead() {
    let action = "{\"tracks\": []}"
    #expect(failure("{\"actions\": [\(list(Limits.actions, action, last: action))]}") == "decoded")
    let over = "{\"actions\": [\(list(Limits.actions + 1, action, last: "{\"name\": \"z\", \"tracks\": []}"))]}"
    #expect(
      failure(over)
        == expected(over, at: "{\"name\": \"z\"", "actions[\(Limits.actions)]",
          "more than \(Limits.actions) actions, animplot's limit for one action file"))
  }

  /// A modifier weighs a key when written, and each of its Generator coefficients or Envelope
  /// control points a fifth of one: tracks of an order-100 factorised Generator (200
  /// coefficients) weigh 41 keys each, so 97,561 of them pass `Limits.writtenKeys` without a key.
  @Test func writingWeighsModifiersAsKeys() {
    var track = FCurve(dataPath: "a")
    track.modifiers = [Modifier(.generator(GeneratorModifier(mode: .polynomialFactorised, order: 100)))]
    let fit = Limits.writtenKeys / 41
    var document = ActionDocument(actions: [Action(name: "A", tracks: Array(repeating: track, count: fit))])
    #expect(ActionEncoder.refusal(document) == nil)
    document.actions[0].tracks.append(track)
    #expect(
      ActionEncoder.refusal(document)
        == "its actions hold 0 keys and \(fit + 1) modifiers (of \((fit + 1) * 200) control points and coefficients), written as long as \((fit + 1) * 41) keys, more than the \(Limits.writtenKeys) one action file animplot writes holds"
    )
    // Envelope control points alike: an Envelope of 495 points weighs 100 keys.
    var envelope = FCurve(dataPath: "e")
    let points = Array(repeating: EnvelopeModifier.ControlPoint(frame: 1, min: 0, max: 0), count: 495)
    envelope.modifiers = [Modifier(.envelope(EnvelopeModifier(controlPoints: points)))]
    let tracks = Limits.writtenKeys / 100
    document = ActionDocument(actions: [Action(name: "E", tracks: Array(repeating: envelope, count: tracks))])
    #expect(ActionEncoder.refusal(document) == nil)
    document.actions[0].tracks.append(envelope)
    #expect(
      ActionEncoder.refusal(document)?.hasSuffix(
        "written as long as \((tracks + 1) * 100) keys, more than the \(Limits.writtenKeys) one action file animplot writes holds")
        == true)
  }
}
