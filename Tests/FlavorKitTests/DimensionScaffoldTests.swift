import Flavors
import Foundation
import TestSupport
import Testing

@Suite("flavorkit add-flavor --dimension: a flavor and every variant it makes")
struct DimensionScaffoldTests {
    /// The dimensions fixture with a manifest of its four variants, each linked to one entry
    /// file with a chain per dimension.
    static func package() throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        try DimensionsFixture.write(in: root)
        let targets = ["Free", "Pro"].flatMap { tier in
            ["Staging", "Production"].map { environment in
                "        .executableTarget(name: \"\(tier)\(environment)\", dependencies: [\"Core\"], "
                    + "swiftSettings: [.define(\"\(tier.uppercased())\"), .define(\"\(environment.uppercased())\")]),"
            }
        }
        try FileTree.write(
            """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "Dims",
                targets: [
                    .target(name: "Core"),
            \(targets.joined(separator: "\n"))
                    .testTarget(name: "ProBetaTests", dependencies: ["Core"]),
                ]
            )

            """, to: "Package.swift", in: root)
        try FileTree.write(
            """
            #if FREE
            let tier = "Free"
            #elseif PRO
            let tier = "Pro"
            #else
            #error("Compile this file with -DFREE or -DPRO")
            #endif
            #if STAGING
            let environment = "Staging"
            #elseif PRODUCTION
            let environment = "Production"
            #else
            #error("Compile this file with -DSTAGING or -DPRODUCTION")
            #endif

            """, to: "Sources/FlavorEntry/main.swift", in: root)
        for tier in ["Free", "Pro"] {
            for environment in ["Staging", "Production"] {
                let folder = root.appendingPathComponent("Sources/\(tier)\(environment)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    atPath: folder.appendingPathComponent("main.swift").path,
                    withDestinationPath: "../FlavorEntry/main.swift")
            }
        }
        return root
    }

    @Test("Beta joins environment: flavorkit.json, its plist, two variants' links, targets and the entry branch")
    func environment() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try ToolRunner.run(["lint", "--strict"], in: root)
        try FileTree.write(
            """
            jobs:
              variants:
                strategy:
                  matrix:
                    variant: [FreeStaging, FreeProduction, ProStaging, ProProduction]
                env:
                  SNAPSHOT_VARIANT: ${{ matrix.variant }}

            """, to: ".github/workflows/ci.yml", in: root)
        let result = try ToolRunner.run(
            ["add-flavor", "Beta", "--dimension", "environment", "--from", "Staging"], in: root)
        #expect(result.status == 0, "\(result.errors)")
        let layout = try PackageLayout(configuredAt: root)
        #expect(layout.dimensions.last?.flavors == ["Staging", "Production", "Beta"])
        #expect(layout.variants.map(\.name).filter { $0.hasSuffix("Beta") } == ["FreeBeta", "ProBeta"])
        for variant in ["FreeBeta", "ProBeta"] {
            let link = root.appendingPathComponent("Sources/\(variant)/main.swift").path
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../FlavorEntry/main.swift")
        }
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            manifest.contains(
                ".executableTarget(name: \"ProBeta\", dependencies: [\"Core\"], swiftSettings: [.define(\"PRO\"), .define(\"BETA\")]),"
            ))
        #expect(manifest.contains("name: \"FreeBeta\""))
        let entry = try String(
            contentsOf: root.appendingPathComponent("Sources/FlavorEntry/main.swift"), encoding: .utf8)
        #expect(
            entry.contains(
                """
                #elseif PRODUCTION
                let environment = "Production"
                #elseif BETA
                let environment = "Beta"
                #else
                #error("Compile this file with -DSTAGING, -DPRODUCTION or -DBETA")
                """))
        #expect(entry.contains("#error(\"Compile this file with -DFREE or -DPRO\")"))
        // The copy's suffix is its own: every variant keeps its own identifier.
        let flavor = try Flavor.load(
            "ProBeta", features: [Feature("reminders") { _ in "" }, Feature("banner") { _ in "" }],
            environment: [ResourceLocator.environmentVariable: root.path], executable: nil)
        #expect(flavor.identity.bundleIdentifier == "com.example.dims.pro.beta")
        #expect(flavor.variant.flavor(in: "environment") == "Beta")
        #expect(result.output.contains("swift build --product ProBeta"))
        // A job per variant verifies only its own snapshots: the new ones need theirs.
        #expect(result.output.contains("add FreeBeta, ProBeta to the matrix of .github/workflows/ci.yml"))
        // Lint-clean as generated: nothing lint finds that it did not find before (the fixture
        // has findings of its own on purpose).
        let findings = { (lint: ToolRunner.Result) in
            Set(
                (lint.output + lint.errors).split(separator: "\n").filter {
                    $0.contains(": error: ") || $0.contains(": warning: ")
                })
        }
        let after = try ToolRunner.run(["lint", "--strict"], in: root)
        #expect(!findings(before).isEmpty && after.status == before.status)
        #expect(findings(after).subtracting(findings(before)).isEmpty, "\(after.output)")
    }

    /// `flavorkit.json` as people write it, before and after `Beta` joins `environment`.
    static let configurations: [(before: String, after: String)] = [
        // The fixture's: one line per dimension.
        (
            DimensionsFixture.configuration(),
            DimensionsFixture.configuration().replacingOccurrences(
                of: "\"Production\"]", with: "\"Production\", \"Beta\"]")
        ),
        // Keys out of name order, one flavor a line, another setting after the dimensions.
        (
            """
            {
                "localizations": "Localizations",
                "dimensions": [
                    {"flavors": ["Free", "Pro"], "name": "tier"},
                    {
                        "name": "environment",
                        "flavors": [
                            "Staging",
                            "Production"
                        ]
                    }
                ],
                "exclude": []
            }

            """,
            """
            {
                "localizations": "Localizations",
                "dimensions": [
                    {"flavors": ["Free", "Pro"], "name": "tier"},
                    {
                        "name": "environment",
                        "flavors": [
                            "Staging",
                            "Production",
                            "Beta"
                        ]
                    }
                ],
                "exclude": []
            }

            """
        ),
    ]

    @Test(
        "flavorkit.json keeps its order, layout and settings: the flavor is inserted as the others are written",
        arguments: configurations.indices.flatMap { [($0, ""), ($0, "\u{FEFF}")] })
    func configurationKept(_ index: Int, _ byteOrderMark: String) throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let (before, after) = (
            byteOrderMark + Self.configurations[index].before, byteOrderMark + Self.configurations[index].after
        )
        try FileTree.write(before, to: "flavorkit.json", in: root)
        let result = try ToolRunner.run(
            ["add-flavor", "Beta", "--dimension", "environment", "--from", "Staging"], in: root)
        #expect(result.status == 0, "\(result.errors)")
        // Byte for byte: a String read would drop the byte-order mark.
        #expect(try Data(contentsOf: root.appendingPathComponent("flavorkit.json")) == Data(after.utf8))
    }

    @Test(
        "refused before anything is written: no such dimension, a flavor of another dimension, a name taken",
        arguments: [
            (["add-flavor", "Beta", "--dimension", "store"], "no dimension \"store\" (dimensions: tier, environment)"),
            (["add-flavor", "Beta", "--dimension", "tier", "--from", "Staging"], "Staging is not a flavor of tier"),
            (["add-flavor", "Pro", "--dimension", "environment"], "dimensions: Pro is declared twice"),
            (["add-flavor", "beta", "--dimension", "environment"], "'beta' is not a flavor name"),
            (
                ["add-flavor", "BetaTests", "--dimension", "environment"],
                "Package.swift declares ProBetaTests already; ProBetaTests would be a second target of that name"
            ),
            (
                ["add-flavor", "Staging", "--dimension", "tier"],
                "dimensions: Staging is declared twice"
            ),
        ])
    func refused(arguments: [String], message: String) throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try FileTree.contents(of: root, folders: ["Flavors", "Sources"])
        let configuration = try Data(contentsOf: root.appendingPathComponent("flavorkit.json"))
        let result = try ToolRunner.run(arguments, in: root)
        #expect(result.status == 1)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(try FileTree.contents(of: root, folders: ["Flavors", "Sources"]) == before)
        #expect(try Data(contentsOf: root.appendingPathComponent("flavorkit.json")) == configuration)
    }

    @Test(
        "a twin whose entry is not a link inside Sources/ (a copy, a link out) is refused, nothing written",
        arguments: ["copy", "link out"])
    func twinNotLinked(kind: String) throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = root.appendingPathComponent("Sources/FreeStaging/main.swift")
        try FileManager.default.removeItem(at: entry)
        if kind == "copy" {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent("Sources/FlavorEntry/main.swift"), to: entry)
        } else {
            try FileManager.default.createSymbolicLink(atPath: entry.path, withDestinationPath: "/etc/hostname")
        }
        let before = try FileTree.contents(of: root, folders: ["Flavors", "Sources"])
        let configuration = try Data(contentsOf: root.appendingPathComponent("flavorkit.json"))
        let result = try ToolRunner.run(["add-flavor", "Beta", "--dimension", "environment"], in: root)
        #expect(result.status == 1)
        #expect(
            result.errors.contains("main.swift in Sources/FreeStaging/ is not a relative link"), "\(result.errors)")
        #expect(try FileTree.contents(of: root, folders: ["Flavors", "Sources"]) == before)
        #expect(try Data(contentsOf: root.appendingPathComponent("flavorkit.json")) == configuration)
    }

    @Test("a package whose variants are not made yet is refused: nothing to copy, nothing written")
    func noTwinToCopy() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        for variant in ["FreeStaging", "ProStaging"] {
            try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/\(variant)"))
        }
        let before = try FileTree.contents(of: root, folders: ["Flavors", "Sources"])
        let configuration = try Data(contentsOf: root.appendingPathComponent("flavorkit.json"))
        let result = try ToolRunner.run(["add-flavor", "Beta", "--dimension", "environment"], in: root)
        #expect(result.status == 1)
        #expect(
            result.errors.contains("Sources/FreeStaging: error: no variant FreeStaging to make FreeBeta from"),
            "\(result.errors)")
        #expect(try FileTree.contents(of: root, folders: ["Flavors", "Sources"]) == before)
        #expect(try Data(contentsOf: root.appendingPathComponent("flavorkit.json")) == configuration)
    }
}
