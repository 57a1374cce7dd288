extension CheckReport {
  /// The run as JUnit XML for CI dashboards: one `testsuite` named after the folder, one
  /// `testcase` per case (named by its reference, `ball.png`), a `failure` for a difference
  /// (`type="differ"`), a missing reference (`missing`) or a recorded one (`recorded`), an
  /// `error` for a case that could not be drawn; orphans in `system-out`.
  package var junitXML: String {
    let errors = results.count { $0.status == .error }
    let failures = results.count { $0.status != .passed && $0.status != .error }
    let suite = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    let counts =
      "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" "
      + "time=\"\(Markup.seconds(seconds))\""
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="animplot check" \(counts)>
        <testsuite name="\(Markup.escaped(suite, attribute: true))" \(counts)>
          <properties>
            <property name="comparison" value="\(Markup.escaped(comparisonDescription, attribute: true))"/>
            <property name="record" value="\(mode.rawValue)"/>

      """
    if let shard { xml += "      <property name=\"shard\" value=\"\(shard)\"/>\n" }
    // The versions, as `version.animplot`, `version.cairo`, …: references are pixels of them.
    for v in versions {
      xml +=
        "      <property name=\"\(Markup.escaped("version." + v.name, attribute: true))\" "
        + "value=\"\(Markup.escaped(v.version, attribute: true))\"/>\n"
    }
    xml += "    </properties>\n"
    for result in results {
      let c = result.checkCase
      xml +=
        "    <testcase classname=\"\(Markup.escaped(suite, attribute: true))\" "
        + "name=\"\(Markup.escaped(c.id, attribute: true))\" "
        + "file=\"\(Markup.escaped(c.inputPath, attribute: true))\" "
        + "time=\"\(Markup.seconds(result.seconds))\""
      let (element, type): (String, String)
      switch result.status {
      case .passed:
        xml += "/>\n"
        continue
      case .differed: (element, type) = ("failure", "differ")
      case .missing: (element, type) = ("failure", "missing")
      case .recorded: (element, type) = ("failure", "recorded")
      case .error: (element, type) = ("error", "error")
      }
      xml +=
        ">\n      <\(element) type=\"\(type)\" message=\"\(Markup.escaped(result.message, attribute: true))\">"
        + Markup.escaped(details(of: result)) + "</\(element)>\n    </testcase>\n"
    }
    if !orphans.isEmpty {
      xml +=
        "    <system-out>"
        + Markup.escaped(
          "Orphaned (no input of their name):\n" + orphans.map { "  " + $0 }.joined(separator: "\n"))
        + "</system-out>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// The body of a failure: the files involved and, for text, the diff.
  private func details(of result: CaseResult) -> String {
    let c = result.checkCase
    var lines = ["input: \(c.inputPath)", "reference: \(c.referencePath)"]
    if let args = c.argumentsPath { lines.append("options: \(args)") }
    if case .recorded = result.status {
      lines.append("The reference was written: review it and commit it.")
    }
    let folder = artifactsFolder.hasSuffix("/") ? artifactsFolder : artifactsFolder + "/"
    lines += result.artifacts.map { "artifact: " + folder + $0 }
    if let table = result.valuesTable { lines.append(table) }
    if let changes = result.changes { lines += changes }
    if let diff = result.textDiff { lines.append(diff) }
    return lines.joined(separator: "\n")
  }
}
