// swift-tools-version:6.0
import PackageDescription

/// One codebase, two flavors. `Light` and `Regular` compile the same entry file
/// (`Sources/FlavorEntry/FlavorEntry.swift`, linked into both target folders) with their own
/// `-D` condition; only `Regular` links `RegularFeatures`.
let strictSwift: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "FlavorKit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "Light", targets: ["Light"]),
        .executable(name: "Regular", targets: ["Regular"]),
        .executable(name: "flavorkit", targets: ["flavorkit"]),
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "Commands", targets: ["Commands"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "CatalogTools", targets: ["CatalogTools"]),
        .library(name: "Flavors", targets: ["Flavors"]),
        .library(name: "TransferCore", targets: ["TransferCore"]),
        .library(name: "TextSnapshots", targets: ["TextSnapshots"]),
        .library(name: "TextSnapshotsTesting", targets: ["TextSnapshotsTesting"]),
    ],
    targets: [
        .target(name: "Diagnostics", swiftSettings: strictSwift),
        .target(name: "Commands", dependencies: ["Diagnostics"], swiftSettings: strictSwift),
        .target(name: "Localization", dependencies: ["Diagnostics"], swiftSettings: strictSwift),
        .target(name: "Flavors", swiftSettings: strictSwift),
        .target(name: "TextSnapshots", swiftSettings: strictSwift),
        .target(name: "TextSnapshotsTesting", dependencies: ["TextSnapshots"], swiftSettings: strictSwift),
        .target(name: "CShims"),
        .target(name: "TransferCore", dependencies: ["Localization", "Flavors", "CShims"], swiftSettings: strictSwift),
        .target(name: "RegularFeatures", dependencies: ["TransferCore"], swiftSettings: strictSwift),
        .target(name: "CatalogTools", dependencies: ["Diagnostics", "Localization"], swiftSettings: strictSwift),
        .executableTarget(
            name: "flavorkit", dependencies: ["Commands", "Diagnostics", "CatalogTools", "Localization", "TextSnapshots"],
            swiftSettings: strictSwift
        ),
        .executableTarget(name: "Benchmarks", dependencies: ["CatalogTools", "Localization", "TextSnapshots", "CShims"], swiftSettings: strictSwift),
        .executableTarget(
            name: "Light",
            dependencies: ["TransferCore"],
            swiftSettings: strictSwift + [.define("LIGHT")]
        ),
        .executableTarget(
            name: "Regular",
            dependencies: ["TransferCore", "RegularFeatures"],
            swiftSettings: strictSwift + [.define("REGULAR")]
        ),
        .testTarget(
            name: "LocalizationTests", dependencies: ["Diagnostics", "Localization"], exclude: ["CLDR"], swiftSettings: strictSwift
        ),
        .testTarget(name: "TextSnapshotsTests", dependencies: ["TextSnapshotsTesting"], swiftSettings: strictSwift),
        .testTarget(name: "FlavorsTests", dependencies: ["Flavors"], swiftSettings: strictSwift),
        .testTarget(name: "CommandsTests", dependencies: ["Commands", "Diagnostics"], swiftSettings: strictSwift),
        .target(name: "ChildProcesses", path: "Tests/Support/ChildProcesses", swiftSettings: strictSwift),
        .testTarget(name: "FlavorKitTests", dependencies: ["flavorkit", "ChildProcesses"], swiftSettings: strictSwift),
        .testTarget(name: "CatalogToolsTests", dependencies: ["CatalogTools", "Localization"], swiftSettings: strictSwift),
        .testTarget(
            name: "TransferCoreTests",
            dependencies: ["TransferCore", "RegularFeatures", "Light", "Regular", "Localization", "TextSnapshotsTesting", "ChildProcesses"],
            swiftSettings: strictSwift
        ),
    ]
)
