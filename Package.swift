// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "PresentationReplay",
  products: [
    .library(name: "StateMachine", targets: ["StateMachine"]),
    .executable(name: "replay", targets: ["Replay"]),
  ],
  targets: [
    .target(
      name: "StateMachine",
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "Replay",
      dependencies: ["StateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "RecorderExample",
      dependencies: ["StateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "ReplayBenchmark",
      dependencies: ["StateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .testTarget(
      name: "StateMachineTests",
      dependencies: ["StateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["Replay", "StateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
