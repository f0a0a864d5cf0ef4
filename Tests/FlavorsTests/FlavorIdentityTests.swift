import Diagnostics
import Flavors
import Foundation
import Localization
import TestSupport
import Testing

@Suite("Flavor identity")
struct FlavorIdentityTests {
    /// The tests' own two flavors (``Repository/transfersFixture``).
    static let root = PackageLayout(root: Repository.transfersFixture)

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
            #expect(
                error.description
                    == "/p/Info.plist:1:14: error: not a valid property list: <key> is not closed (it starts here)")
        }
    }

    @Test(
        "a plist whose top level is not a dictionary is named, in XML and in binary",
        arguments: ["an array", "a string", "an integer"], [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func notADictionary(kind: String, format: PropertyListSerialization.PropertyListFormat) throws {
        let top: Any = kind == "an array" ? ["a.b"] : kind == "a string" ? "a.b" : 7
        let data = try PropertyListSerialization.data(fromPropertyList: top, format: format, options: 0)
        #expect(throws: Diagnostic("the top level must be a dictionary", path: "/p/Info.plist")) {
            try FlavorIdentity(name: "X", plist: data, path: "/p/Info.plist")
        }
    }

    /// A plist of the four strings every flavor sets, `extra` members added.
    static func plist(identifier: String, displayName: String = "A", version: String = "1.0", extra: String = "")
        -> Data
    {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        return Data(
            """
            <plist><dict><key>CFBundleIdentifier</key><string>\(escaped(identifier))</string>
            <key>CFBundleDisplayName</key><string>\(escaped(displayName))</string>
            <key>CFBundleShortVersionString</key><string>\(escaped(version))</string>
            <key>CFBundleDevelopmentRegion</key><string>en</string>\(extra)</dict></plist>
            """.utf8)
    }

    @Test(
        "a bundle identifier is Apple's: letters, digits, hyphens, periods, no empty part, at most 255 bytes",
        arguments: [
            ("com.example.app", true), ("a", true), ("A-1.b-2.C3", true), (String(repeating: "a", count: 255), true),
            ("../../evil", false), ("a/b", false), ("com..example", false), (".com", false), ("com.", false),
            ("com.ex_ample", false), ("com.e\u{1B}[2Jx", false), ("com.caf\u{E9}", false), ("a b", false),
            (String(repeating: "a", count: 256), false), ("..", false), ("com.example\u{0}", false),
        ])
    func bundleIdentifiers(identifier: String, valid: Bool) throws {
        #expect(FlavorIdentity.isBundleIdentifier(identifier) == valid)
        let data = Self.plist(identifier: identifier)
        if valid {
            #expect(try FlavorIdentity(name: "X", plist: data, path: "p").bundleIdentifier == identifier)
        } else {
            let error = try #require(throws: Diagnostic.self) { try FlavorIdentity(name: "X", plist: data, path: "p") }
            #expect(error.description.hasPrefix("p: error: CFBundleIdentifier \""), "\(error)")
            #expect(error.description.contains("is not a bundle identifier"))
            #expect(!error.description.contains("\u{1B}") && !error.description.contains("\u{0}"))
        }
    }

    @Test("a suffix that makes the identifier not one is named at the suffix")
    func suffixes() throws {
        let good = Self.plist(
            identifier: "com.example", extra: "<key>FlavorBundleIdentifierSuffix</key><string>.staging</string>")
        #expect(try FlavorIdentity(name: "X", plist: good, path: "p").bundleIdentifier == "com.example.staging")
        for suffix in ["/../../evil", "..staging", ".", "_x"] {
            let bad = Self.plist(
                identifier: "com.example", extra: "<key>FlavorBundleIdentifierSuffix</key><string>\(suffix)</string>")
            #expect(
                throws: Diagnostic(
                    "FlavorBundleIdentifierSuffix \"\(suffix)\" makes \"com.example\(suffix)\", not a bundle identifier: "
                        + "ASCII letters, digits, hyphens and periods, no part empty, at most 255 bytes (com.example.app)",
                    path: "p")
            ) { try FlavorIdentity(name: "X", plist: bad, path: "p") }
        }
    }

    @Test(
        "a display name or version holding a character that acts on the terminal or reorders the text is refused",
        arguments: [
            ("A\u{1B}]0;pwned\u{7}", "1.0", "CFBundleDisplayName holds U+001B, U+0007"),
            ("A", "1.0\u{202E}", "CFBundleShortVersionString holds U+202E"),
            ("A\u{85}B", "1.0", "CFBundleDisplayName holds U+0085"),
        ])
    func controlCharacters(displayName: String, version: String, message: String) throws {
        let data = Self.plist(identifier: "com.example", displayName: displayName, version: version)
        let error = try #require(throws: Diagnostic.self) { try FlavorIdentity(name: "X", plist: data, path: "p") }
        #expect(error.description.hasPrefix("p: error: " + message), "\(error)")
        // The marks right-to-left names need are fine.
        let arabic = Self.plist(identifier: "com.example", displayName: "\u{200F}تطبيق\u{200F}")
        #expect(try FlavorIdentity(name: "X", plist: arabic, path: "p").displayName == "\u{200F}تطبيق\u{200F}")
    }

    @Test("each key a flavor reads has its own place, its name written as the plist writes it")
    func keyPlaces() {
        #expect(FlavorIdentity.plistKeys.count == FlavorIdentity.PlistKey.allCases.count)
        #expect(Set(FlavorIdentity.plistKeys).count == FlavorIdentity.plistKeys.count)
        for key in FlavorIdentity.PlistKey.allCases {
            #expect(FlavorIdentity.plistKeys[key.rawValue] == key.name)
            #expect(FlavorIdentity.PlistKey(named: key.name) == key)
        }
        #expect(FlavorIdentity.PlistKey.limits.name == "FlavorLimits")
        #expect(FlavorIdentity.PlistKey.bundleIdentifierSuffix.name == FlavorIdentity.bundleIdentifierSuffixKey)
        #expect(FlavorIdentity.PlistKey(named: "CFBundleName") == nil)
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

    /// An identity read from a plist whose `FlavorLimits` dictionary holds `limits` (XML).
    static func identity(limits: String) throws(Diagnostic) -> FlavorIdentity {
        let plist = """
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>a.b</string><key>CFBundleDisplayName</key><string>A</string>
            <key>CFBundleShortVersionString</key><string>1</string>
            <key>CFBundleDevelopmentRegion</key><string>en</string>
            <key>FlavorLimits</key><dict>\(limits)</dict>
            </dict></plist>
            """
        return try FlavorIdentity(name: "X", plist: Data(plist.utf8), path: "p")
    }

    @Test(
        "every limit is range-checked when the plist is read: the error names the key, its value and the range",
        arguments: [
            (
                "concurrentTransfers", "<integer>9223372036854775807</integer>",
                "above 0 and at most 16, not 9223372036854775807"
            ),
            (
                "concurrentTransfers", "<integer>99999999999999999999</integer>",
                "above 0 and at most 16, not 99999999999999999999"
            ),
            ("concurrentTransfers", "<integer>0</integer>", "above 0 and at most 16, not 0"),
            ("transferRetries", "<integer>101</integer>", "from 0 to 100, not 101"),
            ("transferRetries", "<integer>-1</integer>", "from 0 to 100, not -1"),
            ("lowSpeedBytesPerSecond", "<integer>0</integer>", "above 0 and at most 1073741824, not 0"),
            ("lowSpeedSeconds", "<integer>3601</integer>", "above 0 and at most 3600, not 3601"),
            ("projects", "<integer>0</integer>", "above 0 and at most 2147483647, not 0"),
            ("projects", "<integer>1099511627776</integer>", "above 0 and at most 2147483647, not 1099511627776"),
            ("projects", "<string>three</string>", "above 0 and at most 2147483647, not \"three\""),
            ("projects", "<real>2.5</real>", "above 0 and at most 2147483647, not 2.5"),
            ("projects", "<array/>", "above 0 and at most 2147483647, not an array"),
        ])
    func limitOutOfRange(key: String, value: String, range: String) {
        let error = #expect(throws: Diagnostic.self) {
            try Self.identity(limits: "<key>\(key)</key>\(value)")
        }
        #expect(error?.description == "p: error: FlavorLimits.\(key) must be a whole number \(range)")
    }

    @Test("limits at the ends of their ranges are read; no retries at all is a limit too")
    func limitsInRange() throws {
        let limits = [
            "concurrentTransfers": 16, "transferRetries": 0, "lowSpeedBytesPerSecond": 1, "lowSpeedSeconds": 3600,
            "projects": Int(Int32.max),
        ]
        let xml = limits.map { "<key>\($0.key)</key><integer>\($0.value)</integer>" }.joined()
        #expect(try Self.identity(limits: xml).limits == limits)
        #expect(FlavorIdentity.limitRange("concurrentTransfers") == 1...16)
        #expect(FlavorIdentity.limitRange("anything") == FlavorIdentity.otherLimitRange)
    }

    @Test("a missing file is an error with its path")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/Info.plist")
        #expect(throws: Diagnostic("cannot read the flavor's Info.plist", path: url.path)) {
            try FlavorIdentity(name: "X", contentsOf: url)
        }
    }
}

@Suite("Flavor look")
struct FlavorLookTests {
    static func plist(_ look: String) -> Data {
        Data(
            """
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.x</string>
            <key>CFBundleDisplayName</key><string>X</string>
            <key>CFBundleShortVersionString</key><string>1.0</string>
            <key>CFBundleDevelopmentRegion</key><string>en</string>
            \(look)
            </dict></plist>
            """.utf8)
    }

    @Test("the plist's FlavorLook sets the accent colour and the bar characters; none means the default look")
    func reads() throws {
        let look = try FlavorIdentity(
            name: "X",
            plist: Self.plist(
                "<key>FlavorLook</key><dict><key>accentColor</key><string>magenta</string>"
                    + "<key>progressFilled</key><string>=</string><key>progressEmpty</key><string>-</string></dict>"),
            path: "/p/Info.plist"
        ).look
        #expect(look == FlavorLook(accentColor: .magenta, progressFilled: "=", progressEmpty: "-"))
        #expect(look.accented("Hi") == "\u{1B}[35mHi\u{1B}[0m")
        #expect(try FlavorIdentity(name: "X", plist: Self.plist(""), path: "/p/Info.plist").look == FlavorLook())
        #expect(FlavorLook().accented("Hi") == "Hi")
    }

    @Test(
        "a look the program cannot use is an error naming the plist",
        arguments: [
            ("<key>FlavorLook</key><string>red</string>", "FlavorLook must be a dictionary"),
            (
                "<key>FlavorLook</key><dict><key>accentColor</key><string>pink</string></dict>",
                "FlavorLook.accentColor must be one of black, red, green, yellow, blue, magenta, cyan, white"
            ),
            (
                "<key>FlavorLook</key><dict><key>progressFilled</key><string>##</string></dict>",
                "FlavorLook.progressFilled must be one printable character"
            ),
            (
                "<key>FlavorLook</key><dict><key>progressEmpty</key><string>\u{1B}</string></dict>",
                "FlavorLook.progressEmpty must be one printable character"
            ),
            (
                "<key>FlavorLook</key><dict><key>colour</key><string>red</string></dict>",
                "FlavorLook.colour is not a look setting (known: accentColor, progressFilled, progressEmpty)"
            ),
        ])
    func refuses(look: String, message: String) {
        let error = #expect(throws: Diagnostic.self) {
            try FlavorIdentity(name: "X", plist: Self.plist(look), path: "/p/Info.plist")
        }
        #expect(error?.description == "/p/Info.plist: error: " + message)
    }
}
