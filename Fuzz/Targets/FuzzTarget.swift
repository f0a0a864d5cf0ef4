import Foundation

/// The fuzzed entry points, one per libFuzzer binary. Its raw value names the binary
/// (`.build/fuzz/<name>`) and the seed corpus folder (`Fuzz/corpus/<name>/`); `run` is what
/// both the binary and the corpus replay test call for one input.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The `.strings` reader, UTF-8 and UTF-16 bytes: `fuzzStrings`.
    case strings
    /// The `.stringsdict` reader and its plural entries: `fuzzStringsDict`.
    case stringsdict
    /// The `.xcstrings` reader and each language's part: `fuzzXCStrings`.
    case xcstrings
    /// `FormatString` and `SafeFormatter` with typed arguments: `fuzzFormat`.
    case format
    /// Plural rules and `PluralEntry` expansion in a language the input picks: `fuzzPlural`.
    case plural
    /// The pseudo-locales' transformation: `fuzzPseudoLocale`.
    case pseudo
    /// `LanguageTag` and `LanguagePreferences` parsing: `fuzzLanguage`.
    case language
    /// The PO reader, and the PO writer's quoting: `fuzzPO`.
    case po
    /// The XLIFF reader (`.xliff`, `.xcloc`): `fuzzXLIFF`.
    case xliff
    /// `flavorkit.json`: `fuzzConfiguration`.
    case configuration
    /// A flavor's settings file: `fuzzSettings`.
    case settings
    /// A flavor's `Info.plist`, XML and binary: `fuzzInfoPlist`.
    case infoplist
    /// The snapshot manifest: `fuzzManifest`.
    case manifest
    /// `translated-from.txt`: `fuzzRecord`.
    case record
    /// The import editors of `.strings`, `.stringsdict` and String Catalogs: `fuzzEditors`.
    case editors
    /// Queue files: `fuzzQueue`.
    case queue
    /// The transfer agent's reports and arguments, and `Content-Range`: `fuzzAgent`.
    case agent
    /// A recorded snapshot and a new output as the harness and the report read them: conflict
    /// markers, the line diff, redactions and the HTML drawing: `fuzzSnapshot`.
    case snapshot
    /// The Swift names `generate-symbols` makes of keys and tables: `fuzzSymbols`.
    case symbols
    /// A JSON document, with both builders on the one reader: `fuzzJSON`.
    case json
    /// An XML document walked with the one XML reader: `fuzzXML`.
    case xml
    /// A Swift source scanned for the keys it uses: `fuzzKeyUse`.
    case keyuse
    /// Three versions of a catalog merged as git's merge driver does: `fuzzMerge`.
    case merge
    /// A test's source, its inline snapshots' calls found and their literals rewritten:
    /// `fuzzInlineSnapshot`.
    case inline

    /// Runs one input through the entry point. It returns when the input is handled and
    /// stops the process (so that libFuzzer records the input) when a promise is broken.
    public func run(_ data: Data) {
        switch self {
        case .strings: fuzzStrings(data)
        case .stringsdict: fuzzStringsDict(data)
        case .xcstrings: fuzzXCStrings(data)
        case .format: fuzzFormat(data)
        case .plural: fuzzPlural(data)
        case .pseudo: fuzzPseudoLocale(data)
        case .language: fuzzLanguage(data)
        case .po: fuzzPO(data)
        case .xliff: fuzzXLIFF(data)
        case .configuration: fuzzConfiguration(data)
        case .settings: fuzzSettings(data)
        case .infoplist: fuzzInfoPlist(data)
        case .manifest: fuzzManifest(data)
        case .record: fuzzRecord(data)
        case .editors: fuzzEditors(data)
        case .queue: fuzzQueue(data)
        case .agent: fuzzAgent(data)
        case .snapshot: fuzzSnapshot(data)
        case .symbols: fuzzSymbols(data)
        case .json: fuzzJSON(data)
        case .xml: fuzzXML(data)
        case .keyuse: fuzzKeyUse(data)
        case .merge: fuzzMerge(data)
        case .inline: fuzzInlineSnapshot(data)
        }
    }
}
