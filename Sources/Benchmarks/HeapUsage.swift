import CShims

/// Bytes the allocator has handed out and not taken back.
enum HeapUsage {
    static func bytesInUse() -> Int { Int(cshims_heap_bytes_in_use()) }
}
