import Diagnostics

/// How a flavor looks in a terminal: its accent colour and the characters of its progress
/// bars, from the Info.plist's `FlavorLook` dictionary (each key optional):
///
///     <key>FlavorLook</key>
///     <dict>
///         <key>accentColor</key><string>magenta</string>
///         <key>progressFilled</key><string>=</string>
///         <key>progressEmpty</key><string>-</string>
///     </dict>
public struct FlavorLook: Sendable, Equatable {
    /// The terminal's eight standard colours (SGR 30–37).
    public enum Color: String, Sendable, CaseIterable {
        /// SGR 30.
        case black
        /// SGR 31.
        case red
        /// SGR 32.
        case green
        /// SGR 33.
        case yellow
        /// SGR 34.
        case blue
        /// SGR 35.
        case magenta
        /// SGR 36.
        case cyan
        /// SGR 37.
        case white
    }

    /// The keys `FlavorLook` may hold.
    public static let keys = ["accentColor", "progressFilled", "progressEmpty"]
    /// The escape sequence that ends a colour.
    public static let reset = "\u{1B}[0m"

    /// The colour headings and progress take on a terminal that shows colour; nil: none.
    public var accentColor: Color?
    /// The character a progress bar's done part is drawn with.
    public var progressFilled: Character
    /// The character a progress bar's remaining part is drawn with.
    public var progressEmpty: Character

    /// A look; the defaults are no colour and `[####....]` bars.
    public init(accentColor: Color? = nil, progressFilled: Character = "#", progressEmpty: Character = ".") {
        self.accentColor = accentColor
        self.progressFilled = progressFilled
        self.progressEmpty = progressEmpty
    }

    /// Reads a plist's `FlavorLook` value (nil: the default look); `path` names the plist in
    /// errors (found only for one). Unknown keys, unknown colours and bar characters that are
    /// not one printable single-column character are errors.
    public init(plistValue value: Any?, path: @autoclosure () -> String) throws(Diagnostic) {
        self.init()
        guard let value else { return }
        guard let dictionary = value as? [String: Any] else {
            throw Diagnostic("FlavorLook must be a dictionary", path: path())
        }
        for key in dictionary.keys.sorted() where !Self.keys.contains(key) {
            throw Diagnostic(
                "FlavorLook.\(Diagnostic.quote(key)) is not a look setting (known: \(Self.keys.joined(separator: ", ")))",
                path: path())
        }
        if let name = dictionary["accentColor"] {
            guard let name = name as? String, let color = Color(rawValue: name) else {
                throw Diagnostic(
                    "FlavorLook.accentColor must be one of "
                        + Color.allCases.map(\.rawValue).joined(separator: ", "), path: path())
            }
            accentColor = color
        }
        progressFilled = try Self.character(dictionary, "progressFilled", path: path()) ?? progressFilled
        progressEmpty = try Self.character(dictionary, "progressEmpty", path: path()) ?? progressEmpty
    }

    private static func character(
        _ dictionary: [String: Any], _ key: String, path: @autoclosure () -> String
    ) throws(Diagnostic)
        -> Character?
    {
        guard let value = dictionary[key] else { return nil }
        guard let text = value as? String, text.count == 1, let character = text.first,
            !character.unicodeScalars.contains(where: { Diagnostic.isInvisible($0) }),
            character.unicodeScalars.allSatisfy({ $0.isASCII || !$0.properties.isEmojiPresentation })
        else {
            throw Diagnostic("FlavorLook.\(key) must be one printable character", path: path())
        }
        return character
    }

    /// `text` in the accent colour (as it is when the look has none).
    public func accented(_ text: String) -> String {
        guard let accentColor, !text.isEmpty else { return text }
        let code = 30 + Color.allCases.firstIndex(of: accentColor)!
        return "\u{1B}[\(code)m" + text + Self.reset
    }
}
