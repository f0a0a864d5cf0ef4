import Diagnostics
import Flavors
import Foundation
import Localization
import Testing

@Suite("Flavor identity")
struct FlavorIdentityTests {
    static let root = PackageLayout(root: ResourceLocator.packageFolder(containing: #filePath)!)

    @Test(
        "each flavor's identity comes from its Info.plist",
        arguments: [
            ("Light", "com.example.transfers.light", "Transfers Light", ["downloads"], 1),
            (
                "Regular", "com.example.transfers", "Transfers",
                ["downloads", "uploads", "queueControl", "savedQueue"], 3
            ),
        ])
    func identity(name: String, bundleID: String, displayName: String, features: [String], concurrent: Int) throws {
        let identity = try FlavorIdentity(name: name, contentsOf: Self.root.infoPlist(flavor: name))
        #expect(identity.name == name)
        #expect(identity.bundleIdentifier == bundleID)
        #expect(identity.displayName == displayName)
        #expect(identity.developmentLanguage == LanguageTag("en"))
        #expect(identity.features == Set(features))
        #expect(identity.limits["concurrentTransfers"] == concurrent)
        #expect(!identity.version.isEmpty)
    }

    @Test("a malformed plist names its path")
    func malformed() {
        #expect(throws: Diagnostic.self) {
            try FlavorIdentity(name: "X", plist: Data("<plist><dict><key>".utf8), path: "/p/Info.plist")
        }
        do {
            _ = try FlavorIdentity(name: "X", plist: Data("<plist><dict><key>".utf8), path: "/p/Info.plist")
        } catch {
            #expect(error.description.hasPrefix("/p/Info.plist: error: not a valid property list"))
        }
    }

    @Test(
        "a missing key is named",
        arguments: [
            "CFBundleIdentifier", "CFBundleDisplayName", "CFBundleShortVersionString", "CFBundleDevelopmentRegion",
        ])
    func missingKey(key: String) throws {
        var plist: [String: Any] = [
            "CFBundleIdentifier": "a.b", "CFBundleDisplayName": "A", "CFBundleShortVersionString": "1",
            "CFBundleDevelopmentRegion": "en",
        ]
        plist[key] = nil
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        #expect(throws: Diagnostic("\(key) is missing or not a non-empty string", path: "p")) {
            try FlavorIdentity(name: "X", plist: data, path: "p")
        }
    }

    @Test("limits must be positive whole numbers")
    func badLimit() throws {
        let plist: [String: Any] = [
            "CFBundleIdentifier": "a.b", "CFBundleDisplayName": "A", "CFBundleShortVersionString": "1",
            "CFBundleDevelopmentRegion": "en", "FlavorLimits": ["concurrentTransfers": 0],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(throws: Diagnostic.self) { try FlavorIdentity(name: "X", plist: data, path: "p") }
    }

    @Test("a missing file is an error with its path")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/Info.plist")
        #expect(throws: Diagnostic("cannot read the flavor's Info.plist", path: url.path)) {
            try FlavorIdentity(name: "X", contentsOf: url)
        }
    }
}
