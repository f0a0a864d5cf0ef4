#if canImport(Glibc)
import Glibc
#endif

/// Asks Linux to back a large fresh buffer with 2 MiB pages where the system leaves that to
/// programs (`transparent_hugepage` set to `madvise`, Debian's default): the first write to
/// each 4 KiB page of a new buffer traps into the kernel, and for a large file those traps
/// cost more than copying its bytes (reading 6.5 MB took 3–4 ms, 1 ms in 2 MiB pages). A
/// hint only: the bytes are the same either way. Where the system gives every buffer large
/// pages (`always`), only the kernel's effort to find one changes; where it gives none
/// (`never`, macOS, a kernel whose huge page is not 2 MiB), nothing does. The advice stays
/// with the addresses once the buffer is freed: memory malloc reuses there gets 2 MiB pages
/// too, as glibc's own `hugetlb` setting would give it.
package enum LargePages {
    /// The size of the pages asked for (x86-64's, and arm64's with 4 KiB pages).
    static let page = 2 << 20
    /// The least worth a system call: a buffer this large holds a whole page wherever it starts.
    static let threshold = 2 * page

    /// Advises the whole 2 MiB pages inside the `count` bytes at `start`, not yet written.
    package static func advise(_ start: UnsafeMutableRawPointer?, count: Int) {
        #if os(Linux)
        guard count >= threshold, let start else { return }
        let first = (Int(bitPattern: start) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: start) + count) & ~(page - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        #endif
    }
}
