import AnimplotIO
import AnimplotText
import Foundation

/// The edit verb's options for people (`--select 'location[2]:3' --translate 2,0 --snap
/// nearest-frame`), applied in the order given: each becomes an operation of the script
/// vocabulary (docs/edit.md), read by the same decoder, so its values and errors are the same.
package enum EditSteps {
  /// An option, its value's shape, and the operation it writes.
  struct Step {
    let name: String
    let value: String?
    let help: String
  }

  static let steps: [Step] = [
    Step(name: "--select", value: "all|none|CHANNEL[:KEYS]", help: "select keys (+CHANNEL adds to the selection)"),
    Step(name: "--translate", value: "DX,DY", help: "move the selection by frames and value"),
    Step(name: "--scale", value: "SX,SY", help: "scale the selection around the pivot"),
    Step(name: "--auto-snap", value: "MODE", help: "moved keys' frames: none, frame, step, time-step, second, marker"),
    Step(name: "--pivot", value: "MODE", help: "bounding-box-center, cursor or individual-origins"),
    Step(name: "--snap", value: "MODE", help: "current-frame, value, nearest-frame, nearest-second, nearest-marker,\n      horizontal"),
    Step(name: "--insert", value: "FRAME,VALUE", help: "a key in the active channel, as Ctrl right-click"),
    Step(name: "--delete", value: nil, help: "delete the selected keys"),
    Step(name: "--interpolation", value: "MODE", help: "constant, linear, bezier, sine ... elastic"),
    Step(name: "--easing", value: "MODE", help: "auto, ease-in, ease-out, ease-in-out"),
    Step(name: "--handle-type", value: "TYPE", help: "free, aligned, vector, auto, auto-clamped"),
    Step(name: "--mirror", value: "MODE", help: "current-frame, value, y-axis, x-axis, marker"),
    Step(name: "--extrapolation", value: "MODE", help: "constant, linear, make-cyclic, clear-cyclic"),
    Step(name: "--clean", value: "THRESHOLD", help: "remove redundant selected keys"),
    Step(name: "--smooth", value: nil, help: "smooth the selected keys"),
  ]

  /// What `--help` says about them.
  package static var help: String {
    steps.map { "  \($0.name)\($0.value.map { " " + $0 } ?? "")\n      \($0.help)" }.joined(separator: "\n")
  }

  /// The scripts the options give, in order, each as JSON text.
  /// - Throws: `CLIError` naming the option for an unknown option or a bad value.
  package static func script(_ arguments: [String]) throws -> [(name: String, json: String)] {
    var out: [(String, String)] = []
    var i = 0
    while i < arguments.count {
      var token = arguments[i]
      var inlineValue: String?
      if let eq = token.firstIndex(of: "="), token.hasPrefix("--") {
        inlineValue = String(token[token.index(after: eq)...])
        token = String(token[..<eq])
      }
      guard let step = steps.first(where: { $0.name == token }) else {
        var message = "edit: unexpected argument '\(arguments[i])'"
        if token.hasPrefix("--"), let suggestion = Suggestion.nearest(to: token, among: steps.map(\.name)) {
          message += "; did you mean \(suggestion)?"
        }
        throw CLIError(message)
      }
      var value = inlineValue
      if step.value == nil && inlineValue != nil { throw CLIError("\(step.name) takes no value (found '\(arguments[i])')") }
      if step.value != nil && value == nil {
        guard i + 1 < arguments.count else { throw CLIError("\(step.name) needs a value: \(step.value!)") }
        i += 1
        value = arguments[i]
      }
      let label = step.name + (value.map { " " + $0 } ?? "")
      out.append((label, try script(step.name, value, label: label)))
      i += 1
    }
    return out
  }

  /// `count` comma-separated numbers finite as 32-bit floats, each as JSON number text.
  static func numbers(_ text: String, count: Int, label: String, shape: String) throws -> [String] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      decimalNumber($0.trimmingCharacters(in: .whitespaces)).flatMap { Float($0).isFinite ? $0 : nil }
    }
    guard parts.count == count, parts.allSatisfy({ $0 != nil }) else { throw CLIError("\(label): expected \(shape)") }
    return parts.map { String($0!) }
  }

  /// The script an option writes: one operation, or an editor setting.
  static func script(_ name: String, _ value: String?, label: String) throws -> String {
    switch name {
    case "--auto-snap": return "{\"editor\": {\"auto_snap\": \(jsonStringLiteral(value ?? ""))}, \"ops\": []}"
    case "--pivot": return "{\"editor\": {\"pivot_point\": \(jsonStringLiteral(value ?? ""))}, \"ops\": []}"
    default: return "{\"ops\": [" + (try operation(name, value, label: label)) + "]}"
    }
  }

  /// The operation an option stands for, as the script vocabulary spells it.
  static func operation(_ name: String, _ value: String?, label: String) throws -> String {
    let v = value ?? ""
    switch name {
    case "--select":
      if v == "all" { return #"{"op": "select_all", "action": "SELECT"}"# }
      if v == "none" { return #"{"op": "select_all", "action": "DESELECT"}"# }
      var spec = Substring(v)
      let extend = spec.hasPrefix("+")
      if extend { spec = spec.dropFirst() }
      var channel = String(spec)
      var keys = ""
      let shape = "expected all, none or CHANNEL[:KEYS] (e.g. location[2] or location[2]:0,3)"
      if let colon = spec.lastIndex(of: ":"), !spec[..<colon].hasSuffix("\\") {
        let list = spec[spec.index(after: colon)...]
        let indices = list.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard !list.isEmpty, indices.allSatisfy({ ($0 ?? -1) >= 0 }) else {
          throw CLIError("\(label): \(shape); KEYS are key numbers from 0, comma-separated")
        }
        channel = String(spec[..<colon])
        keys = ", \"keys\": [" + indices.map { String($0!) }.joined(separator: ", ") + "]"
      }
      guard !channel.isEmpty, channel.first != "[" else { throw CLIError("\(label): \(shape)") }
      if !channel.hasSuffix("]") { channel += "[0]" }
      return "{\"op\": \"select\", \"channel\": \(jsonStringLiteral(channel)), \"part\": \"key\", \"extend\": \(extend)\(keys)}"
    case "--translate":
      let d = try numbers(v, count: 2, label: label, shape: "two numbers DX,DY (frames, value)")
      return "{\"op\": \"translate\", \"delta\": [\(d[0]), \(d[1])]}"
    case "--scale":
      let f = try numbers(v, count: 2, label: label, shape: "two numbers SX,SY")
      return "{\"op\": \"scale\", \"factor\": [\(f[0]), \(f[1])]}"
    case "--snap": return "{\"op\": \"snap\", \"type\": \(jsonStringLiteral(v))}"
    case "--insert":
      let p = try numbers(v, count: 2, label: label, shape: "two numbers FRAME,VALUE")
      return "{\"op\": \"insert\", \"how\": \"click\", \"frame\": \(p[0]), \"value\": \(p[1]), \"extend\": false}"
    case "--delete": return #"{"op": "delete"}"#
    case "--interpolation": return "{\"op\": \"interpolation\", \"mode\": \(jsonStringLiteral(v))}"
    case "--easing": return "{\"op\": \"easing\", \"mode\": \(jsonStringLiteral(v))}"
    case "--handle-type": return "{\"op\": \"handle_type\", \"type\": \(jsonStringLiteral(v))}"
    case "--mirror": return "{\"op\": \"mirror\", \"type\": \(jsonStringLiteral(v))}"
    case "--extrapolation": return "{\"op\": \"extrapolation\", \"type\": \(jsonStringLiteral(v))}"
    case "--clean":
      return "{\"op\": \"clean\", \"threshold\": \(try numbers(v, count: 1, label: label, shape: "a threshold, e.g. 0.001")[0])}"
    case "--smooth": return #"{"op": "smooth"}"#
    default: throw CLIError("edit: unexpected argument '\(name)'")
    }
  }
}
