/// The markers git leaves in a file whose merge it could not finish: a line that starts with
/// `<<<<<<<`, later one that starts with `=======`, later one that starts with `>>>>>>>`. All
/// three, in that order, at line starts: a snapshot may well hold a row of `=` of its own.
public enum ConflictMarkers {
    /// The 1-based line of the first `<<<<<<<` of a complete set of markers in `text`; nil
    /// when it holds none.
    public static func firstLine(in text: String) -> Int? {
        var opening: Int?
        var separated = false
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.hasPrefix("<<<<<<<") {
                if opening == nil { opening = number }
            } else if line.hasPrefix("======="), opening != nil {
                separated = true
            } else if line.hasPrefix(">>>>>>>"), separated {
                return opening
            }
        }
        return nil
    }
}
