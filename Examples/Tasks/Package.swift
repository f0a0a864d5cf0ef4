// swift-tools-version:6.1
import PackageDescription

/// An adopter of FlavorKit: one codebase shipped as four variants, one flavor of each dimension
/// `flavorkit.json` declares (tier: `Free`, `Pro`; environment: `Staging`, `Production`), each an
/// executable compiled from the same entry file with its flavors' `-D` flags.
let package = Package(
    name: "Tasks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // In your package: .package(url: "https://…/FlavorKit.git", from: "…") or a path.
        .package(name: "FlavorKit", path: "../..")
    ],
    targets: [
        .target(
            name: "TasksCore",
            dependencies: [
                .product(name: "Flavors", package: "FlavorKit"),
                .product(name: "Commands", package: "FlavorKit"),  // the command line
                .product(name: "FlavorDates", package: "FlavorKit"),  // today's date
                .product(name: "TerminalText", package: "FlavorKit"),  // the list screen's table
            ],
            // One symbol per catalog key (`text(.todayTitle(name))`), made at every build.
            plugins: [.plugin(name: "FlavorKitSymbols", package: "FlavorKit")]),
        // One per variant (`flavorkit flavors` lists them): `swift build --product ProStaging`.
        .executableTarget(
            name: "FreeStaging", dependencies: ["TasksCore"], swiftSettings: [.define("FREE"), .define("STAGING")]),
        .executableTarget(
            name: "FreeProduction", dependencies: ["TasksCore"],
            swiftSettings: [.define("FREE"), .define("PRODUCTION")]),
        .executableTarget(
            name: "ProStaging", dependencies: ["TasksCore"], swiftSettings: [.define("PRO"), .define("STAGING")]),
        .executableTarget(
            name: "ProProduction", dependencies: ["TasksCore"], swiftSettings: [.define("PRO"), .define("PRODUCTION")]),
        .testTarget(
            name: "TasksTests",
            dependencies: [
                "TasksCore", .product(name: "Flavors", package: "FlavorKit"),
                .product(name: "FlavorDates", package: "FlavorKit"),
                .product(name: "TerminalText", package: "FlavorKit"),
                .product(name: "TextSnapshotsTesting", package: "FlavorKit"),
            ]),
    ]
)
