import AnimplotCanvas
import AnimplotCore
import AnimplotPlatform
import AnimplotPlots
import AnimplotText

/// An editor with its playhead stepping through the frames at the scene's rate, as Blender
/// plays an animation: what `animplot play` writes as an APNG, an animated SVG or a folder of
/// frames.
public struct PlayView: PlotView {
  /// The editor that plays.
  public enum Editor: String, Sendable, Hashable, CaseIterable {
    case graph, dopesheet, timeline
  }

  /// Which pictures, and for how long each.
  public struct Timing: Sendable, Hashable {
    /// The frames played; `nil`: the scene range (of every action shown).
    public var frames: ClosedRange<Double>?
    /// Frames the playhead moves per picture (Blender's frame step), above 0.
    public var step: Double = 1
    /// Frames per second; `nil`: the first action's `fps`. Each picture is shown `step / fps`
    /// seconds.
    public var fps: Double?
    /// How many times the animation plays; 0 (Blender's way) loops forever.
    public var plays: Int = 0
    /// One picture per key in the range instead of one per step, each shown until the next
    /// key's time, as the transport's jump-to-key buttons step.
    public var keysOnly = false

    public init() {}
  }

  public var editor: Editor
  /// The Graph Editor's options (size, theme, view …) when `editor` is `.graph`.
  public var graph: GraphOptions
  /// The Dope Sheet's options when `editor` is `.dopesheet`.
  public var dopeSheet: DopeSheetEditorOptions
  /// The Timeline's options when `editor` is `.timeline`.
  public var timeline: TimelineOptions
  public var timing: Timing

  public init(
    editor: Editor = .graph, graph: GraphOptions = GraphOptions(),
    dopeSheet: DopeSheetEditorOptions = DopeSheetEditorOptions(), timeline: TimelineOptions = TimelineOptions(),
    timing: Timing = Timing()
  ) {
    self.editor = editor
    self.graph = graph
    self.dopeSheet = dopeSheet
    self.timeline = timeline
    self.timing = timing
  }

  public static let name = "play"
  /// Every action of the file: the Dope Sheet and the Timeline show them all, the Graph
  /// Editor the first (or the one `--action` names, as for a still picture).
  public static let showsEveryAction = true

  /// The most pictures one animation holds (a folder of frames is numbered 0001 to 9999).
  public static let maximumPictures = 9_999

  public func content(of actions: [Action]) throws(RenderError) -> PlayheadAnimation {
    guard let first = actions.first else { throw RenderError(.input, "no action to play") }
    let layers: any PlayheadLayered
    let shown: [Action]
    switch editor {
    case .graph:
      try ModifierBudget.checkGraph(first, options: graph)
      layers = GraphEditor(action: first, options: graph)
      shown = [first]
    case .dopesheet:
      layers = try DopeSheetView.editor(actions, options: dopeSheet)
      shown = actions
    case .timeline:
      layers = try TimelineView.timeline(actions, options: timeline)
      shown = actions
    }
    let scene = Playback(actions: shown)
    let fps = timing.fps ?? scene.fps
    let playback = Playback(
      range: timing.frames ?? scene.range, fps: fps, step: timing.step, loops: timing.plays == 0,
      keyFrames: scene.keyFrames)
    let frames: [Double]
    var delays: [Double]
    if timing.keysOnly {
      frames = playback.keysInRange
      guard frames.count <= Self.maximumPictures else {
        throw RenderError(
          .request,
          "--keys-only makes \(frames.count) pictures, more than \(Self.maximumPictures); give a shorter --frames")
      }
      delays = zip(frames, frames.dropFirst()).map { ($1 - $0) / fps }
      delays.append(playback.stepDuration)
    } else {
      guard let all = playback.frames(limit: Self.maximumPictures) else {
        let range = playback.range
        throw RenderError(
          .request,
          "playing \(number(range.lowerBound)):\(number(range.upperBound)) by \(number(timing.step)) "
            + "makes more than \(Self.maximumPictures) pictures; give a shorter --frames or a larger --step")
      }
      frames = all
      delays = Array(repeating: playback.stepDuration, count: all.count)
    }
    return PlayheadAnimation(layers: layers, frames: frames, delays: delays, plays: timing.plays)
  }
}

/// `1`, `2.5`: a frame or step as a message says it.
private func number(_ value: Double) -> String { formatNumber(value, wholeBelow: 1e15) }

/// An editor's still picture and the playhead at each frame: what the animated outputs encode.
public struct PlayheadAnimation: AnimationRendition {
  /// The editor, drawn in two layers.
  public let layers: any PlayheadLayered
  /// The playhead's frame in each picture.
  public let frames: [Double]
  /// Seconds each picture is shown.
  public let delays: [Double]
  /// How many times the animation plays; 0 loops forever.
  public let plays: Int

  public init(layers: any PlayheadLayered, frames: [Double], delays: [Double], plays: Int) {
    precondition(!frames.isEmpty && frames.count == delays.count, "one delay per picture, at least one picture")
    self.layers = layers
    self.frames = frames
    self.delays = delays
    self.plays = plays
  }

  public var pictureSize: Size { layers.pictureSize }
  public var pictureCount: Int { frames.count }
  public func drawStill(on canvas: any Canvas) { layers.drawStill(on: canvas) }
  /// The playhead at `frames[index]`.
  public func drawPicture(_ index: Int, on canvas: any Canvas) { layers.drawPlayhead(frames[index], on: canvas) }
}
