import AnimplotCore
import Foundation
import AnimplotCairo
import AnimplotCanvas
@testable import AnimplotPlots
import Testing

/// `MotionPathPlot`: its view, its curve, snapshots and a path of 100,000 samples.
@Suite("Motion path picture")
struct MotionPathPlotTests {
  static func curve(_ index: Int, _ keys: [(Float, Float)]) -> FCurve {
    var curve = FCurve(dataPath: "location", index: index, keyframes: keys.map { Keyframe(frame: $0.0, value: $0.1) })
    curve.recalculateHandles()
    return curve
  }

  /// A hop: X steady, Z up and down, keys on frames 1, 12, 24.
  static let hop: Action = {
    var action = Action(name: "Hop", tracks: [curve(0, [(1, 0), (24, 6)]), curve(2, [(1, 0), (12, 3), (24, 0)])])
    action.frameStart = 1
    action.frameEnd = 24
    action.currentFrame = 12
    return action
  }()

  static func options(_ change: (inout MotionPathOptions) -> Void = { _ in }) -> MotionPathOptions {
    var options = MotionPathOptions()
    options.width = 480
    options.height = 270
    change(&options)
    return options
  }

  @Test("equal scales across and up; every sample inside the free area")
  func fit() throws {
    let plot = try MotionPathPlot(action: Self.hop, options: Self.options())
    #expect(abs(plot.viewport.pixelsPerFrame - plot.viewport.pixelsPerValue) < 1e-9)
    for p in plot.pixelPoints() {
      #expect(p.x >= MotionPathPlot.insets.left && p.x <= 480 - MotionPathPlot.insets.right)
      #expect(p.y >= MotionPathPlot.insets.top && p.y <= 270 - MotionPathPlot.insets.bottom)
    }
    #expect(plot.current?.frame == 12)
    #expect(plot.current?.position.z == 3)
  }

  @Test("a path that does not move is fitted around it")
  func still() throws {
    var action = Self.hop
    action.tracks = [Self.curve(1, [(1, 2)])]
    let plot = try MotionPathPlot(action: action, options: Self.options())
    #expect(plot.viewport.pixelsPerFrame.isFinite && plot.viewport.pixelsPerFrame > 0)
    let p = plot.pixelPoints()[0]
    #expect(abs(p.x - (MotionPathPlot.insets.left + 480 - MotionPathPlot.insets.right) / 2) < 1e-6)
  }

  @Test("the curve: one stroke per speed step, Béziers through every sample")
  func curve() throws {
    let plot = try MotionPathPlot(action: Self.hop, options: Self.options())
    let paths = plot.curvePaths(plot.pixelPoints())
    #expect(!paths.isEmpty && paths.count <= MotionPathPlot.speedSteps)
    let ends = paths.flatMap { $0.path.elements }.compactMap { element -> Point? in
      if case .cubic(_, _, let end) = element { end } else { nil }
    }
    // Samples 2 ... 24 each end one cubic (the first starts a subpath).
    #expect(ends.count == 23)
  }

  @Test("the ramp's colours: slow to fast, its ends at the ramp's ends")
  func ramp() {
    let colors = View3DColors.blender
    #expect(colors.speedColor(0) == colors.speedRamp.first)
    #expect(colors.speedColor(1) == colors.speedRamp.last)
    #expect(colors.speedColor(-3) == colors.speedRamp.first)
    #expect(MotionPathPlot.significant(0.005834) == "0.00583")
    #expect(MotionPathPlot.significant(123.456) == "123")
    #expect(MotionPathPlot.significant(4.5) == "4.50")
  }

  @Test("display-list snapshots", arguments: ["dark", "light"])
  func snapshots(theme: String) throws {
    let plot = try MotionPathPlot(action: Self.hop, options: Self.options { $0.theme = Theme.named(theme)! })
    Snapshot.assertDrawing(named: "path-hop-\(theme)", width: 480, height: 270) { plot.draw(on: $0) }
  }

  @Test("the Top and Right views name themselves and their axes")
  func planes() throws {
    for (plane, name, axes) in [(ProjectionPlane.xy, "Top Orthographic", ["X", "Y"]), (.yz, "Right Orthographic", ["Y", "Z"])] {
      let plot = try MotionPathPlot(action: Self.hop, options: Self.options { $0.plane = plane })
      let texts = lines(displayList(width: 480, height: 270) { plot.draw(on: $0) }, "text ").map { $0.split(separator: "\"")[1] }
      #expect(texts.contains(Substring(name)))
      for axis in axes { #expect(texts.contains(Substring(axis))) }
    }
  }

  @Test("100,000 samples draw: every colour step stroked once, crowded samples merged")
  func hundredThousandSamples() throws {
    // A slow spiral sampled every frame: 100,000 samples a fraction of a pixel apart.
    let count = 100_000
    var x: [(Float, Float)] = [], z: [(Float, Float)] = []
    for i in 0..<count {
      let angle = Double(i) / 2000, radius = 1 + Double(i) / Double(count) * 9
      x.append((Float(i + 1), Float(radius * cos(angle))))
      z.append((Float(i + 1), Float(radius * sin(angle))))
    }
    func linear(_ index: Int, _ keys: [(Float, Float)]) -> FCurve {
      FCurve(dataPath: "location", index: index, keyframes: keys.map {
        var key = Keyframe(frame: $0.0, value: $0.1)
        key.interpolation = .linear
        return key
      })
    }
    var action = Action(name: "Spiral", tracks: [linear(0, x), linear(2, z)])
    action.frameStart = 1
    action.frameEnd = Double(count)
    let plot = try MotionPathPlot(action: action, options: Self.options { $0.width = 800; $0.height = 450 })
    #expect(plot.path.frames.count == count)
    #expect(plot.path.keys.count == count)
    let canvas = RecordingCanvas(size: Size(800, 450))
    plot.draw(on: canvas)
    let list = canvas.displayList
    let strokes = lines(list, "stroke ")
    #expect(strokes.count <= MotionPathPlot.speedSteps + 10)
    let points = plot.curvePaths(plot.pixelPoints()).reduce(0) { $0 + $1.path.elements.count }
    #expect(points > 1000 && points < count / 4, "\(points) path elements")
    // And through Cairo, to a PNG.
    let png = try rendered(.png, width: 800, height: 450) { plot.draw(on: $0) }
    #expect(png.starts(with: [137, 80, 78, 71]))
  }

  /// The sample limit holds for every object's path together: three objects of two million
  /// frames each are refused before anything is sampled (twelve of five million took 2.6 GB).
  /// The preview stage (its animation and its filmstrip) samples the same paths and is held to
  /// the same rule: a filmstrip of twelve such objects took 2.6 GB, forty aborted.
  @Test("the samples of all objects' paths together are bounded")
  func samplesOfAllObjectsAreBounded() {
    var action = Action(name: "Many")
    action.tracks = (0..<3).map { i in
      var curve = Self.curve(0, [(1, 0), (2_000_000, Float(i))])
      curve.dataPath = ObjectChannels.dataPath(owner: "o\(i)", property: "location")
      return curve
    }
    #expect(ObjectChannels.of([action]).count == 3)
    do {
      _ = try MotionPathPlot(action: action, options: Self.options())
      Issue.record("no error")
    } catch {
      #expect("\(error)".hasPrefix("3 objects' paths have 6000000 samples in all, more than 5000000;"), "\(error)")
    }
    var stage = StageOptions()
    stage.view = Self.options()
    do {
      _ = try Stage(action: action, options: stage)
      Issue.record("no error from the stage")
    } catch {
      #expect("\(error)".hasPrefix("3 objects' paths have 6000000 samples in all, more than 5000000;"), "\(error)")
    }
    // One object of them is within the limit's count (not sampled here: the count decides).
    #expect(MotionPath.sampleCount(from: 1, to: 2_000_000, step: 1) <= Double(MotionPath.maximumSamples))
  }
}
