import AnimplotCairo
import AnimplotCanvas
import AnimplotPlatform

/// Pictures shown in turn that share a still layer: what the animated outputs (APNG, animated
/// SVG, a folder of PNG frames) encode. `play`'s editor with its moving playhead and `morph`'s
/// changing outline are two.
///
/// For a raster canvas, picture `i` is the still layer with picture `i`'s layer drawn over it.
public protocol AnimationRendition: Rendition {
  /// The size of every picture, logical pixels (whole numbers).
  var pictureSize: Size { get }
  /// How many pictures (at least one).
  var pictureCount: Int { get }
  /// Seconds each picture is shown (`pictureCount` of them).
  var delays: [Double] { get }
  /// How many times the animation plays; 0 loops forever.
  var plays: Int { get }
  /// Draws what every picture shares.
  func drawStill(on canvas: any Canvas)
  /// Draws picture `index`'s own layer, over the still one.
  func drawPicture(_ index: Int, on canvas: any Canvas)
}

extension OutputFormat {
  /// An animated PNG: the first picture whole (what a viewer without APNG shows), then only
  /// the rectangle each picture changes; delays and loop count as the animation says.
  public static let apng = OutputFormat(
    id: "apng", name: "apng", fileExtensions: ["apng", "png"], accepts: { $0 is any AnimationRendition.Type },
    encode: { (content, renderer) throws(RenderError) in
      var animation = content as! any AnimationRendition
      try renderer.checkRasterWork(of: animation)
      animation = try renderer.laidOutForRaster(animation)
      let cairo = try renderer.cairoAnimation(animation)
      do {
        return try cairo.apng(delays: animation.delays, plays: animation.plays)
      } catch {
        throw RenderError(.backend, "cannot render: \(error)")
      }
    })

  /// An animated SVG: the still picture once, and the playhead of each picture shown in turn
  /// by SVG animation (SMIL), so that the file stays small.
  public static let animatedSVG = OutputFormat(
    id: "animated-svg", name: "svg", fileExtensions: ["svg"], accepts: { $0 is any AnimationRendition.Type },
    encode: { (content, renderer) throws(RenderError) in
      let animation = content as! any AnimationRendition
      let cairo = try renderer.cairoAnimation(animation)
      do {
        return try cairo.svg(delays: animation.delays, plays: animation.plays)
      } catch {
        throw RenderError(.backend, "cannot render: \(error)")
      }
    })
}

extension Renderer {
  /// `animation` for the Cairo backend at the renderer's settings.
  public func cairoAnimation(_ animation: any AnimationRendition) throws(RenderError) -> CairoAnimation {
    try (animation as? any WeighedDrawing)?.checkDrawingWork(scale: settings.scale)
    let size = animation.pictureSize
    var cairo = CairoAnimation(
      width: Int(size.width), height: Int(size.height), scale: settings.scale, pngCompression: settings.pngCompression,
      count: animation.pictureCount, still: { animation.drawStill(on: $0) },
      frame: { animation.drawPicture($0, on: $1) })
    cairo.svgText = settings.svgText
    return cairo
  }

  /// Checks, before anything is drawn, that the raster pictures of `animation` (an APNG, a
  /// folder of PNG frames) are at most `Limits.animationPixels` device pixels all together:
  /// each picture is copied, drawn over, compared with the one before and encoded whole, so
  /// the work is the pictures times their device pixels (9,999 pictures of 8192×8192 would
  /// have taken an hour).
  /// - Throws: `RenderError` (`.request`) saying to give fewer pictures or a smaller size.
  package func checkRasterWork(of animation: any AnimationRendition) throws(RenderError) {
    try checkRasterWork(size: animation.pictureSize, pictures: animation.pictureCount)
  }

  /// `checkRasterWork(of:)` for `pictures` pictures of `size`, known before they are made.
  package func checkRasterWork(size: Size, pictures: Int) throws(RenderError) {
    let width = deviceSide(size.width, scale: settings.scale), height = deviceSide(size.height, scale: settings.scale)
    // Each factor is bounded (pictures by the view, sides by the options): no overflow.
    let total = width * height * pictures
    guard total <= Limits.animationPixels else {
      throw RenderError(
        .request,
        "\(pictures) pictures of \(width)×\(height) device pixels are \(total) pixels, more than "
          + "\(Limits.animationPixels) for one animation; give a shorter --frames or a larger --step, a smaller "
          + "--width, --height or --scale, or write an animated SVG")
    }
  }

  /// `animation` with its still layer laid out, and weighed, once for a raster at the
  /// renderer's scale (`PlayheadAnimation.laidOutForRaster`); others as they are.
  /// - Throws: `RenderError` (`.request`) when drawing it would pass a limit.
  package func laidOutForRaster(_ animation: any AnimationRendition) throws(RenderError) -> any AnimationRendition {
    guard let playing = animation as? PlayheadAnimation else { return animation }
    return try playing.laidOutForRaster(scale: settings.scale)
  }

  /// Each picture of `animation` as a PNG file, in order, handed to `body` as soon as it is
  /// made (several are made at once on every core): the bytes of the picture drawn as one
  /// still (for `play`, the editor with its playhead at that frame).
  /// - Throws: `RenderError`: `.request` for more pixels than one animation may have or a
  ///   drawing past its limit, `.backend` when drawing fails; whatever `body` throws.
  public func pngFrames(of animation: any AnimationRendition, _ body: (Int, [UInt8]) throws -> Void) throws {
    try checkRasterWork(of: animation)
    let animation = try laidOutForRaster(animation)
    do {
      try cairoAnimation(animation).pngFrames(body)
    } catch let error as CairoCanvasError {
      throw RenderError(.backend, "cannot render: \(error)")
    }
  }
}
