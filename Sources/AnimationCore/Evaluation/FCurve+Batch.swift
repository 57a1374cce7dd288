/// Evaluation of many frames at once.
extension FCurve {
  /// The curve's values at `frames`, each exactly as `value(at:)` gives it.
  public func values(at frames: [Float]) -> [Float] {
    frames.map { value(at: $0) }
  }
}
