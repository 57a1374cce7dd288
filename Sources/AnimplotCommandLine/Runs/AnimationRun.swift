import AnimplotCore
import AnimplotIO
import AnimplotPlatform
import AnimplotRender
import ArgumentParser

/// How the verbs that animate (`play`, `preview`) write: an APNG or animated SVG file (by the
/// extension or `--format`; `.png` only with `--animated`), or, for `-o FOLDER/`, one PNG per
/// picture named 0001.png, 0002.png … in playing order. Every file is staged first and put in
/// place only when all were made.
package enum AnimationRun {
  /// - Throws: `CLIError` with the one-line message of what failed.
  package static func write<View: PlotView, Help>(
    view makeView: () throws -> View, inputs: [String], output: String?, format: String?, animated: Bool,
    clean: Bool = false, settings: RenderSettings, inputOptions: InputOptions<Help>
  ) throws where View.Content == PlayheadAnimation {
    guard inputs.count == 1 else {
      throw CLIError("\(View.name) takes one input, not \(inputs.count)")
    }
    guard let output else {
      throw CLIError("missing -o OUTPUT: an .apng or .svg file ('-' for standard output), or a folder ending in / for PNG frames")
    }
    if output.hasSuffix("/") || FileSystem.isDirectory(output) {
      if let format {
        throw CLIError("-o \(output) is a folder of PNG frames; --format \(format) names a single file")
      }
      try writeFrames(
        of: makeView(), input: inputs[0], into: output.hasSuffix("/") ? output : output + "/", clean: clean,
        settings: settings, inputOptions: inputOptions)
      return
    }
    if clean { throw CLIError("--clean removes the frames of an earlier run in -o FOLDER/; -o \(output) is a file") }
    if output != "-", InputKind.fileExtension(of: output) == "png", !animated, format == nil {
      throw CLIError(
        "-o \(output): \(View.name) writes an animated PNG; name it .apng, add --animated to keep .png, or end -o with / for a folder of frames")
    }
    try ViewRun.run(
      view: makeView, inputs: inputs, output: output, format: format, settings: settings, inputOptions: inputOptions)
  }

  private static func writeFrames<View: PlotView, Help>(
    of view: View, input: String, into folder: String, clean: Bool, settings: RenderSettings,
    inputOptions: InputOptions<Help>
  ) throws where View.Content == PlayheadAnimation {
    // What the run reads, listed once: the input and every file it refers to.
    let read = try OutputPlan.withReferences([input])
    try OutputPlan.refuseOverwriting(read, with: folder)
    let renderer = Renderer(settings: settings)
    let source = Input.file(input, kind: inputOptions.inputFormat, options: inputOptions.importOptions)
    let actions: [Action]
    do throws(RenderError) {
      // Its errors name the input.
      actions = try ActionChoice.actions(of: source, selection: inputOptions.selection, view: view)
    } catch {
      throw CLIError(error.description)
    }
    let animation: PlayheadAnimation
    do throws(RenderError) {
      let content = try view.content(of: actions)
      // Weighed before the folder is made (the frames' own run weighs them again), and laid
      // out once: what the still layer draws is weighed too.
      try renderer.checkRasterWork(of: content)
      try content.checkDrawingWork(scale: settings.scale)
      animation = try content.laidOutForRaster(scale: settings.scale)
    } catch {
      // Named as `Renderer.render` names the input of a single output.
      throw CLIError("\(source.name): \(error.description)")
    }
    let digits = 4
    func name(_ index: Int) -> String {
      let number = String(index + 1)
      return folder + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }
    // No frame may replace the input or a file it refers to (a frame's name, or a link there,
    // may be one), nor be anything but a file: a FIFO planted as a frame would block the run,
    // and a frame written through a symbolic link replaced the file it names, anywhere.
    for index in animation.frames.indices {
      try OutputPlan.refuseOverwriting(read, with: name(index))
      try OutputPlan.refusePlanted(name(index), in: folder, what: "a frame of an earlier run")
    }
    // Frames of an earlier, longer run would play after these (ffmpeg -i %04d.png): refused,
    // or with --clean removed once the new frames are in place.
    var stale: [String] = []
    if FileSystem.isDirectory(folder), let entries = try? FileSystem.entries(of: folder) {
      // The input is the user's file, not a frame of an earlier run, whatever its name.
      let inputPath = input == "-" ? nil : FileSystem.canonical(input)
      stale = entries.filter { name in
        FileSystem.canonical(folder + name) != inputPath &&
          name.count == 8 && name.hasSuffix(".png") && name.prefix(4).allSatisfy(\.isNumber)
          && Int(name.prefix(4)).map { $0 > animation.frames.count || $0 == 0 } == true
      }.sorted()
      if let first = stale.first, !clean {
        throw CLIError(
          "-o \(folder): holds \(first)\(stale.count > 1 ? " and \(stale.count - 1) more frames" : "") beyond the \(animation.frames.count) written now; add --clean to remove them, empty the folder or choose another")
      }
      // --clean removes files only, and decides before anything is written: a folder or a FIFO
      // in a frame's name found after the new frames were in place left the folder half changed.
      if let odd = stale.first(where: { FileSystem.status(of: folder + $0)?.kind != .file }) {
        let what = FileSystem.isDirectory(folder + odd) ? "a folder" : FileSystem.oddKind(of: folder + odd) ?? "not a file"
        throw CLIError("-o \(folder): \(folder + odd) is \(what), not a frame of an earlier run; remove it or choose another folder")
      }
    }
    let created = try OutputPlan.prepareFolder(of: folder + "0001.png")
    var staged: [StagedOutput] = []
    do {
      // Staged beside their places: a signal meanwhile removes them (`SignalCleanup`).
      try renderer.pngFrames(of: animation) { index, bytes in
        staged.append(try OutputFile.stage(bytes, to: name(index)))
      }
    } catch {
      for output in staged { output.discard() }
      for made in created.reversed() { FileSystem.removeEmptyFolder(made) }
      if let error = error as? RenderError { throw CLIError("\(source.name): \(error.description)") }
      throw error
    }
    // A FIFO or device planted in a frame's place after it was checked would be opened, not
    // renamed over, and block the run with its signals held: refused, nothing put in place.
    if let planted = staged.firstIndex(where: { !$0.renamesIntoPlace }) {
      for output in staged { output.discard() }
      for made in created.reversed() { FileSystem.removeEmptyFolder(made) }
      throw CLIError("-o \(folder): \(name(planted)) is not a regular file, not a frame of an earlier run; remove it or choose another folder")
    }
    // Put in place as one, with any signal held until the folder is whole again: every new
    // frame in place (and with --clean the earlier run's beyond them gone), or, when one
    // cannot be, every earlier frame back. A signal that came meanwhile then ends the run.
    let failure: CLIError? = SignalCleanup.holding {
      putInPlace(staged, name: name, stale: stale.map { folder + $0 })
    }
    if let failure {
      for made in created.reversed() { FileSystem.removeEmptyFolder(made) }
      throw failure
    }
  }

  /// Renames `staged` frames into place, keeping each earlier frame beside it (a hard link) to
  /// take back if a later one cannot be put in place: the folder changes whole or not at all.
  /// Then removes the kept frames and `stale` ones (--clean). Runs with signals held: it
  /// begins no held section of its own.
  /// - Returns: what failed, if anything.
  private static func putInPlace(_ staged: [StagedOutput], name: (Int) -> String, stale: [String]) -> CLIError? {
    // The frames put in place so far, each with the earlier frame it replaced.
    var placed: [(frame: String, kept: String?)] = []
    for (i, output) in staged.enumerated() {
      let kept = FileSystem.keep(name(i))
      do throws(FileError) {
        try output.commit()
      } catch {
        if let kept { FileSystem.move(kept, to: name(i)) }
        for later in staged[(i + 1)...] { later.discard() }
        for (frame, kept) in placed.reversed() {
          if let kept { FileSystem.move(kept, to: frame) } else { try? FileSystem.removeFile(frame) }
        }
        return CLIError(error.description)
      }
      placed.append((name(i), kept))
    }
    for case let (_, kept?) in placed { try? FileSystem.removeFile(kept) }
    // The new frames are in place: the earlier run's beyond them go (--clean).
    for path in stale {
      do throws(SystemError) {
        try FileSystem.removeFile(path)
      } catch {
        return CLIError("--clean: cannot remove \(path): \(error)")
      }
    }
    return nil
  }
}
