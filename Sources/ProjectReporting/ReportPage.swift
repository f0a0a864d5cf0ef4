import Diagnostics
import FileFormats
import Foundation
import Localization
import TextSnapshots

extension ProjectReport {
    /// The report as one self-contained HTML page: inline CSS, a few lines of script for
    /// filtering (the page reads the same without it), and a content security policy that
    /// lets the page fetch nothing at all.
    public func html() -> String {
        var page = ByteBuffer(reservingCapacity: snapshots.reduce(0) { $0 + $1.text.utf8.count * 3 } + 65_536)
        page.append(
            """
            <!DOCTYPE html>
            <html lang="\(TerminalHTML.escaped(developmentLanguage.description))">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(TerminalHTML.escaped(name)): translations and snapshots</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>\(TerminalHTML.escaped(name)): translations and snapshots</h1>

            """)
        let changes = snapshots.filter { $0.change != nil }
        let screens = self.screens()
        page.append(contents(changes: changes, screens: screens))
        page.append(variantsSection())
        page.append(coverageSection())
        page.append(findingsSection())
        page.append(changesSection(changes))
        page.append(snapshotsSection(screens))
        page.append("<script>\(Self.script)</script>\n</body>\n</html>\n")
        return String(decoding: page.bytes, as: UTF8.self)
    }

    // MARK: Sections

    private func contents(changes: [Snapshot], screens: [(name: String, snapshots: [Snapshot])]) -> String {
        var html = "<nav id=\"contents\"><h2>Contents</h2><ul>\n"
        html += "<li><a href=\"#coverage\">Translation coverage</a></li>\n"
        html += "<li><a href=\"#findings\">Lint findings (\(findings.count))</a></li>\n"
        html += "<li><a href=\"#changes\">What changed (\(changes.count))</a></li>\n"
        html += "<li><a href=\"#snapshots\">Snapshots (\(snapshots.count))</a><ul class=\"screens\">\n"
        for screen in screens {
            html += "<li><a href=\"#\(Self.anchor("screen", screen.name))\">\(TerminalHTML.escaped(screen.name))</a>"
            html += " <small>(\(screen.snapshots.count))</small></li>\n"
        }
        return html + "</ul></li>\n</ul></nav>\n"
    }

    private func coverageSection() -> String {
        var html = "<section id=\"coverage\"><h2>Translation coverage</h2>\n"
        guard !coverage.isEmpty else {
            return html + "<p>No language besides \(developmentLanguage) has catalogs.</p></section>\n"
        }
        let catalogs = ["shared"] + flavors
        html += "<p>Messages of the development language (\(developmentLanguage)) each language shows "
        html += "translated, shared and as each flavor shows them; red at 70% and below, green at 100%.</p>\n"
        html += "<table class=\"coverage\"><thead><tr><th>language</th>"
        for catalog in catalogs { html += "<th>\(TerminalHTML.escaped(catalog))</th>" }
        html += "</tr></thead><tbody>\n"
        let rows = Dictionary(grouping: coverage, by: \.language)
        for language in languages where language != developmentLanguage {
            guard let row = rows[language] else { continue }
            html += "<tr data-language=\"\(language)\"><th>\(language) <small>\(languageName(language))</small></th>"
            for catalog in catalogs {
                guard let status = row.first(where: { $0.catalog == catalog }) else {
                    html += "<td></td>"
                    continue
                }
                // Red at 70% and below, through yellow, to green at 100%: the range that matters.
                let hue = min(max((status.percent - 70) * 4, 0), 120)
                var counts = ["\(status.translated) translated"]
                if status.inherited > 0 { counts.append("\(status.inherited) inherited") }
                // Suggestions apart: translations no person confirmed, which users do not see.
                let suggested = status.suggested > 0 ? " (\(status.suggested) suggested, not shown to users)" : ""
                counts += [
                    "\(status.missing) missing", "\(status.needsReview) to review\(suggested)", "\(status.stale) stale",
                ]
                if status.invalid > 0 { counts.append("\(status.invalid) invalid") }
                html += "<td style=\"background:hsl(\(hue) 65% 82%)\" data-percent=\"\(status.percent)\">"
                html += "<b>\(status.percent)%</b><br><small>\(counts.joined(separator: " · "))</small></td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></section>\n"
    }

    private func findingsSection() -> String {
        var html = "<section id=\"findings\"><h2>Lint findings (\(findings.count))</h2>\n"
        guard !findings.isEmpty else { return html + "<p>None.</p></section>\n" }
        html += "<ul class=\"findings\">\n"
        for finding in findings {
            var place = finding.path ?? ""
            if let line = finding.line { place += ":\(line)" }
            html += "<li class=\"\(finding.severity.rawValue)\"><code>\(TerminalHTML.escaped(place))</code> "
            html += "<b>\(finding.severity.rawValue)</b> \(TerminalHTML.escaped(finding.message))"
            if let rule = finding.rule { html += " <small>[\(TerminalHTML.escaped(rule))]</small>" }
            html += "</li>\n"
        }
        return html + "</ul></section>\n"
    }

    private func changesSection(_ changes: [Snapshot]) -> String {
        var html = "<section id=\"changes\"><h2>What changed (\(changes.count))</h2>\n"
        guard !changes.isEmpty else {
            return html + "<p>No pending change and no failure.</p></section>\n"
        }
        for snapshot in changes {
            let change = snapshot.change!
            let diff = LineDiff(old: snapshot.text, new: change.text)
            let width = columns(of: snapshot)
            let origin = change.source == .pending ? "pending (.txt.new)" : "failed in CI (artifacts)"
            html += "<article class=\"change\" id=\"\(Self.anchor("change", snapshot.path))\" "
            html += "data-path=\"\(TerminalHTML.escaped(snapshot.path))\" data-source=\"\(change.source.rawValue)\">"
            html +=
                "<h3><a href=\"#\(Self.anchor("snapshot", snapshot.path))\">\(TerminalHTML.escaped(snapshot.path))</a>"
            html += " <small>\(origin)</small></h3><div class=\"pair\">"
            html += "<figure><figcaption>recorded</figcaption>"
            html +=
                snapshot.text.isEmpty
                ? "<p class=\"none\">none: a new snapshot</p>"
                : "<div class=\"term del\" style=\"--w:\(width)\">\(TerminalHTML.lines(snapshot.text, marked: diff.deleted))</div>"
            html += "</figure><figure><figcaption>new</figcaption>"
            html +=
                "<div class=\"term ins\" style=\"--w:\(width)\">\(TerminalHTML.lines(change.text, marked: diff.inserted))</div>"
            html += "</figure></div></article>\n"
        }
        return html + "</section>\n"
    }

    private func snapshotsSection(_ screens: [(name: String, snapshots: [Snapshot])]) -> String {
        var html = "<section id=\"snapshots\"><h2>Snapshots (\(snapshots.count))</h2>\n"
        html += "<form id=\"filter\" hidden><label>Path contains <input type=\"search\"></label> "
        html += "<label>Language <select><option value=\"\">every one</option>"
        for language in languages { html += "<option>\(language)</option>" }
        html += "</select></label></form>\n"
        for screen in screens {
            html += "<section class=\"screen\" id=\"\(Self.anchor("screen", screen.name))\">"
            html += "<h3>\(TerminalHTML.escaped(screen.name))</h3>\n"
            let byFlavor = Dictionary(grouping: screen.snapshots) { $0.components.first ?? "" }
            for flavor in byFlavor.keys.sorted() {
                let id = screen.name == screens.first?.name ? " id=\"\(Self.anchor("variant", flavor))\"" : ""
                html += "<h4\(id)>\(TerminalHTML.escaped(flavor))</h4><div class=\"row\">\n"
                for snapshot in byFlavor[flavor]!.sorted(by: { order($0) < order($1) }) {
                    html += cell(snapshot)
                }
                html += "</div>\n"
            }
            html += "</section>\n"
        }
        return html + "</section>\n"
    }

    private func cell(_ snapshot: Snapshot) -> String {
        let middle = snapshot.components.dropFirst().dropLast()
        let locale =
            middle.first.flatMap(LanguageTag.init).flatMap { languages.contains($0) ? $0.description : nil } ?? ""
        let id = Self.anchor("snapshot", snapshot.path)
        var html = "<figure class=\"snap\(snapshot.change == nil ? "" : " changed")\" id=\"\(id)\" "
        html += "data-path=\"\(TerminalHTML.escaped(snapshot.path))\" data-locale=\"\(TerminalHTML.escaped(locale))\">"
        html += "<figcaption><a href=\"#\(id)\">\(TerminalHTML.escaped(middle.joined(separator: " · ")))</a>"
        if snapshot.change != nil {
            html += " <a class=\"flag\" href=\"#\(Self.anchor("change", snapshot.path))\">changed</a>"
        }
        html += "<br><code>\(TerminalHTML.escaped(snapshot.path))</code></figcaption>"
        html += "<div class=\"term\" style=\"--w:\(columns(of: snapshot))\">\(TerminalHTML.lines(snapshot.text))</div>"
        return html + "</figure>\n"
    }

    // MARK: Order and names

    /// Snapshots grouped by screen (the name's last part), screens sorted.
    private func screens() -> [(name: String, snapshots: [Snapshot])] {
        Dictionary(grouping: snapshots) { $0.components.last ?? "" }.sorted { $0.key < $1.key }
            .map { (name: $0.key, snapshots: $0.value) }
    }

    /// Within a flavor: by language (in the report's order), then width, then name.
    private func order(_ snapshot: Snapshot) -> (Int, Int, String) {
        let middle = Array(snapshot.components.dropFirst().dropLast())
        let language = middle.first.flatMap(LanguageTag.init).flatMap { languages.firstIndex(of: $0) }
        let width = middle.lazy.compactMap { Int($0) }.first ?? 0
        return (language ?? languages.count, width, middle.joined(separator: "/"))
    }

    /// The width the snapshot was recorded at (a number in its name), else its widest line.
    private func columns(of snapshot: Snapshot) -> Int {
        let named = snapshot.components.dropFirst().dropLast().lazy.compactMap { Int($0) }.first
        let widest = max(TerminalHTML.width(snapshot.text), TerminalHTML.width(snapshot.change?.text ?? ""))
        return max(named ?? widest, widest, 8)
    }

    private func languageName(_ language: LanguageTag) -> String {
        TerminalHTML.escaped(
            Locale(identifier: developmentLanguage.description).localizedString(forIdentifier: language.description)
                ?? "")
    }

    /// An `id` for a kind of thing and its name: letters, digits and `-` only.
    static func anchor(_ kind: String, _ name: String) -> String {
        kind + "-"
            + String(
                name.unicodeScalars.map { scalar in
                    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
                })
    }

    // MARK: Style and script

    static let style = """
        body{font-family:system-ui,sans-serif;margin:1rem 2rem;color:#1b1b1b;background:#fff}
        h1{font-size:1.5rem}h2{border-bottom:1px solid #ccc;margin-top:2.5rem}h3{margin-top:1.5rem}
        nav ul.screens{columns:4 12rem}
        table.coverage{border-collapse:collapse}
        table.coverage th,table.coverage td{border:1px solid #bbb;padding:4px 8px;text-align:left;vertical-align:top}
        table.coverage td{min-width:9rem}
        ul.findings li.error b{color:#b00}ul.findings li.warning b{color:#a60}ul.findings li.note b{color:#555}
        .row{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}
        figure{margin:0}figcaption{font-size:12px;margin-bottom:2px}figcaption code{color:#555}
        .term{font:12px/1.3 "DejaVu Sans Mono",ui-monospace,monospace;white-space:pre;background:#14161a;color:#e8e8e8;
        padding:4px 6px;width:calc(var(--w)*1ch);overflow-x:auto;border-radius:3px}
        .ln{min-height:1.3em;direction:ltr;unicode-bidi:isolate}
        .w{display:inline-block;width:2ch;text-align:center}
        .snap.changed .term{outline:3px solid #d9a400}
        .flag{background:#d9a400;color:#000;padding:0 4px;border-radius:3px;text-decoration:none}
        .pair{display:flex;flex-wrap:wrap;gap:14px}
        .del .mark{background:#6b1f24}.ins .mark{background:#1f5a2b}
        .del .mark::before{content:"−";position:absolute;margin-left:-1.2ch;color:#ff8a8a}
        .ins .mark::before{content:"+";position:absolute;margin-left:-1.2ch;color:#8aff9f}
        p.none{font-style:italic}
        """

    static let script = """
        (function () {
          var errors = 0;
          window.addEventListener("error", function () { document.body.dataset.errors = ++errors; });
          var form = document.getElementById("filter");
          var text = form.querySelector("input"), language = form.querySelector("select");
          function apply() {
            var wanted = text.value.toLowerCase(), locale = language.value;
            document.querySelectorAll("figure.snap").forEach(function (figure) {
              figure.hidden = (wanted && figure.dataset.path.toLowerCase().indexOf(wanted) < 0)
                || (locale && figure.dataset.locale !== locale);
            });
          }
          text.addEventListener("input", apply);
          language.addEventListener("change", apply);
          form.hidden = false;
          window.addEventListener("load", function () {
            document.body.dataset.resources = performance.getEntriesByType("resource").length;
            document.body.dataset.ready = "yes";
          });
        })();
        """
}
