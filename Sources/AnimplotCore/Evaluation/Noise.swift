/// The noise functions behind Blender's Noise modifier.
enum Noise {
  /// Blender's legacy turbulence (3.4, and 5.0 with `use_legacy_noise`).
  static func turbulence(size: Float, x: Float, y: Float, z: Float, depth: Int) -> Float {
    .nan
  }

  /// Blender 5.0's fractal Perlin noise.
  static func fractal(x: Float, y: Float, depth: Int, roughness: Float, lacunarity: Float) -> Float {
    .nan
  }
}
