import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps FoundationNetworking from making folders in the user's home: the agent writes
/// nothing but its partial file.
///
/// On Linux, every session configuration starts from `URLSessionConfiguration.default`, which
/// makes the shared cookie storage and the shared URL cache, whatever the configuration says
/// next: the first makes the folder `$XDG_DATA_HOME/<the executable's folder name>`
/// (`~/.local/share/debug` for a debug build), the second
/// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/TransferAgent`, and `.ephemeral` makes its
/// own cache there too. CoreFoundation reads those two variables once, before `main`, so the
/// agent starts itself again with both set to `/dev/null`, where no folder can be made (not
/// even by root): the storages then stay in memory, and the session uses none of them.
enum StorageFolders {
    /// What `XDG_DATA_HOME` and `XDG_CACHE_HOME` are set to.
    static let nowhere = "/dev/null"
    static let variables = ["XDG_DATA_HOME", "XDG_CACHE_HOME"]

    /// Returns at once when the variables say `nowhere` already (or where Foundation makes no
    /// such folders); otherwise sets them and starts this executable again with the same
    /// arguments, and returns only when that fails, with the system's reason.
    static func keepOut() -> String? {
        #if canImport(FoundationNetworking)
        guard variables.contains(where: { getenv($0).map { String(cString: $0) } != nowhere }) else { return nil }
        for variable in variables { setenv(variable, nowhere, 1) }
        // The executable by its own path (not `/proc/self/exe`, which would name the process `exe`).
        guard let path = realpath("/proc/self/exe", nil) else { return String(cString: strerror(errno)) }
        execv(path, CommandLine.unsafeArgv)
        let reason = String(cString: strerror(errno))
        free(path)
        return reason
        #else
        return nil
        #endif
    }
}
