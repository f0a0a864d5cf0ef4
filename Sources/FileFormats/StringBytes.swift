extension String {
    /// Whether a UTF-8 byte of the string satisfies `predicate`: read in place when the
    /// string's storage allows (a native string's always does), faster than its UTF-8 view.
    /// Inlinable, so that the predicate is compiled into the loop of each caller's module.
    @inlinable package func containsByte(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }
}
