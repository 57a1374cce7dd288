import AnimplotCore
import Testing

@Suite("Playback: the transport")
struct PlaybackTests {
  static func action() -> Action {
    var action = Action(name: "a")
    action.frameStart = 1
    action.frameEnd = 10
    action.fps = 24
    action.tracks = [
      FCurve(dataPath: "location", keyframes: [Keyframe(frame: 1, value: 0), Keyframe(frame: 4, value: 3), Keyframe(frame: 9, value: 1)]),
      FCurve(dataPath: "location", index: 1, keyframes: [Keyframe(frame: 4.005, value: 0), Keyframe(frame: 12, value: 1)]),
    ]
    var hidden = FCurve(dataPath: "scale", keyframes: [Keyframe(frame: 6, value: 1)])
    hidden.hidden = true
    action.tracks.append(hidden)
    return action.recalculated()
  }

  @Test("advancing steps by frame_step and loops back to the start after the end")
  func advanceLoops() {
    var playback = Playback(action: Self.action(), step: 4)
    #expect(playback.frame == 1)
    do {
      let moved = playback.advance()
      #expect(moved && playback.frame == 5)
    }
    do {
      let moved = playback.advance()
      #expect(moved && playback.frame == 9)
    }
    do {
      let moved = playback.advance()
      #expect(moved && playback.frame == 1)
    }
    do {
      let moved = playback.stepBack()
      #expect(moved && playback.frame == 10)
    }
    do {
      let moved = playback.stepBack()
      #expect(moved && playback.frame == 6)
    }
  }

  @Test("without looping, playback stops on the last frame it reaches")
  func advanceStops() {
    var playback = Playback(range: 1...3, fps: 24, loops: false)
    do {
      let moved = playback.advance()
      #expect(moved && playback.advance())
    }
    #expect(playback.frame == 3)
    let moved = playback.advance()
    #expect(!moved && playback.frame == 3)
  }

  @Test("key jumps go to the next and previous visible key, keys 0.01 apart being one")
  func keyJumps() {
    var playback = Playback(action: Self.action())
    #expect(playback.keyFrames == [1, 4, 9, 12])  // the hidden track's key at 6 is not shown
    do {
      let moved = playback.jumpToNextKey()
      #expect(moved && playback.frame == 4)
    }
    do {
      let moved = playback.jumpToNextKey()
      #expect(moved && playback.frame == 9)
    }
    playback.jump(to: 9.005)
    do {
      let moved = playback.jumpToNextKey()
      #expect(moved && playback.frame == 12)
    }
    do {
      let moved = playback.jumpToNextKey()
      #expect(!moved && playback.frame == 12)
    }
    do {
      let moved = playback.jumpToPreviousKey()
      #expect(moved && playback.frame == 9)
    }
    playback.jump(to: 1.005)
    do {
      let moved = playback.jumpToPreviousKey()
      #expect(!moved && playback.frame == 1.005)
    }
  }

  @Test("one pass: its frames, and what a player shows after some seconds")
  func framesAndTime() {
    let playback = Playback(range: 1...10, fps: 24, step: 2)
    #expect(playback.frames() == [1, 3, 5, 7, 9])
    #expect(playback.stepCount == 5)
    #expect(playback.frames(limit: 4) == nil)
    #expect(playback.stepDuration == 2.0 / 24)
    #expect(playback.frame(atTime: 0) == 1)
    #expect(playback.frame(atTime: 3.0 / 24) == 3)
    #expect(playback.frame(atTime: 10.0 / 24) == 1)  // looped
    let once = Playback(range: 1...10, fps: 24, step: 2, loops: false)
    #expect(once.frame(atTime: 100) == 9)
    #expect(Playback(range: 0...1e300, fps: 24).frames(limit: 10_000) == nil)
  }

  @Test("the values at the playhead are the curves' own")
  func values() {
    let action = Self.action()
    var playback = Playback(action: action)
    playback.jump(to: 2.5)
    #expect(playback.values(of: action) == action.tracks.map { $0.value(at: 2.5) })
  }

  @Test("several actions share one scene: the union of ranges, the first fps and playhead")
  func sharedScene() {
    var a = Action(name: "a")
    a.frameStart = 5
    a.frameEnd = 20
    a.fps = 30
    var b = Action(name: "b")
    b.frameStart = 1
    b.frameEnd = 8
    b.currentFrame = 7
    let playback = Playback(actions: [a, b])
    #expect(playback.range == 1...20)
    #expect(playback.fps == 30)
    #expect(playback.frame == 7)
  }
}
