/// `name` inside the folder at `folder`, joined as text. Start-up names its catalogs and plists
/// this way: a `URL` built by `appending(path:)` for each costs more than reading a small file.
package func joinedPath(_ folder: String, _ name: String) -> String {
    // One allocation and two copies of bytes (for native strings; a bridged one is made
    // contiguous first): appending to a `String` goes through its general path (capacity,
    // uniqueness and flag checks) three times, which cost more than the rest of the join.
    var folder = folder
    var name = name
    return folder.withUTF8 { head in
        name.withUTF8 { tail in
            let separator = head.last != UInt8(ascii: "/")
            let count = head.count + (separator ? 1 : 0) + tail.count
            return String(
                unsafeUninitializedCapacity: count,
                initializingUTF8With: { bytes in
                    var end = bytes.initialize(fromContentsOf: head)
                    if separator {
                        bytes[end] = UInt8(ascii: "/")
                        end += 1
                    }
                    return end + UnsafeMutableBufferPointer(rebasing: bytes[end...]).initialize(fromContentsOf: tail)
                })
        }
    }
}
