// swift-tools-version:6.0
// A package that uses animplot as a library, as another project would: it depends on the
// animplot repository (here by path; elsewhere by its URL) and uses its products only.
// `make test` builds it, runs its tests and runs it on the bouncing ball's golden picture.
import PackageDescription

let package = Package(
  name: "animplot-consumer",
  dependencies: [
    .package(name: "animplot", path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
  ],
  targets: [
    .executableTarget(
      name: "consumer",
      dependencies: [
        .product(name: "AnimplotCore", package: "animplot"),
        .product(name: "AnimplotRender", package: "animplot"),
        .product(name: "AnimplotGolden", package: "animplot"),
      ]),
    .testTarget(
      name: "ConsumerTests",
      dependencies: [
        .product(name: "AnimplotCore", package: "animplot"),
        .product(name: "AnimplotRender", package: "animplot"),
        .product(name: "AnimplotSnapshotTesting", package: "animplot"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]),
  ]
)
