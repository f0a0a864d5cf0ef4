import Diagnostics
import FileFormats
import Flavors
import Foundation
import Localization

/// Finds the catalog keys Swift sources use, by the project's one convention: a key is
/// written as a string literal right after a key call, `text(` unless the package names its
/// own (`PackageLayout.keyCalls`, from `flavorkit.json`), white space allowed
/// (`text("queue.empty")`, `text("summary.total", .int(count))`, `localizer.text("…")`,
/// `Summary.text("…")`, also inside a string interpolation). A call matches where its name
/// starts a word: `text(` matches `flavor.text(` but not `subtext(`. Comments and the text of
/// other string literals are skipped, so documentation that quotes the convention does not
/// count; a key built at run time (`text(name)`) is invisible, so write keys out in full.
///
/// What `flavorkit extract` writes for a new key comes from the call too: a `comment:`
/// argument, or else the comment lines right above the call's line when the first begins
/// with `translators:`; a `defaultValue:` argument (the development text, instead of the key
/// itself); a `table:` argument (the table, instead of `Localizable`). Each takes a string
/// literal on one line. The names after a `.` in code (`.queueEmpty`) are noted as well, so
/// that a key used through its generated symbol counts as used.
public enum KeyUseScanner {
    /// A literal key at a call, and where it is.
    public struct KeyUse: Sendable, Hashable {
        /// The key, unescaped.
        public var key: String
        /// The key's opening quote.
        public var location: SourceLocation
        /// The call's `comment:` argument, or its `// translators:` comment.
        public var comment: String?
        /// The call's `defaultValue:` argument: the development text.
        public var defaultValue: String?
        /// The call's `table:` argument; nil for the default table.
        public var table: String?

        /// The table the key is looked up in: `table`, or `Localizable`.
        public var tableName: String { table ?? Catalog.defaultTable }

        /// A use of `key` at `location`.
        public init(
            key: String, location: SourceLocation, comment: String? = nil, defaultValue: String? = nil,
            table: String? = nil
        ) {
            self.key = key
            self.location = location
            self.comment = comment
            self.defaultValue = defaultValue
            self.table = table
        }
    }

    /// What a scan of sources found: the literal key uses, in order, and the names written
    /// after a `.` in code.
    public struct Scan: Sendable {
        /// Every literal key at a key call.
        public var uses: [KeyUse] = []
        /// Hashes of the member names (`.name`) in code.
        var memberNames: Set<UInt64> = []
        /// The source files that could not be read (a named pipe, a link out of the folder,
        /// more than `InputFile.textLimit`), each an error naming it; and keys that could not
        /// be (not UTF-8, an escape Swift does not have), or interpolations nested too deep,
        /// each an error at its place.
        public var problems: [Diagnostic] = []

        /// Whether code writes `.name` somewhere (as a generated symbol is used).
        public func usesMember(_ name: String) -> Bool {
            memberNames.contains(KeyUseScanner.hash(name.utf8))
        }

        /// Whether code writes any `.name` at all: when not, no key is used through its
        /// symbol, and no key's symbol name need be made to know it.
        public var writesMembers: Bool { !memberNames.isEmpty }
    }

    /// Every `.swift` file under `folder`, recursively, in path order; `calls` are the names
    /// of the calls that take a key (`text`, `L10n.tr`).
    public static func scan(folder: URL, calls: [String] = PackageLayout.defaultKeyCalls) -> [KeyUse] {
        scanSources(in: folder, calls: calls).uses
    }

    /// The key uses and member names of every `.swift` file under `folder`, recursively, in
    /// path order. Files are read and scanned on every core: regular files inside `folder`
    /// only (`FolderTree`); any other is a problem of the scan, never read, and so is a
    /// folder under it that could not be read.
    public static func scanSources(in folder: URL, calls: [String] = PackageLayout.defaultKeyCalls) -> Scan {
        let tree = sourceTree(folder)
        // Each core scans a run of files into one part, reading each into the same buffer and
        // adding to the same lists, so that nothing is copied per file; with call names of its
        // own, whose counted references no other core waits on.
        let parts = [URL].chunks(tree.files.count).concurrentChunks { range -> Scan in
            let names = CallNames(calls)
            var part = Scan()
            tree.read(range, limit: InputFile.textLimit) { file, read in
                switch read {
                case .success(let bytes?):
                    var lexer = Lexer(bytes: bytes, path: file.path, calls: names)
                    swap(&lexer.uses, &part.uses)
                    swap(&lexer.memberNames, &part.memberNames)
                    swap(&lexer.problems, &part.problems)
                    lexer.scanCode(insideInterpolation: false)
                    swap(&lexer.uses, &part.uses)
                    swap(&lexer.memberNames, &part.memberNames)
                    swap(&lexer.problems, &part.problems)
                case .success(nil): break
                case .failure(let error): part.problems.append(error)
                }
            }
            return part
        }
        var scan = parts.first ?? Scan()
        scan.problems = tree.problems + scan.problems
        for part in parts.dropFirst() {
            scan.uses += part.uses
            scan.memberNames.formUnion(part.memberNames)
            scan.problems += part.problems
        }
        return scan
    }

    /// The `.swift` files under `folder`, recursively, in path order.
    public static func swiftFiles(in folder: URL) -> [URL] {
        sourceTree(folder).files.map { URL(fileURLWithPath: $0.path, isDirectory: false) }
    }

    private static func sourceTree(_ folder: URL) -> FolderTree {
        FolderTree(root: folder.path) { $0.hasSuffix(".swift") && $0 != ".swift" }
    }

    /// The uses in one file's bytes.
    public static func scan(_ bytes: [UInt8], path: String, calls: [String] = PackageLayout.defaultKeyCalls)
        -> [KeyUse]
    {
        scanFile(bytes, path: path, calls: calls).uses
    }

    /// The uses and member names in one file's bytes.
    public static func scanFile(_ bytes: [UInt8], path: String, calls: [String] = PackageLayout.defaultKeyCalls)
        -> Scan
    {
        bytes.withUnsafeBufferPointer { scan($0, path: path, calls: calls) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, path: String, calls: [String]) -> Scan {
        var lexer = Lexer(bytes: bytes, path: path, calls: CallNames(calls))
        lexer.scanCode(insideInterpolation: false)
        return Scan(uses: lexer.uses, memberNames: lexer.memberNames, problems: lexer.problems)
    }

    /// FNV-1a of a name's bytes.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
