import AnimplotCommandLine
import ArgumentParser

/// `animplot path`: an object's motion path as a picture.
struct PathCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "path",
    abstract: "Draw an object's motion path, as Blender's Motion Paths show it, to PNG, SVG or PDF.",
    discussion: """
      The action's location channels (location[0], [1], [2]; a missing axis is 0) are evaluated \
      exactly as Blender does at every whole frame of the scene range, or of --frames START:END, \
      every --step frames. The trajectory is drawn as a smooth curve through the samples, \
      coloured by speed (units per frame, slow to fast, with a legend), a dot per frame, the key \
      frames as larger numbered dots and the current frame ringed, in Blender's Front (xz), Top \
      (xy) or Right (yz) orthographic view. Several inputs render into a folder: \
      animplot path a.json b.json -o out/
      """)

  @OptionGroup var arguments: PathArguments

  func run() throws { try arguments.run() }
}
