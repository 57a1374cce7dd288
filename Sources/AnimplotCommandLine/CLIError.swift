import AnimplotPlatform
import AnimplotText

/// An error the CLI prints as one line on standard error before exiting with `exitCode`.
package struct CLIError: Error {
  package var message: String
  package var exitCode: Int32 = 2

  package init(_ message: String, exitCode: Int32 = 2) {
    self.message = message
    self.exitCode = exitCode
  }
}

/// Writing to the process's standard streams without Foundation.
package enum Terminal {
  /// Writes `animplot: MESSAGE` as one line: control characters in it (from a file name, say)
  /// are escaped as in JSON, so the line cannot break; characters that do not show (a
  /// zero-width space, a bidirectional control) are escaped as `\u{200B}` (`visiblyEscaped`).
  package static func error(_ message: String) {
    var line = "animplot: "
    for scalar in visiblyEscaped(message).unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F {
        let quoted = jsonStringLiteral(String(scalar))
        line += quoted.dropFirst().dropLast()
      } else {
        line.unicodeScalars.append(scalar)
      }
    }
    write(line + "\n", to: 2)
  }

  /// Writes a command's result (its summary lines) to standard output. A reader that has
  /// gone (`check | head`) is no error: the command still ends with its outcome (1 for a
  /// failed case).
  /// - Throws: `FileError` when not every byte could be written otherwise (a full device, a
  ///   file-size limit): the command then fails, as it does for an output file.
  package static func result(_ text: String) throws(FileError) {
    do {
      try OutputFile.write(text, to: "-")
    } catch where error.isClosedStandardOutput {}
  }

  /// Writes text to a file descriptor; whether every byte was written.
  @discardableResult
  package static func write(_ text: String, to fd: Int32) -> Bool {
    var text = text
    return text.withUTF8 { buffer in write(buffer, to: fd) }
  }

  /// Writes raw bytes to a file descriptor, retrying short writes; whether every byte was
  /// written.
  @discardableResult
  package static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Bool {
    if case .failure = FileDescriptor.write(fd, UnsafeRawBufferPointer(bytes)) { return false }
    return true
  }
}
