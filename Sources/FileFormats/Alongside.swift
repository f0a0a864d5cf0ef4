import Dispatch
import Synchronization

/// `second` run on another thread while `first` runs on this one; both results once both are
/// done. For two pieces of work that need nothing of each other: the two parts of a large
/// catalog, or a table's files read while the sources are scanned.
package func alongside<First, Second: Sendable>(_ first: () -> First, _ second: @escaping @Sendable () -> Second)
    -> (First, Second)
{
    let secondResult = Mutex<Second?>(nil)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
        let result = second()
        secondResult.withLock { $0 = result }
    }
    let firstResult = first()
    group.wait()
    return (firstResult, secondResult.withLock { $0.take()! })
}
