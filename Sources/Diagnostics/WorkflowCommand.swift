extension Diagnostic {
    /// The diagnostic as a GitHub Actions workflow command, which a workflow run shows as an
    /// annotation on the file's line: `::error file=F,line=L,col=C,title=RULE::message`
    /// (`::warning` and `::notice` for the other severities; parts not known are left out).
    /// `pathPrefix` goes before a relative path: GitHub reads paths relative to the
    /// repository, so a package in a subfolder passes that folder (`Examples/MyApp/`). The message may span
    /// lines; values are escaped as GitHub's runner expects (`%`, CR and LF everywhere, and
    /// `:` and `,` in properties).
    public func workflowCommand(pathPrefix: String = "") -> String {
        let command: String
        switch severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        let properties = [
            path.map { "file=" + Self.escapeWorkflowProperty($0.hasPrefix("/") ? $0 : pathPrefix + $0) },
            line.map { "line=\($0)" },
            line == nil ? nil : column.map { "col=\($0)" },
            rule.map { "title=" + Self.escapeWorkflowProperty($0) },
        ].compactMap { $0 }
        let head = properties.isEmpty ? command : command + " " + properties.joined(separator: ",")
        return "::\(head)::\(Self.escapeWorkflowData(message))"
    }

    /// A workflow command's message: `%`, `\r` and `\n` as `%25`, `%0D`, `%0A`; every other
    /// character `visible` escapes (ESC, bidirectional controls) written out as it writes them,
    /// so that the log that shows the command is not acted on.
    public static func escapeWorkflowData(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A workflow command's property value: as a message, and `:` and `,` as `%3A`, `%2C`.
    public static func escapeWorkflowProperty(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    private static func escape(_ text: String, _ table: [Unicode.Scalar: String]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let escaped = table[scalar] {
                result += escaped
            } else if scalar != "\t", isInvisible(scalar) {
                result += visible(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
