import Diagnostics
import Synchronization

/// Looks up and formats text in the user's languages, which can change at any moment.
///
/// Safe from any thread. Each key falls back on its own along the chain: every preferred
/// language, then its parents (`es-MX` → `es`), then the development language; a key that
/// no language has renders as the key itself and is recorded in `issues`. With
/// `recordsFallbacks`, every key shown from a later language of the chain is recorded too.
///
/// Speed: each set of preferences is resolved once into a `Resolution` whose default table
/// already has the chain merged, so a lookup is one probe of that table whatever the chain's
/// length (and one of the few records whose text holds a control character, written out).
/// Resolutions are kept for the localizer's lifetime (one per preference list ever
/// used), which lets readers reach the current one through an atomic pointer, without a lock.
public final class Localizer: Sendable {
    /// The languages a set of preferences resolves to, and the default table with the chain
    /// merged (the first language that has a key wins).
    final class Resolution: Sendable {
        let preferences: [LanguageTag]
        let chain: [Catalog]
        let merged: StringTable
        /// The records of `merged` whose text may hold a control character, which a lookup
        /// writes out (`ControlCharacters.shown`); found once here, so that a lookup of any
        /// other text does not scan it.
        let recordsWithControls: Set<Int>

        init(preferences: [LanguageTag], chain: [Catalog]) {
            self.preferences = preferences
            self.chain = chain
            var merged = StringTable()
            for catalog in chain {
                if let table = catalog.tables[Catalog.defaultTable] { merged.fill(from: table) }
            }
            self.merged = merged
            recordsWithControls = merged.records(whoseValues: ControlCharacters.mayHold)
        }

        /// The text of `key` in the merged table as shown, or nil.
        func shownText(_ key: String) -> String? {
            guard let index = merged.recordIndex(of: key) else { return nil }
            let value = merged.value(atRecord: index)
            return recordsWithControls.contains(index) ? ControlCharacters.shown(value) : value
        }
    }

    private struct State {
        /// Every resolution made so far; they keep `current`'s target alive.
        var resolved: [[LanguageTag]: Resolution]
        var observers: [Int: @Sendable (LanguageTag) -> Void] = [:]
        var nextObserver = 0
    }

    /// The catalogs text comes from.
    public let store: CatalogStore
    /// The language used when no preferred language has a key.
    public let developmentLanguage: LanguageTag
    /// Whether every key shown from a fallback language is recorded in `issues`.
    public let recordsFallbacks: Bool
    private let state: Mutex<State>
    /// The address of the current `Resolution`, unretained; written under `state`'s lock.
    private let currentAddress: Atomic<UInt>
    private let recorded = Mutex<(list: [LocalizationIssue], seen: Set<LocalizationIssue>)>(([], []))
    /// A text entry's format, or why it is not used, by language, table and key: catalogs do
    /// not change, so each entry is parsed and checked once.
    private let verdicts = Mutex<[EntryID: Result<FormatString, FormatError>]>([:])

    /// One entry of one language's table.
    private struct EntryID: Hashable {
        let language: LanguageTag
        let table: String
        let key: String
    }

    /// A localizer over `store` starting with `preferences` (most wanted first).
    public init(
        store: CatalogStore, developmentLanguage: LanguageTag, preferences: [LanguageTag] = [],
        recordsFallbacks: Bool = false
    ) {
        self.store = store
        self.developmentLanguage = developmentLanguage
        self.recordsFallbacks = recordsFallbacks
        let first = Self.resolve(preferences, store: store, developmentLanguage: developmentLanguage)
        state = Mutex(State(resolved: [preferences: first]))
        currentAddress = Atomic(UInt(bitPattern: Unmanaged.passUnretained(first).toOpaque()))
        recordProblems(of: first)
    }

    // MARK: Languages

    /// The language most keys come from: the first of the chain that has a catalog (the
    /// development language when no preferred language has one; `preferences` says what
    /// was asked for).
    public var language: LanguageTag { current.chain.first?.language ?? developmentLanguage }

    /// The fallback chain in use, most preferred first.
    public var chain: [LanguageTag] { current.chain.map(\.language) }

    /// The preferences last set.
    public var preferences: [LanguageTag] { current.preferences }

    /// Switches language. Languages load on first use; switching back to preferences used
    /// before costs no parsing and no allocation of tables. Observers are told afterwards.
    public func setPreferences(_ preferences: [LanguageTag]) {
        let cached = state.withLock { state -> Resolution? in
            guard let found = state.resolved[preferences] else { return nil }
            makeCurrent(found)
            return found
        }
        let resolution: Resolution
        if let cached {
            resolution = cached
        } else {
            let fresh = Self.resolve(preferences, store: store, developmentLanguage: developmentLanguage)
            recordProblems(of: fresh)
            resolution = state.withLock { state in
                let kept = state.resolved[preferences] ?? fresh
                state.resolved[preferences] = kept
                makeCurrent(kept)
                return kept
            }
        }
        let observers = state.withLock { Array($0.observers.values) }
        let language = resolution.chain.first?.language ?? developmentLanguage
        for observer in observers { observer(language) }
    }

    /// Calls `handler` with the new language after every `setPreferences`. Returns a token
    /// for `removeObserver`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (LanguageTag) -> Void) -> Int {
        state.withLock { state in
            let token = state.nextObserver
            state.nextObserver += 1
            state.observers[token] = handler
            return token
        }
    }

    /// Stops calling the observer `addObserver` returned `token` for.
    public func removeObserver(_ token: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }

    // MARK: Lookup

    /// The text for `key`, falling back along the chain; the key itself when no language has
    /// it. The text is shown as written: no specifier is replaced.
    public func text(_ key: String) -> String {
        text(key, asWrittenIn: Catalog.defaultTable)
    }

    /// The text for `key` in `table` as written (no specifier replaced), falling back along
    /// the chain; when no language has it, `defaultValue`, else the key itself.
    func text(_ key: String, asWrittenIn table: String, defaultValue: String? = nil) -> String {
        if table == Catalog.defaultTable {
            // The hot path: one probe of the merged table, the resolution borrowed, not retained.
            let found = withCurrent { resolution -> String? in
                guard let text = resolution.shownText(key) else { return nil }
                if recordsFallbacks { recordFallback(key, table: table, in: resolution) }
                return text
            }
            if let found { return found }
        } else {
            let resolution = current
            for catalog in resolution.chain {
                guard let entry = catalog[key, table: table] else { continue }
                if recordsFallbacks { recordFallback(key, table: table, in: resolution, shown: catalog) }
                return ControlCharacters.shown(entry.value)
            }
        }
        return missing(key, table: table, defaultValue: defaultValue, arguments: nil)
    }

    /// What a key no language has shows, the missing key recorded: the code's default value,
    /// formatted with `arguments` when there are any (the key when it does not fit them), else
    /// the key itself.
    private func missing(_ key: String, table: String, defaultValue: String?, arguments: [FormatArgument]?)
        -> String
    {
        record(.missingKey(key: key, table: table))
        guard let defaultValue else { return key }
        let shown = ControlCharacters.shown(defaultValue)
        guard let arguments else { return shown }
        return (try? SafeFormatter.format(FormatString(shown), arguments)) ?? key
    }

    /// The entry `key` falls back to in `table`.
    public func entry(_ key: String, table: String = Catalog.defaultTable) -> CatalogEntry? {
        let resolution = current
        if table == Catalog.defaultTable { return resolution.merged.entry(key) }
        for catalog in resolution.chain {
            if let entry = catalog[key, table: table] { return entry }
        }
        return nil
    }

    /// The text for `key` formatted with `arguments`. A translation whose specifiers
    /// disagree with the development language's, or with the arguments, is not used: the
    /// development-language text is, and the mismatch is recorded. Never crashes.
    public func text(_ key: String, _ arguments: FormatArgument..., table: String = Catalog.defaultTable) -> String {
        text(key, arguments: arguments, table: table)
    }

    /// `text(_:_:table:)` with an array of arguments.
    public func text(_ key: String, arguments: [FormatArgument], table: String = Catalog.defaultTable) -> String {
        text(key, arguments: arguments, table: table, defaultValue: nil)
    }

    /// `text(_:arguments:table:)`, showing `defaultValue` when no language has the key.
    func text(_ key: String, arguments: [FormatArgument], table: String, defaultValue: String?) -> String {
        let resolution = current
        let chain = resolution.chain
        let development = store.catalog(for: developmentLanguage)
        var reference: (format: FormatString, isPlural: Bool, location: SourceLocation)??
        var found = false
        for catalog in chain {
            // A text entry's verdict (parsed, checked against the development language's text)
            // does not depend on the arguments: it is reached once per entry and kept.
            if catalog.plural(key, table: table) == nil, development?.plural(key, table: table) == nil,
                let entry = catalog[key, table: table]
            {
                found = true
                let verdict = textVerdict(catalog, entry, key: key, table: table, development: development)
                do throws(FormatError) {
                    let text = try SafeFormatter.format(verdict.get(), arguments)
                    if recordsFallbacks { recordFallback(key, table: table, in: resolution, shown: catalog) }
                    return text
                } catch {
                    record(
                        .formatMismatch(
                            key: key, language: catalog.language, location: entry.location, reason: error.message))
                }
                continue
            }
            let attempt: (format: FormatString, isPlural: Bool, location: SourceLocation)?
            do {
                attempt = try Self.format(of: catalog, key: key, arguments: arguments, table: table)
            } catch {
                let location = catalog.plural(key, table: table)?.location ?? catalog[key, table: table]?.location
                record(
                    .formatMismatch(
                        key: key, language: catalog.language,
                        location: location ?? SourceLocation(path: "?", line: 0, column: 0),
                        reason: error.message))
                found = true
                continue
            }
            guard let (format, isPlural, location) = attempt else { continue }
            found = true
            if reference == nil {
                reference = .some(
                    development.flatMap { try? Self.format(of: $0, key: key, arguments: arguments, table: table) })
            }
            do throws(FormatError) {
                if let reference = reference ?? nil {
                    try Self.check(format, against: reference.format, lenient: isPlural || reference.isPlural)
                }
                let text = try SafeFormatter.format(format, arguments)
                if recordsFallbacks { recordFallback(key, table: table, in: resolution, shown: catalog) }
                return text
            } catch {
                record(.formatMismatch(key: key, language: catalog.language, location: location, reason: error.message))
            }
        }
        return found ? key : missing(key, table: table, defaultValue: defaultValue, arguments: arguments)
    }

    /// The format of a text entry, or why it is not used, from the cache or found now.
    private func textVerdict(
        _ catalog: Catalog, _ entry: CatalogEntry, key: String, table: String, development: Catalog?
    ) -> Result<FormatString, FormatError> {
        let id = EntryID(language: catalog.language, table: table, key: key)
        if let cached = verdicts.withLock({ $0[id] }) { return cached }
        let verdict = Result { () throws(FormatError) -> FormatString in
            // A control character in a catalog is shown written out, never sent to the terminal.
            let format = try FormatString(ControlCharacters.shown(entry.value))
            if let reference = development?[key, table: table], let parsed = try? FormatString(reference.value) {
                try Self.check(format, against: parsed, lenient: false)
            }
            return format
        }
        verdicts.withLock { $0[id] = verdict }
        return verdict
    }

    /// Throws when `format` asks for other arguments than the development language's `reference`.
    private static func check(_ format: FormatString, against reference: FormatString, lenient: Bool)
        throws(FormatError)
    {
        guard !compatible(format, reference, lenient: lenient) else { return }
        throw FormatError(
            "its specifiers \(describe(format.signature)) differ from the development language's "
                + describe(reference.signature))
    }

    /// The format a catalog has for `key` (a plural entry expanded for these arguments wins
    /// over a text entry); nil when the catalog lacks the key.
    private static func format(of catalog: Catalog, key: String, arguments: [FormatArgument], table: String)
        throws(FormatError) -> (format: FormatString, isPlural: Bool, location: SourceLocation)?
    {
        let text: String, isPlural: Bool, location: SourceLocation
        if let plural = catalog.plural(key, table: table) {
            text = try plural.expand(arguments, rules: PluralRules.rules(for: catalog.language))
            isPlural = true
            location = plural.location
        } else if let entry = catalog[key, table: table] {
            text = entry.value
            isPlural = false
            location = entry.location
        } else {
            return nil
        }
        return (try FormatString(ControlCharacters.shown(text)), isPlural, location)
    }

    /// Text entries must ask for exactly the development language's arguments; a plural
    /// variant may leave some out ("one file" needs no count).
    private static func compatible(_ format: FormatString, _ reference: FormatString, lenient: Bool) -> Bool {
        lenient ? reference.accepts(format) : format.signature == reference.signature
    }

    // MARK: Issues

    /// What had to be worked around so far, each once, in the order first seen.
    public var issues: [LocalizationIssue] { recorded.withLock { $0.list } }

    /// Forgets the issues recorded so far (each may be recorded again).
    public func clearIssues() {
        recorded.withLock { $0 = ([], []) }
    }

    private func recordProblems(of resolution: Resolution) {
        if recordsFallbacks, let wanted = resolution.preferences.first,
            let shown = resolution.chain.first?.language, wanted != shown
        {
            record(.languageUnavailable(wanted: wanted, shown: shown))
        }
        for catalog in resolution.chain {
            catalog.errors.forEach { record(.unreadableCatalog($0)) }
            catalog.duplicateLocations.forEach { record(.duplicateKey($0)) }
            catalog.needsReview.forEach { record(.needsReview($0)) }
        }
    }

    /// Records that `key` was shown from `shown` (by default the first catalog of the chain
    /// that has it) when that is not the chain's first language.
    private func recordFallback(_ key: String, table: String, in resolution: Resolution, shown: Catalog? = nil) {
        guard let first = resolution.chain.first else { return }
        let has = { (catalog: Catalog) in catalog[key, table: table] != nil || catalog.plural(key, table: table) != nil
        }
        guard let source = shown ?? resolution.chain.first(where: has), source.language != first.language else {
            return
        }
        record(.fallback(key: key, table: table, wanted: first.language, shown: source.language))
    }

    private func record(_ issue: LocalizationIssue) {
        recorded.withLock { recorded in
            if recorded.seen.insert(issue).inserted { recorded.list.append(issue) }
        }
    }

    // MARK: Resolution

    private var current: Resolution {
        let address = currentAddress.load(ordering: .acquiring)
        return Unmanaged<Resolution>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
    }

    /// `body` with the current resolution, which the localizer keeps alive, borrowed.
    private func withCurrent<Result>(_ body: (Resolution) -> Result) -> Result {
        let address = currentAddress.load(ordering: .acquiring)
        return Unmanaged<Resolution>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)._withUnsafeGuaranteedRef(body)
    }

    /// Publishes `resolution`; call with `state` locked, which keeps it alive.
    private func makeCurrent(_ resolution: Resolution) {
        currentAddress.store(UInt(bitPattern: Unmanaged.passUnretained(resolution).toOpaque()), ordering: .releasing)
    }

    /// Each preferred language, then its parents, then the development language; only
    /// languages that have catalogs, each once. A pseudo-locale has no parents (`ar-XB`
    /// must not show real Arabic).
    static func resolve(_ preferences: [LanguageTag], store: CatalogStore, developmentLanguage: LanguageTag)
        -> Resolution
    {
        var seen = Set<LanguageTag>()
        var chain: [Catalog] = []
        let expanded = preferences.flatMap { PseudoLocale($0) == nil ? $0.withParents : [$0] }
        for tag in expanded + [developmentLanguage] where seen.insert(tag).inserted {
            if let catalog = store.catalog(for: tag) { chain.append(catalog) }
        }
        return Resolution(preferences: preferences, chain: chain)
    }

    private static func describe(_ signature: [FormatString.ArgumentKind?]) -> String {
        signature.isEmpty ? "(none)" : signature.map { $0?.rawValue ?? "-" }.joined(separator: " ")
    }
}
