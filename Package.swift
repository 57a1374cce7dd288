// swift-tools-version:6.1
import PackageDescription

// The dependency graph enforces the layers (README, "Layout"): the model and maths know nothing of
// Cairo or JSON, the editors draw on the abstract Canvas, only AnimplotCairo imports Cairo,
// only AnimplotPlatform names the C library, and the command line is a thin layer over
// AnimplotRender. Every module is prefixed Animplot so that none clashes in a user's graph.
let package = Package(
  name: "animplot",
  products: [
    // The core: load, evaluate and recalculate actions exactly as Blender does.
    .library(name: "AnimplotCore", targets: ["AnimplotCore", "AnimplotIO", "AnimplotEdit"]),
    // The renderer: any view of actions to PNG, SVG, PDF, display list, layout or values.
    .library(
      name: "AnimplotRender", targets: ["AnimplotRender", "AnimplotPlots", "AnimplotCanvas", "AnimplotCairo"]),
    // Image comparison: exact and perceptual, diff images, their reports.
    .library(name: "AnimplotGolden", targets: ["AnimplotGolden"]),
    // swift-snapshot-testing strategies (.graph, .displayList, .dopesheetLayout ...).
    .library(name: "AnimplotSnapshotTesting", targets: ["AnimplotSnapshotTesting"]),
    .executable(name: "animplot", targets: ["animplot"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-numerics.git", from: "1.0.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
    // Tests write .lottie archives with it (the reader is hand-written on zlib: see ZIPArchive).
    .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    // `make docs`: the DocC catalogs of the public modules (Sources/*/*.docc).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    // `animplot serve` and `check --review`: the Swift server ecosystem's HTTP server, linked by
    // AnimplotServe only (no library product links it). Its default traits (swift-configuration,
    // full Foundation) are left out: the server is configured by the command line.
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
    // Hummingbird's own dependencies, named for the bound port (NIOCore), a quiet logger, and the
    // parser's refusals answered in the API's form (NIOHTTP1, NIOHTTPTypes).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
  ],
  targets: [
    // C libraries from Debian's -dev packages (the Makefile installs them).
    .systemLibrary(
      name: "CAnimplotCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]),
    .systemLibrary(name: "CAnimplotPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // zlib, for .lottie archives (libpng-dev brings zlib1g-dev).
    .systemLibrary(name: "CAnimplotZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // The bundled font's bytes, linked in with `.incbin` (the path "." lets it find the file).
    .target(
      name: "CAnimplotFont", exclude: ["DejaVuSans.ttf", "LICENSE"],
      cSettings: [.headerSearchPath(".")]),

    // The one parallel loop (standard library, Dispatch, Synchronization, and AnimplotPlatform's
    // threads): below the model, so that every layer may use it.
    .target(name: "AnimplotConcurrency", dependencies: ["AnimplotPlatform"]),
    .target(
      name: "AnimplotCore",
      dependencies: ["AnimplotConcurrency", .product(name: "RealModule", package: "swift-numerics")]),
    // Blender's Graph Editor operations on documents of F-curves (model and maths only).
    .target(name: "AnimplotEdit", dependencies: ["AnimplotCore", .product(name: "RealModule", package: "swift-numerics")]),
    // The one number speller and string quoter shared by every text output (stdlib only).
    .target(name: "AnimplotText"),
    // The one target that names the C library (Glibc, Musl, Darwin), imported without
    // @_exported: files, descriptors, processes, time. Other modules call its API, not libc.
    .target(name: "AnimplotPlatform", dependencies: ["CAnimplotSignals"]),
    .target(name: "CAnimplotSignals"),
    // What the libFuzzer executables of Fuzz/ run on each input, and the regression tests on
    // every finding kept (not a product).
    .target(
      name: "AnimplotFuzzTargets",
      dependencies: ["AnimplotCore", "AnimplotIO", "AnimplotPlots", "AnimplotRender", "AnimplotGolden"]),
    .target(
      name: "AnimplotIO",
      dependencies: ["AnimplotConcurrency", "AnimplotCore", "AnimplotEdit", "AnimplotText", "AnimplotPlatform", "CAnimplotZlib"]),
    .target(name: "AnimplotCanvas", dependencies: ["CAnimplotFont", "AnimplotPlatform", "AnimplotText"]),
    .target(
      name: "AnimplotCairo",
      dependencies: ["AnimplotCanvas", "AnimplotConcurrency", "AnimplotPlatform", "AnimplotText", "CAnimplotCairo", "CAnimplotPNG"]),
    .target(
      name: "AnimplotPlots",
      dependencies: [
        "AnimplotConcurrency", "AnimplotCore", "AnimplotCanvas", "AnimplotText",
        .product(name: "RealModule", package: "swift-numerics"),
      ]),
    .target(name: "AnimplotGolden", dependencies: ["AnimplotCanvas", "AnimplotCairo", "AnimplotText", "AnimplotPlatform"]),
    // `check`'s runner without its command line: case folders, verdicts, record modes, reports
    // (HTML, JUnit, JSON summaries, read back with AnimplotIO's JSON reader, and their merge),
    // shards, rsvg-convert. Not a product.
    .target(
      name: "AnimplotCheck",
      dependencies: ["AnimplotGolden", "AnimplotIO", "AnimplotCanvas", "AnimplotCairo", "AnimplotText", "AnimplotPlatform"]),
    // The render pipeline as a library: inputs, views and outputs as open sets.
    .target(
      name: "AnimplotRender",
      dependencies: [
        "AnimplotCore", "AnimplotIO", "AnimplotText", "AnimplotCanvas", "AnimplotCairo", "AnimplotPlots",
        "AnimplotPlatform",
      ]),
    // The verbs' grammar (one for the command line and for check's NAME.args) and their runs:
    // Verbs/ one file of arguments per verb, Options/ the option groups verbs share, Runs/ how
    // outputs are rendered and written, Check/ the cases' grammar and check's progress.
    .target(
      name: "AnimplotCommandLine",
      dependencies: [
        "AnimplotRender", "AnimplotEdit", "AnimplotGolden", "AnimplotCheck", "AnimplotIO", "AnimplotPlots", "AnimplotCairo",
        "AnimplotCanvas", "AnimplotCore", "AnimplotText", "AnimplotConcurrency", "AnimplotPlatform",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // swift-snapshot-testing strategies for actions: a product of its own, so that nothing else
    // depends on that library.
    .target(
      name: "AnimplotSnapshotTesting",
      dependencies: [
        "AnimplotCore", "AnimplotRender", "AnimplotGolden", "AnimplotPlots", "AnimplotCanvas", "AnimplotText",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]),
    // `animplot serve` and `check --review`: the editors and the golden review in the browser
    // over HTTP (Hummingbird), every answer made by the command line's own grammar and runs.
    // Their pages (Page/, Review/) are compiled in: no URL path ever reaches the file system.
    // Not a product: only the binary links a server.
    .target(
      name: "AnimplotServe",
      dependencies: [
        "AnimplotCommandLine", "AnimplotCheck", "AnimplotRender", "AnimplotEdit", "AnimplotIO", "AnimplotPlots",
        "AnimplotCanvas", "AnimplotCore", "AnimplotText", "AnimplotPlatform",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [
        .embedInCode("Page/index.html"), .embedInCode("Page/page.js"), .embedInCode("Page/page.css"),
        .embedInCode("Review/review.html"), .embedInCode("Review/review.js"), .embedInCode("Review/review.css"),
      ]),
    .executableTarget(
      name: "animplot",
      dependencies: [
        "AnimplotCommandLine", "AnimplotServe", "AnimplotCairo", "AnimplotText", "AnimplotPlatform",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "animplot-bench", dependencies: ["AnimplotCore", "AnimplotIO", "AnimplotPlatform"],
      path: "Benchmarks/animplot-bench"),

    // What several test targets share: the package's folders, the binary the end-to-end tests
    // run, the shared reference folder and browser that some tests need (skipped without them,
    // failed without them when CI is set), JSON Schema validation, and the test pictures and PNG
    // files of the image-comparison and check tests. Not a product.
    .target(
      name: "AnimplotTestSupport",
      dependencies: ["AnimplotCanvas", "AnimplotCairo", .product(name: "RealModule", package: "swift-numerics")],
      path: "Tests/AnimplotTestSupport"),
    .testTarget(
      name: "AnimplotCoreTests",
      dependencies: [
        "AnimplotCore", "AnimplotIO", "AnimplotTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      // Blender 5.0.1's answers and the script that made them, read from the checkout.
      exclude: ["Blender50"]),
    .testTarget(
      name: "AnimplotIOTests",
      dependencies: [
        "AnimplotCore", "AnimplotIO", "AnimplotTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      exclude: ["Resources"]),
    .testTarget(name: "AnimplotTextTests", dependencies: ["AnimplotText"]),
    .testTarget(name: "AnimplotEditTests", dependencies: ["AnimplotEdit", "AnimplotCore", "AnimplotIO", "AnimplotTestSupport"]),
    .testTarget(name: "AnimplotConcurrencyTests", dependencies: ["AnimplotConcurrency"]),
    .testTarget(
      name: "AnimplotServeTests",
      dependencies: [
        "AnimplotServe", "AnimplotCheck", "AnimplotCommandLine", "AnimplotConcurrency", "AnimplotPlatform",
        "AnimplotTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "AnimplotCanvasTests", dependencies: ["AnimplotCanvas"]),
    .testTarget(
      name: "AnimplotCairoTests", dependencies: ["AnimplotCanvas", "AnimplotCairo", "CAnimplotCairo", "AnimplotPlatform"]),
    .testTarget(
      name: "AnimplotPlotsTests",
      dependencies: [
        "AnimplotCore", "AnimplotIO", "AnimplotCanvas", "AnimplotCairo", "AnimplotGolden", "AnimplotCheck", "AnimplotPlots",
        "AnimplotText", "AnimplotTestSupport",
      ],
      exclude: ["Snapshots", "Goldens"]),
    .testTarget(
      name: "AnimplotGoldenTests",
      dependencies: ["AnimplotCanvas", "AnimplotCairo", "AnimplotGolden", "AnimplotPlatform", "AnimplotTestSupport"]),
    .testTarget(
      name: "AnimplotCheckTests",
      dependencies: ["AnimplotCanvas", "AnimplotCairo", "AnimplotGolden", "AnimplotCheck", "AnimplotPlatform", "AnimplotTestSupport"]),
    .testTarget(
      name: "AnimplotRenderTests",
      dependencies: ["AnimplotRender", "AnimplotCore", "AnimplotIO", "AnimplotCanvas", "AnimplotPlots", "AnimplotCairo", "AnimplotGolden", "AnimplotPlatform"]),
    .testTarget(
      name: "AnimplotSnapshotTestingTests",
      dependencies: [
        "AnimplotSnapshotTesting", "AnimplotCore", "AnimplotIO", "AnimplotPlots", "AnimplotRender",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "AnimplotCommandLineTests",
      dependencies: [
        "AnimplotCommandLine", "AnimplotRender", "AnimplotGolden", "AnimplotCheck", "AnimplotPlots", "AnimplotCairo",
        "AnimplotText", "AnimplotCanvas", "AnimplotCore", "AnimplotEdit", "AnimplotIO", "AnimplotPlatform", "AnimplotTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "FuzzRegressionTests", dependencies: ["AnimplotFuzzTargets", "AnimplotIO"], exclude: ["Crashers"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["AnimplotCore", "AnimplotIO", "AnimplotCanvas", "AnimplotGolden", "AnimplotCheck", "AnimplotTestSupport"]),
  ]
)

// `make fuzz` (Scripts/fuzz.sh) adds the libFuzzer executables of Fuzz/ with ANIMPLOT_FUZZ set and
// builds them with -sanitize=fuzzer: each holds only LLVMFuzzerTestOneInput and its entry point,
// which calls libFuzzer's driver, so they link only with libFuzzer; no other build of the
// package sees them.
if Context.environment["ANIMPLOT_FUZZ"] != nil {
  package.targets += [
    .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
    .executableTarget(name: "fuzz-decode", dependencies: ["FuzzDriver", "AnimplotFuzzTargets"], path: "Fuzz/fuzz-decode"),
    .executableTarget(name: "fuzz-png", dependencies: ["FuzzDriver", "AnimplotFuzzTargets"], path: "Fuzz/fuzz-png"),
    .executableTarget(
      name: "fuzz-import", dependencies: ["FuzzDriver", "AnimplotFuzzTargets", "AnimplotIO"], path: "Fuzz/fuzz-import"),
  ]
}
