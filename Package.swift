// swift-tools-version:6.0
import PackageDescription

// The dependency graph enforces the layers of DESIGN.md: the model and maths know nothing of
// Cairo or JSON, the editors draw on the abstract Canvas, and only CairoCanvas imports the C
// libraries.
let package = Package(
  name: "animplot",
  products: [
    .library(name: "AnimationCore", targets: ["AnimationCore"]),
    .library(name: "AnimationIO", targets: ["AnimationIO"]),
    .library(name: "Canvas", targets: ["Canvas"]),
    .library(name: "CairoCanvas", targets: ["CairoCanvas"]),
    .library(name: "Plots", targets: ["Plots"]),
    .library(name: "Golden", targets: ["Golden"]),
    .executable(name: "animplot", targets: ["animplot"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-numerics.git", from: "1.0.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
  ],
  targets: [
    // C libraries from Debian's -dev packages (the Makefile installs them).
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // The bundled font's bytes, linked in with `.incbin` (the path "." lets it find the file).
    .target(
      name: "CDejaVuSans", exclude: ["DejaVuSans.ttf", "LICENSE"],
      cSettings: [.headerSearchPath(".")]),

    .target(
      name: "AnimationCore",
      dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
    // Number and JSON-string spelling shared by every text output (stdlib only).
    .target(name: "TextFormatting"),
    .target(name: "AnimationIO", dependencies: ["AnimationCore", "TextFormatting"]),
    .target(name: "Canvas", dependencies: ["CDejaVuSans"]),
    .target(name: "CairoCanvas", dependencies: ["Canvas", "CCairo", "CPNG"]),
    .target(
      name: "Plots",
      dependencies: [
        "AnimationCore", "Canvas", "TextFormatting",
        .product(name: "RealModule", package: "swift-numerics"),
      ]),
    .target(name: "Golden", dependencies: ["Canvas", "CairoCanvas", "TextFormatting"]),
    .executableTarget(
      name: "animplot",
      dependencies: [
        "AnimationCore", "AnimationIO", "Canvas", "CairoCanvas", "Plots", "Golden", "TextFormatting",
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
    .testTarget(name: "CanvasTests", dependencies: ["Canvas"]),
    .testTarget(name: "CairoCanvasTests", dependencies: ["Canvas", "CairoCanvas"]),
    .testTarget(
      name: "PlotsTests",
      dependencies: ["AnimationCore", "AnimationIO", "Canvas", "CairoCanvas", "Golden", "Plots"],
      exclude: ["Snapshots", "Goldens"]),
    .testTarget(name: "GoldenTests", dependencies: ["Canvas", "CairoCanvas", "Golden"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["AnimationCore", "AnimationIO", "Canvas", "Golden"]),
  ]
)
