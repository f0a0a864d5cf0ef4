@testable import Light
@testable import Regular
import AppTesting
import TransferCore

extension AppRunner {
    /// The flavors' real builds: the `FlavorBuild` each executable module defines, compiled
    /// with its `-D` flag.
    static let light = Light.Flavor.build
    static let regular = Regular.Flavor.build
}
