import CShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many terminal columns text takes, from the C library's `wcwidth`: CJK characters
/// take two, combining marks none.
public enum DisplayWidth {
    /// `wcwidth` answers for non-ASCII characters only under a UTF-8 character type.
    private static let utf8CharacterType: Bool = {
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"] where newlocale(LC_CTYPE_MASK, name, nil) != nil {
            setlocale(LC_CTYPE, name)
            return true
        }
        return false
    }()

    public static func of(_ text: String) -> Int {
        _ = utf8CharacterType
        var width = 0
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                width += scalar.value >= 0x20 && scalar.value != 0x7F ? 1 : 0
            } else {
                width += max(0, Int(cshims_wcwidth(scalar.value)))
            }
        }
        return width
    }

    /// `text` followed by spaces up to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
