import Foundation
import Testing

/// The repository's JSON Schemas (`docs/*.schema.json`, draft 2020-12) applied with python3's
/// `jsonschema` package (Debian: python3-jsonschema), and python3 run in the repository.
package enum JSONSchema {
  /// Whether python3 has `jsonschema` (the tests that validate skip without it).
  static let isAvailable: Bool = (try? python(["-c", "import jsonschema"]).status) == 0

  /// What the tests that validate need: skipped without it, failed without it when CI is set.
  package static let validator = Requirement(
    what: "python3's jsonschema package", missing: "python3 cannot import jsonschema",
    howToRun: "install it (Debian: apt-get install python3-jsonschema; or pip install jsonschema) and run make test",
    isMet: isAvailable)

  /// Runs python3 with `arguments` in the repository, `input` on its standard input (`Run`).
  package static func python(_ arguments: [String], input: Data = Data()) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let run = try Run.python(arguments, stdin: input)
    return (run.status, run.output, run.errors)
  }

  /// The verdict of the schema at `schema` (a path in the repository) on each document: `nil`
  /// when valid, else its first error, with the path to the member.
  package static func validate(_ documents: [String], schema: String) throws -> [String?] {
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft202012Validator.check_schema(schema)
      validator = jsonschema.Draft202012Validator(schema, format_checker=None)
      out = []
      for text in json.load(sys.stdin):
          errors = sorted(validator.iter_errors(json.loads(text)), key=lambda e: list(e.absolute_path))
          out.append(None if not errors else "/".join(map(str, errors[0].absolute_path)) + ": " + errors[0].message[:300])
      print(json.dumps(out))
      """
    let result = try python(["-c", script, schema], input: try JSONSerialization.data(withJSONObject: documents))
    try #require(result.status == 0, "\(result.stderr)")
    let verdicts = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [Any]
    return verdicts.map { $0 as? String }
  }
}
