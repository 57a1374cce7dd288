import AnimplotCommandLine
import ArgumentParser

/// `animplot gallery`: every interpolation and easing as small multiples.
struct GalleryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gallery",
    abstract: "Draw every interpolation and easing mode of Blender as small multiples.",
    discussion: """
      One cell per interpolation and easing (Ease In, Ease Out, Ease In and Out), in the \
      order of Blender's Interpolation menu, with variants of back's overshoot and elastic's \
      amplitude and period; the cell Automatic Easing picks is marked "auto". Each curve is \
      two keys, 0 at frame 1 and 1 at frame 21, evaluated exactly as Blender does. There is \
      no input. The size fits the cells unless --width/--height say otherwise: \
      animplot gallery -o gallery.png --theme light --only quad,back
      """)

  @OptionGroup var arguments: GalleryArguments

  func run() throws { try arguments.run() }
}
