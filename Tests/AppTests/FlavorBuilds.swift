import AppTesting
import TransferCore

@testable import Light
@testable import Regular

extension AppRunner {
    /// The flavors' real builds: the `FlavorBuild` each executable module defines, compiled
    /// with its `-D` flag.
    static let light = Light.ThisFlavor.build
    static let regular = Regular.ThisFlavor.build
}
