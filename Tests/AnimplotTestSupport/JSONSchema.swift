import Foundation
import Testing

/// The repository's JSON Schemas (`docs/*.schema.json`, draft 2020-12) applied with python3's
/// `jsonschema` package (Debian: python3-jsonschema), and python3 run in the repository.
package enum JSONSchema {
  /// Whether python3 has `jsonschema` (the tests that validate skip without it).
  package static let isAvailable: Bool = (try? python(["-c", "import jsonschema"]).status) == 0

  /// Runs python3 with `arguments` in the repository, `input` on its standard input.
  package static func python(_ arguments: [String], input: Data = Data()) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    process.currentDirectoryURL = Repository.root
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
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
