// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets over animplot, kept out of the main package: each holds only
// LLVMFuzzerTestOneInput (libFuzzer brings main), so they link only when built with
// `-sanitize=fuzzer`. Run them with `make fuzz SECONDS=N` from the repository's root.
let package = Package(
  name: "animplot-fuzz",
  dependencies: [.package(name: "animplot", path: "..")],
  targets: [
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "fuzz-decode",
      dependencies: ["FuzzDriver", .product(name: "AnimplotFuzzTargets", package: "animplot")]),
    .executableTarget(
      name: "fuzz-png",
      dependencies: ["FuzzDriver", .product(name: "AnimplotFuzzTargets", package: "animplot")]),
  ]
)
