// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "PresentationReplay",
  products: [
    .library(name: "StateMachine", targets: ["StateMachine"]),
    .library(name: "PresentationRecordingUIKit", targets: ["PresentationRecordingUIKit"]),
    .executable(name: "replay", targets: ["Replay"]),
  ],
  targets: [
    .target(
      name: "StateMachine",
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    // The UIKit API the glue uses, for platforms without UIKit (see Sources/UIKitSurface/UIKitSurface.swift).
    .target(
      name: "UIKitSurface",
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    // UIKit glue: app-wide hooks and transition wrappers recording through StateMachine's recorder. Kept
    // out of StateMachine, which stays UIKit-free.
    .target(
      name: "PresentationRecordingUIKit",
      dependencies: [
        "StateMachine",
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
      dependencies: ["StateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "RecorderExample",
      dependencies: ["StateMachine", "PresentationRecordingUIKit", "ScriptedUIKit"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "ReplayBenchmark",
      dependencies: ["StateMachine", "PresentationRecordingUIKit"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .testTarget(
      name: "StateMachineTests",
      dependencies: ["StateMachine"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .testTarget(
      name: "PresentationRecordingUIKitTests",
      dependencies: ["PresentationRecordingUIKit", "ScriptedUIKit", "StateMachine"],
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
