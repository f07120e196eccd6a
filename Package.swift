// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "PresentationReplay",
  // iOS 13 is the oldest the glue builds for: the adaptive delegate's dismissal callbacks and Swift
  // concurrency's `MainActor` start there. macOS 10.15 is the matching release for the library and tools.
  platforms: [.iOS(.v13), .macOS(.v10_15)],
  products: [
    .library(name: "PresentationStateMachine", targets: ["PresentationStateMachine"]),
    .library(name: "PresentationRecordingUIKit", targets: ["PresentationRecordingUIKit"]),
    .executable(name: "replay", targets: ["Replay"]),
  ],
  targets: [
    // Named apart from other packages' `StateMachine` modules so an app can link both; the folder keeps
    // its short name.
    .target(
      name: "PresentationStateMachine",
      path: "Sources/StateMachine",
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    // The UIKit API the glue uses, for platforms without UIKit (see Sources/UIKitSurface/UIKitSurface.swift).
    .target(
      name: "UIKitSurface",
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    // UIKit glue: app-wide hooks recording through the library's recorder. Kept out of the library, which
    // stays UIKit-free.
    .target(
      name: "PresentationRecordingUIKit",
      dependencies: [
        "PresentationStateMachine",
        .target(
          name: "UIKitSurface",
          condition: .when(platforms: [.linux, .macOS, .windows, .android, .wasi, .openbsd])),
      ],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    // A UIKit stand-in that plays generated episodes through the glue: for the glue's tests and the example.
    .target(
      name: "ScriptedUIKit",
      dependencies: ["PresentationRecordingUIKit"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "Replay",
      dependencies: ["PresentationStateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "RecorderExample",
      dependencies: ["PresentationStateMachine", "PresentationRecordingUIKit", "ScriptedUIKit"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    // A program's peak memory as a child process: what the benchmark prints and the memory tests assert.
    .target(
      name: "ChildPeak",
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "ReplayBenchmark",
      dependencies: ["PresentationStateMachine", "PresentationRecordingUIKit", "ChildPeak"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .testTarget(
      name: "StateMachineTests",
      dependencies: ["PresentationStateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .testTarget(
      name: "PresentationRecordingUIKitTests",
      dependencies: ["PresentationRecordingUIKit", "ScriptedUIKit", "PresentationStateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["Replay", "PresentationStateMachine", "ChildPeak"],
      // The golden outputs, read by path (`SnapshotTests`), not bundled.
      exclude: ["Snapshots"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
