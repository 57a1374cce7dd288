// swift-tools-version:6.0
import PackageDescription

// The dependency graph enforces the layers of DESIGN.md: the model and maths know nothing of
// Cairo or JSON, and only CairoCanvas imports the C module.
let package = Package(
  name: "animplot",
  products: [
    .library(name: "AnimationCore", targets: ["AnimationCore"]),
    .library(name: "AnimationIO", targets: ["AnimationIO"]),
    .executable(name: "animplot", targets: ["animplot"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-numerics.git", from: "1.0.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
  ],
  targets: [
    .target(
      name: "AnimationCore",
      dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
    .target(name: "AnimationIO", dependencies: ["AnimationCore"]),
    .executableTarget(
      name: "animplot",
      dependencies: [
        "AnimationCore", "AnimationIO",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "animplot-bench", dependencies: ["AnimationCore", "AnimationIO"],
      path: "Benchmarks/animplot-bench"),
    .testTarget(
      name: "AnimationCoreTests",
      dependencies: [
        "AnimationCore", "AnimationIO",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "AnimationIOTests",
      dependencies: [
        "AnimationCore", "AnimationIO",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "EndToEndTests", dependencies: ["AnimationCore", "AnimationIO"]),
  ]
)
