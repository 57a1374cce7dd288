import AnimplotCanvas
import AnimplotCore
@testable import AnimplotPlots
import Testing

/// The preview stage: the shape where the transform puts it, in the motion path's view.
@Suite("Stage (animplot preview)")
struct StageTests {
  static let hop: Action = {
    var action = MotionPathPlotTests.hop
    action.tracks.append(MotionPathPlotTests.curve(1, [(1, 0), (24, 0)]).with(dataPath: "rotation_euler", value: { $0 == 24 ? .pi / 2 : 0 }))
    action.tracks.append(MotionPathPlotTests.curve(0, [(1, 1), (24, 2)]).with(dataPath: "scale"))
    return action.recalculated()
  }()

  static func options(_ shape: BuiltinShape = .square) -> StageOptions {
    var options = StageOptions()
    options.view.width = 480
    options.view.height = 270
    options.shape = shape.outline.points
    return options
  }

  @Test("the outline is the shape through the object's transform at that frame, in the path's view")
  func outlineFollowsTheTransform() throws {
    let stage = try Stage(action: Self.hop, options: Self.options())
    for frame in [1.0, 7.5, 24] {
      let t = TransformChannels(action: Self.hop).transform(at: frame).planeTransform(.xz)
      let expected = Self.options().shape.map { p in
        stage.plot.viewport.point(t.a * p.x + t.c * -p.y + t.tx, t.b * p.x + t.d * -p.y + t.ty)
      }
      #expect(stage.outline(at: frame) == expected)
    }
    // At frame 24 the shape is turned a quarter about Y (seen from the front: its x axis,
    // twice as long by scale X 2, now points down) so it stands 2 units tall and 1 wide.
    let end = stage.outline(at: 24)
    let ys = end.map(\.y), xs = end.map(\.x)
    #expect(abs((ys.max()! - ys.min()!) - 2 * stage.plot.viewport.pixelsPerValue) < 1e-3)
    #expect(abs((xs.max()! - xs.min()!) - stage.plot.viewport.pixelsPerFrame) < 1e-3)
  }

  @Test("every shape, at every frame, stays inside the picture")
  func fitsTheShapes() throws {
    for shape in BuiltinShape.allCases {
      let stage = try Stage(action: Self.hop, options: Self.options(shape))
      for frame in stage.frames {
        for p in stage.outline(at: frame) {
          #expect(p.x >= 0 && p.x <= 480 && p.y >= 0 && p.y <= 270, "\(shape) at \(frame)")
        }
      }
    }
  }

  @Test("display-list snapshot: the stage with a star at frame 12")
  func snapshot() throws {
    let stage = try Stage(action: Self.hop, options: Self.options(.star))
    Snapshot.assertDrawing(named: "stage-star-hop", width: 480, height: 270) { stage.draw(on: $0, frame: 12) }
  }

  @Test("a filmstrip's cells sit on sampled frames, the first and last included")
  func filmstrip() throws {
    let stage = try Stage(action: Self.hop, options: Self.options())
    let strip = StageFilmstrip(stage: stage, count: 4, columns: 3)
    #expect(strip.frames == [1, 9, 16, 24])
    #expect(strip.rows == 2)
    #expect(strip.pictureSize == Size(3 * 480 + 2 * StageFilmstrip.gap, 2 * 270 + StageFilmstrip.gap))
  }

  @Test("an action that moves nothing is refused")
  func nothingToMove() {
    #expect(throws: MotionPath.Problem.noTransformChannels) {
      try Stage(action: Action(name: "still", tracks: [FCurve(dataPath: "hide_render", keyframes: [Keyframe(frame: 1, value: 0)])]))
    }
  }
}

extension FCurve {
  fileprivate func with(dataPath: String, value: ((Float) -> Float)? = nil) -> FCurve {
    var copy = self
    copy.dataPath = dataPath
    if let value { copy.keyframes = Keyframes(keyframes.map { var k = $0; k.value = value(k.frame); return k }) }
    return copy
  }
}
