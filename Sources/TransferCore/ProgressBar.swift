import Flavors

/// A fixed-width bar such as `[#######.............]`, drawn with a flavor's characters.
package enum ProgressBar {
    /// `fraction` (clamped to 0…1) as a bar of `width` characters between brackets.
    package static func render(_ fraction: Double, width: Int = 20, look: FlavorLook = FlavorLook()) -> String {
        let clamped = min(max(fraction, 0), 1)
        let filled = Int((clamped * Double(width)).rounded(.down))
        return "[" + String(repeating: look.progressFilled, count: filled)
            + String(repeating: look.progressEmpty, count: width - filled) + "]"
    }

    /// `line` with the done part of each bar in it in the look's accent colour.
    static func painted(_ line: String, look: FlavorLook) -> String {
        var result = ""
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "[") {
            result += rest[...open]
            rest = rest[rest.index(after: open)...]
            let body = rest.prefix { $0 == look.progressFilled || $0 == look.progressEmpty }
            guard !body.isEmpty, rest.dropFirst(body.count).first == "]" else { continue }
            let done = body.prefix { $0 == look.progressFilled }
            result += look.accented(String(done)) + body.dropFirst(done.count)
            rest = rest.dropFirst(body.count)
        }
        return result + rest
    }
}
