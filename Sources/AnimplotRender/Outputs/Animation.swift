import AnimplotCairo
import AnimplotCanvas

extension OutputFormat {
  /// An animated PNG: the first picture whole (what a viewer without APNG shows), then only
  /// the rectangle each picture changes; delays and loop count as the animation says.
  public static let apng = OutputFormat(
    id: "apng", name: "apng", fileExtensions: ["apng", "png"], accepts: { $0 == PlayheadAnimation.self },
    encode: { (content, renderer) throws(RenderError) in
      let animation = content as! PlayheadAnimation
      do {
        return try renderer.cairoAnimation(animation).apng(delays: animation.delays, plays: animation.plays)
      } catch {
        throw RenderError(.backend, "cannot render: \(error)")
      }
    })

  /// An animated SVG: the still picture once, and the playhead of each picture shown in turn
  /// by SVG animation (SMIL), so that the file stays small.
  public static let animatedSVG = OutputFormat(
    id: "animated-svg", name: "svg", fileExtensions: ["svg"], accepts: { $0 == PlayheadAnimation.self },
    encode: { (content, renderer) throws(RenderError) in
      let animation = content as! PlayheadAnimation
      do {
        return try renderer.cairoAnimation(animation).svg(delays: animation.delays, plays: animation.plays)
      } catch {
        throw RenderError(.backend, "cannot render: \(error)")
      }
    })
}

extension Renderer {
  /// `animation` for the Cairo backend at the renderer's settings.
  public func cairoAnimation(_ animation: PlayheadAnimation) throws(RenderError) -> CairoAnimation {
    let layers = animation.layers
    let frames = animation.frames
    let size = layers.pictureSize
    return CairoAnimation(
      width: Int(size.width), height: Int(size.height), scale: settings.scale, pngCompression: settings.pngCompression,
      count: frames.count, still: { layers.drawStill(on: $0) }, frame: { layers.drawPlayhead(frames[$0], on: $1) })
  }

  /// Each picture of `animation` as a PNG file, in order, handed to `body` as soon as it is
  /// made (several are made at once on every core): the bytes of the editor drawn as one
  /// still with its playhead at that frame.
  /// - Throws: `RenderError` (`.backend`) when drawing fails; whatever `body` throws.
  public func pngFrames(of animation: PlayheadAnimation, _ body: (Int, [UInt8]) throws -> Void) throws {
    do {
      try cairoAnimation(animation).pngFrames(body)
    } catch let error as CairoCanvasError {
      throw RenderError(.backend, "cannot render: \(error)")
    }
  }
}
