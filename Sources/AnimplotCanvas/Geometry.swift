/// A point in canvas space: logical pixels, x to the right, y downward.
public struct Point: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
  public static let zero = Point(0, 0)
}

/// A width and a height in logical pixels.
public struct Size: Sendable, Hashable {
  public var width: Double
  public var height: Double
  public init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }
}

/// An axis-aligned rectangle in logical pixels.
public struct Rect: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }

  /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom.
  /// Whether `p` lies in the rectangle or on its edge.
  public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
  }
}

/// An affine transform: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (Cairo's matrix layout).
public struct Transform: Sendable, Hashable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public static func translation(_ x: Double, _ y: Double) -> Transform {
    Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  public static func scale(_ sx: Double, _ sy: Double) -> Transform {
    Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// `self` applied after `other` (`other` first).
  public func concatenating(_ other: Transform) -> Transform {
    Transform(
      a: other.a * a + other.b * c, b: other.a * b + other.b * d,
      c: other.c * a + other.d * c, d: other.c * b + other.d * d,
      tx: other.tx * a + other.ty * c + tx, ty: other.tx * b + other.ty * d + ty)
  }

  public func apply(_ p: Point) -> Point {
    Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
  }
}
