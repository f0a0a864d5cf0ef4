// swift-tools-version:6.1
import PackageDescription

/// One codebase, two flavors. `Light` and `Regular` compile the same entry file
/// (`Sources/FlavorEntry/FlavorEntry.swift`, linked into both target folders) with their own
/// `-D` condition; only `Regular` links `RegularFeatures`.
let strictSwift: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "FlavorKit",
    // The floor is set by the Synchronization module (`Atomic`, `Mutex`), which the Localizer's
    // lock-free language switch and the catalog store need; every other API used is older.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "Light", targets: ["Light"]),
        .executable(name: "Regular", targets: ["Regular"]),
        .executable(name: "flavorkit", targets: ["flavorkit"]),
        .executable(name: "TransferAgent", targets: ["TransferAgent"]),
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "Commands", targets: ["Commands"]),
        .library(name: "TerminalText", targets: ["TerminalText"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "CatalogFiles", targets: ["CatalogFiles"]),
        .library(name: "CatalogExtraction", targets: ["CatalogExtraction"]),
        .library(name: "CatalogLint", targets: ["CatalogLint"]),
        .library(name: "TranslatorFormats", targets: ["TranslatorFormats"]),
        .library(name: "ProjectReporting", targets: ["ProjectReporting"]),
        .library(name: "Scaffolding", targets: ["Scaffolding"]),
        .library(name: "Flavors", targets: ["Flavors"]),
        .library(name: "FlavorDates", targets: ["FlavorDates"]),
        .library(name: "TextSnapshots", targets: ["TextSnapshots"]),
        .library(name: "FileWriting", targets: ["FileWriting"]),
        .library(name: "TextSnapshotsTesting", targets: ["TextSnapshotsTesting"]),
        .plugin(name: "FlavorKitSymbols", targets: ["FlavorKitSymbols"]),
    ],
    targets: [
        .target(name: "TextEscaping", swiftSettings: strictSwift),
        .target(name: "Diagnostics", dependencies: ["TextEscaping"], swiftSettings: strictSwift),
        .target(name: "TerminalText", swiftSettings: strictSwift),
        .target(name: "Commands", dependencies: ["Diagnostics", "TerminalText"], swiftSettings: strictSwift),
        .target(name: "FileFormats", dependencies: ["Diagnostics", "TextEscaping"], swiftSettings: strictSwift),
        .target(name: "Localization", dependencies: ["Diagnostics", "FileFormats"], swiftSettings: strictSwift),
        .target(
            name: "Flavors",
            dependencies: ["Commands", "Diagnostics", "FileFormats", "FileWriting", "Localization", "TerminalText"],
            swiftSettings: strictSwift),
        .target(name: "FlavorDates", dependencies: ["Flavors"], swiftSettings: strictSwift),
        .target(name: "FileWriting", dependencies: ["Diagnostics"], swiftSettings: strictSwift),
        .target(
            name: "TextSnapshots",
            dependencies: ["Diagnostics", "FileFormats", "FileWriting", "TerminalText", "TextEscaping"],
            swiftSettings: strictSwift),
        .target(
            name: "TextSnapshotsTesting", dependencies: ["Diagnostics", "Flavors", "TextSnapshots"],
            swiftSettings: strictSwift),
        .target(name: "CShims"),
        .target(
            name: "TransferCore",
            dependencies: [
                "Commands", "Diagnostics", "FileFormats", "FileWriting", "Localization", "Flavors", "TerminalText",
                "TransferAgentProtocol",
            ],
            swiftSettings: strictSwift
        ),
        // The app's transfers run in a child process of their own, so that the flavors'
        // executables never load the networking libraries: only the agent links
        // FoundationNetworking. The flavors depend on it to have it built beside them.
        .target(name: "TransferAgentProtocol", swiftSettings: strictSwift),
        .executableTarget(
            name: "TransferAgent", dependencies: ["TransferAgentProtocol", "CShims"], swiftSettings: strictSwift),
        .target(
            name: "RegularFeatures",
            dependencies: [
                "Commands", "Diagnostics", "Flavors", "TransferCore", "TransferAgentProtocol",
            ],
            swiftSettings: strictSwift),
        // The tools' modules, one concept each; `flavorkit` is a thin layer over them.
        .target(
            name: "CatalogFiles",
            dependencies: ["Diagnostics", "FileFormats", "Flavors", "Localization", "TextEscaping", "TextSnapshots"],
            swiftSettings: strictSwift),
        .target(
            name: "CatalogExtraction",
            dependencies: ["CatalogFiles", "Diagnostics", "FileFormats", "Flavors", "Localization", "TextEscaping"],
            swiftSettings: strictSwift),
        .target(
            name: "CatalogLint",
            dependencies: [
                "CatalogExtraction", "CatalogFiles", "Diagnostics", "FileFormats", "Flavors", "Localization",
            ],
            swiftSettings: strictSwift),
        .target(
            name: "TranslatorFormats",
            dependencies: ["CatalogFiles", "Diagnostics", "FileFormats", "Localization", "TextEscaping"],
            swiftSettings: strictSwift),
        .target(
            name: "ProjectReporting",
            dependencies: [
                "CatalogFiles", "CatalogLint", "Diagnostics", "FileFormats", "Flavors", "Localization", "TerminalText",
                "TextEscaping",
                "TextSnapshots", "TranslatorFormats",
            ],
            swiftSettings: strictSwift),
        .target(
            name: "Scaffolding",
            dependencies: [
                "CatalogFiles", "Diagnostics", "FileFormats", "FileWriting", "Flavors", "Localization", "TextEscaping",
            ],
            swiftSettings: strictSwift),
        .target(
            name: "FlavorKitCommands",
            dependencies: [
                "CatalogExtraction", "CatalogFiles", "CatalogLint", "ProjectReporting", "Scaffolding",
                "TranslatorFormats",
                "Commands", "Diagnostics", "FileFormats", "FileWriting", "Flavors", "Localization", "TerminalText",
                "TextSnapshots",
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "flavorkit", dependencies: ["CShims", "FlavorKitCommands"], swiftSettings: strictSwift),
        // Generates a target's catalog symbols at build time with `flavorkit generate-symbols`.
        .plugin(name: "FlavorKitSymbols", capability: .buildTool(), dependencies: ["flavorkit"]),
        .target(
            name: "FuzzTargets",
            dependencies: [
                "CatalogExtraction", "CatalogFiles", "ProjectReporting", "TranslatorFormats",
                "Diagnostics", "FileFormats", "Flavors", "Localization", "TextEscaping", "TextSnapshots",
                "TransferAgentProtocol", "TransferCore",
            ],
            path: "Fuzz/Targets",
            swiftSettings: strictSwift),
        .executableTarget(
            name: "generate-plural-rules", dependencies: ["FileWriting", "Localization"],
            path: "Scripts/generate-plural-rules", swiftSettings: strictSwift),
        .executableTarget(
            name: "generate-number-data", dependencies: ["FileWriting", "Localization"],
            path: "Scripts/generate-number-data", swiftSettings: strictSwift),
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "CatalogExtraction", "CatalogFiles", "CatalogLint", "ProjectReporting", "TranslatorFormats",
                "FileFormats", "Flavors", "Localization", "TextSnapshots", "TransferCore", "CShims", "TestSupport",
            ],
            exclude: ["README.md"],
            swiftSettings: strictSwift),
        .executableTarget(
            name: "Light",
            dependencies: ["Commands", "TransferCore", "TransferAgent"],
            swiftSettings: strictSwift + [.define("LIGHT")]
        ),
        .executableTarget(
            name: "Regular",
            dependencies: ["Commands", "TransferCore", "RegularFeatures", "TransferAgent"],
            swiftSettings: strictSwift + [.define("REGULAR")]
        ),
        .testTarget(
            name: "LocalizationTests", dependencies: ["Diagnostics", "FileFormats", "Localization", "TestSupport"],
            exclude: ["CLDR"],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["FuzzTargets"], swiftSettings: strictSwift),
        .testTarget(
            name: "TextSnapshotsTests",
            dependencies: ["Diagnostics", "TestSupport", "TextEscaping", "TextSnapshots", "TextSnapshotsTesting"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "FileFormatsTests", dependencies: ["Diagnostics", "FileFormats", "TestSupport"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "FileWritingTests", dependencies: ["Diagnostics", "FileWriting"], swiftSettings: strictSwift),
        .testTarget(
            name: "FlavorsTests",
            dependencies: ["Diagnostics", "Flavors", "FlavorDates", "Localization", "TestSupport"],
            swiftSettings: strictSwift),
        .testTarget(name: "CommandsTests", dependencies: ["Commands", "Diagnostics"], swiftSettings: strictSwift),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"], swiftSettings: strictSwift),
        .testTarget(name: "TextEscapingTests", dependencies: ["TextEscaping"], swiftSettings: strictSwift),
        .target(
            name: "TestSupport", dependencies: ["CShims", "Flavors"], path: "Tests/Support/TestSupport",
            swiftSettings: strictSwift),
        .testTarget(
            name: "FlavorKitTests",
            dependencies: [
                "Diagnostics", "flavorkit", "FlavorKitCommands", "Flavors", "Localization", "Scaffolding",
                "TerminalText",
                "TestSupport",
            ],
            swiftSettings: strictSwift),
        .target(
            name: "CatalogTesting", dependencies: ["CatalogFiles", "CatalogLint", "Flavors"],
            path: "Tests/Support/CatalogTesting", swiftSettings: strictSwift),
        .testTarget(
            name: "CatalogFilesTests",
            dependencies: ["CatalogFiles", "Diagnostics", "FileFormats", "Localization", "TestSupport"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "CatalogExtractionTests",
            dependencies: [
                "CatalogExtraction", "CatalogFiles", "CatalogTesting", "Flavors", "Localization", "TestSupport",
                "TextEscaping",
            ],
            swiftSettings: strictSwift),
        .testTarget(
            name: "CatalogLintTests",
            dependencies: ["CatalogFiles", "CatalogLint", "CatalogTesting", "Diagnostics", "Localization"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "TranslatorFormatsTests",
            dependencies: [
                "CatalogFiles", "CatalogTesting", "Diagnostics", "Localization", "TestSupport", "TranslatorFormats",
            ],
            exclude: ["Corpus"],
            swiftSettings: strictSwift),
        .target(
            name: "AppTesting", dependencies: ["Flavors", "Localization", "TransferCore", "TestSupport"],
            path: "Tests/Support/AppTesting",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "TransferCoreTests",
            dependencies: [
                "Commands", "TransferCore", "TransferAgentProtocol", "Diagnostics", "Flavors", "AppTesting",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RegularFeaturesTests",
            dependencies: ["RegularFeatures", "TransferCore", "Flavors", "AppTesting"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "Light", "Regular", "CatalogFiles", "CatalogLint", "Commands", "Diagnostics", "TransferCore", "Flavors",
                "Localization", "TerminalText", "TextSnapshotsTesting", "AppTesting", "FileWriting", "TestSupport",
            ],
            swiftSettings: strictSwift
        ),
    ]
)
