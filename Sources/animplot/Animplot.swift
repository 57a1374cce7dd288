import ArgumentParser

/// The `animplot` command: one subcommand per verb (SPEC §2).
struct Animplot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "animplot",
    abstract: "Evaluate and draw animation curves exactly as Blender does, without a screen.",
    discussion: """
      Reads actions (Blender-style F-curves) and evaluates or draws them the way Blender's
      Graph Editor and Dope Sheet do. Exit codes: 0 success, 1 a comparison found a
      difference, 2 bad usage or bad input.
      """,
    version: animplotVersion,
    subcommands: [Graph.self, DopeSheet.self, Timeline.self, Eval.self, Recalc.self, Diff.self, Check.self]
  )
}

/// The version printed by `--version`.
let animplotVersion = "0.1.0"
