#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for a worker of `run`, not one of the dispatch pool's: each worker waits
/// for its transfer, and the pool (as wide as the cores) would hold back the others.
enum WorkerThread {
    /// Runs `body` on a new thread; on the calling one if the system refuses a thread.
    static func start(_ body: @escaping @Sendable () -> Void) {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let work = Unmanaged.passRetained(Work(body))
        #if canImport(Darwin)
        var thread: pthread_t?
        let started = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, work.toOpaque())
        #else
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, work.toOpaque())
        #endif
        guard started == 0 else {
            work.takeRetainedValue().body()
            return
        }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }
}
