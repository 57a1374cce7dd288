@testable import AnimplotCommandLine
import ArgumentParser
import Testing

/// Every number option reads a finite decimal number only: `Double(_:)`, which the argument
/// parser uses by itself, also takes hexadecimal, `nan` and `inf`.
@Suite struct NumberOptionTests {
  static let verbs: [any ParsableArguments.Type] = [
    GraphArguments.self, DopeSheetArguments.self, TimelineArguments.self, PlayArguments.self, PreviewArguments.self,
    PathArguments.self, GalleryArguments.self, MorphArguments.self, EvalArguments.self, RecalcArguments.self,
    EditArguments.self, ImportArguments.self, InfoArguments.self, DiffArguments.self, CheckArguments.self,
    MergeArguments.self,
  ]

  /// The parser's message for `option value`, or `nil` when the value is taken (whatever else
  /// the arguments lack).
  static func refusal(_ type: any ParsableArguments.Type, _ option: String, _ value: String) -> String? {
    do {
      _ = try type.parse(["\(option)=\(value)"])
      return nil
    } catch {
      let message = type.message(for: error)
      return message.contains("is invalid for '\(option)") ? message : nil
    }
  }

  /// Options found in each verb's help that refuse a word but take `0.5` (numbers that may be
  /// fractional) refuse every other spelling `Double(_:)` would take. An option and its value's
  /// name and help (one option group shared by several verbs) is tried once.
  @Test func numberOptionsRefuseHexadecimalAndNonFiniteSpellings() {
    var numberOptions: [String] = []
    var seen: Set<String> = []
    for type in Self.verbs {
      let help = type.helpMessage(includeHidden: true, columns: 10_000)
      let options = help.matches(of: /(--[a-z0-9][a-z0-9-]*) <[^>]*>.*/).map { (String($0.output.0), String($0.output.1)) }
      for (synopsis, option) in options where seen.insert(synopsis).inserted
        && Self.refusal(type, option, "abc") != nil && Self.refusal(type, option, "0.5") == nil
      {
        numberOptions.append("\(type) \(option)")
        for value in ["0x10", "nan", "-inf", "1e400"] {
          #expect(Self.refusal(type, option, value) != nil, "\(type) \(option) \(value)")
        }
        #expect(Self.refusal(type, option, "-1.5e-3") == nil, "\(type) \(option) -1.5e-3")
      }
    }
    // --fps (three verbs), --scale, --tension, --step, --size, --threshold...: a list that
    // shrinks to nothing would make the loop above pass without looking at anything.
    #expect(numberOptions.count >= 12, "\(numberOptions)")
  }

  @Test func handReadNumbersRefuseHexadecimal() {
    #expect(throws: (any Error).self) { try FrameList.parse(at: "0x10") }
    #expect(throws: (any Error).self) { try FrameList.parse(range: "0x1:0x10") }
    #expect(throws: (any Error).self) { try PictureChecks.range("0x1:10", option: "--frames") }
    #expect((try? FrameList.parse(range: " 1 : 3 ")) == [1, 2, 3])
    #expect((try? PictureChecks.range("-1.5:1e1", option: "--frames")) == -1.5...10)
  }
}
