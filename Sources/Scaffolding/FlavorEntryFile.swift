import TextEscaping

/// The one entry file every flavor's executable compiles (`Sources/FlavorEntry/main.swift`,
/// linked into `Sources/<Name>/`), each with its own `-D` condition choosing its branch:
///
///     #if FREE
///     let flavorName = "Free"
///     let features: [Feature] = []
///     #elseif PRO
///     …
///     #else
///     #error("Compile this file with -DFREE or -DPRO")
///     #endif
///
/// `add-flavor` writes it for a package's first flavor and adds a branch for each later one:
/// a copy of the template's branch (its name and condition changed) or a new one.
enum FlavorEntryFile {
    /// The folder of the shared entry file, under the sources folder.
    static let folder = "FlavorEntry"
    /// Its name.
    static let name = "main.swift"

    /// A new entry file with one branch, for `flavor` registering `features`.
    static func new(flavor: String, features: [String]) -> String {
        """
        // The one entry file of every flavor: Sources/<Flavor>/main.swift links to it, and each
        // executable target compiles it with its own -D flag (`flavorkit add-flavor` adds a branch).
        import Flavors

        \(branch("#if", flavor: flavor, features: features))
        #else
        #error("Compile this file with -D\(flavor.uppercased())")
        #endif

        // nil: the user's environment picks the language (FlavorCommandLine reads --lang).
        let flavor: Flavor
        do { flavor = try Flavor.load(flavorName, features: features, language: nil) } catch { error.exit() }
        print(flavor.displayName)

        """
    }

    /// `#if NAME` (or `#elseif`) and the lines that name the flavor and its features. A
    /// feature added here is labelled with its name; give it a catalog key when it has one.
    static func branch(_ directive: String, flavor: String, features: [String]) -> String {
        let list = features.map { "Feature(\(SwiftSource.literal($0))) { _ in \(SwiftSource.literal($0)) }" }
        return """
            \(directive) \(flavor.uppercased())
            let flavorName = \(SwiftSource.literal(flavor))
            let features: [Feature] = [\(list.joined(separator: ", "))]
            """
    }

    /// `text` with a branch for `flavor` added before its `#else`: the `template`'s branch
    /// copied (its name and condition changed, `features` added to its list when it has one
    /// on one line), or a new branch; the `#error` line names the new condition too. Nil when
    /// the file is not of this shape (one `#else` after the branches).
    static func adding(_ flavor: String, copying template: String?, features: [String], to text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let directives = lines.indices.filter { lines[$0].hasPrefix("#if ") || lines[$0].hasPrefix("#elseif ") }
        guard let elseLine = lines.firstIndex(of: "#else"), lines.indices.filter({ lines[$0] == "#else" }).count == 1,
            let last = directives.last, last < elseLine
        else { return nil }
        var branch: [String]
        if let template,
            let start = directives.first(where: { lines[$0].hasSuffix(" " + template.uppercased()) })
        {
            let end = directives.first { $0 > start } ?? elseLine
            branch = Array(lines[start..<end])
            branch[0] = "#elseif " + flavor.uppercased()
            branch = branch.map {
                $0.replacingOccurrences(of: SwiftSource.literal(template), with: SwiftSource.literal(flavor))
            }
            if !features.isEmpty {
                let added = features.map { "Feature(\(SwiftSource.literal($0))) { _ in \(SwiftSource.literal($0)) }" }
                guard
                    let index = branch.firstIndex(where: { $0.contains("features: [Feature] = [") && $0.hasSuffix("]") }
                    )
                else { return nil }
                let open = branch[index].dropLast()
                branch[index] = String(open) + (open.hasSuffix("[") ? "" : ", ") + added.joined(separator: ", ") + "]"
            }
        } else {
            branch = newBranch(flavor: flavor, features: features)
        }
        lines.insert(contentsOf: branch, at: elseLine)
        if let error = lines.firstIndex(where: { $0.hasPrefix("#error(\"Compile this file with ") }) {
            let conditions = lines.filter { $0.hasPrefix("#if ") || $0.hasPrefix("#elseif ") }.map {
                "-D" + $0.split(separator: " ").last!
            }
            let listed =
                conditions.count == 1
                ? conditions[0]
                : conditions.dropLast().joined(separator: ", ")
                    + " or " + conditions.last!
            lines[error] = "#error(\"Compile this file with \(listed)\")"
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with a branch for `flavor` of a dimension: `template`'s branch copied (its name
    /// and condition changed) before the `#else` of the `#if` chain that holds it, whose
    /// `#error` line names the new condition too. An entry file of variants has one chain per
    /// dimension (`#if FREE … #else`, then `#if STAGING … #else`). Nil when the template's
    /// branch or its chain's `#else` is not found.
    static func adding(_ flavor: String, besideDimensionFlavor template: String, to text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let isDirective = { (line: String) in line.hasPrefix("#if ") || line.hasPrefix("#elseif ") }
        guard
            let start = lines.indices.first(where: {
                isDirective(lines[$0]) && lines[$0].hasSuffix(" " + template.uppercased())
            }),
            let elseLine = lines[start...].firstIndex(of: "#else"),
            !lines[(start + 1)..<elseLine].contains(where: { $0.hasPrefix("#if ") })
        else { return nil }
        let chainStart = lines[...start].lastIndex { $0.hasPrefix("#if ") } ?? start
        let end = lines[(start + 1)...].firstIndex(where: isDirective).map { min($0, elseLine) } ?? elseLine
        var branch = Array(lines[start..<end])
        branch[0] = "#elseif " + flavor.uppercased()
        branch = branch.map {
            $0.replacingOccurrences(of: SwiftSource.literal(template), with: SwiftSource.literal(flavor))
        }
        lines.insert(contentsOf: branch, at: elseLine)
        let newElse = elseLine + branch.count
        if newElse + 1 < lines.count, lines[newElse + 1].hasPrefix("#error(\"Compile this file with ") {
            let conditions = lines[chainStart..<newElse].filter(isDirective).map {
                "-D" + $0.split(separator: " ").last!
            }
            lines[newElse + 1] =
                "#error(\"Compile this file with \(conditions.dropLast().joined(separator: ", ")) or \(conditions.last!)\")"
        }
        return lines.joined(separator: "\n")
    }

    private static func newBranch(flavor: String, features: [String]) -> [String] {
        branch("#elseif", flavor: flavor, features: features).split(separator: "\n").map(String.init)
    }
}
