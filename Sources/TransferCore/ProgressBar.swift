/// A fixed-width bar such as `[#######.............]`.
public enum ProgressBar {
    public static func render(_ fraction: Double, width: Int = 20) -> String {
        let clamped = min(max(fraction, 0), 1)
        let filled = Int((clamped * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
    }
}
