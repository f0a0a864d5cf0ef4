import Flavors

/// What a flavor can offer, named as in its Info.plist's `FlavorFeatures`.
public enum Feature: String, Sendable, Hashable, CaseIterable {
    /// Downloads: in every build.
    case downloads
    /// Uploads are shown in the queue.
    case uploads
    /// `pause`, `resume` and `cancel`.
    case queueControl
    /// Changes are written back to the queue file.
    case savedQueue
}

/// The Info.plist limit on transfers in progress at once (`FlavorLimits`).
public let concurrentTransfersLimit = "concurrentTransfers"

/// A queue command that changes a transfer's state.
public enum QueueCommand: String, Sendable, CaseIterable {
    case pause, resume, cancel
}

/// Code that a flavor plugs into TransferCore from outside. TransferCore never imports the
/// module that implements it, so a flavor that does not link it does not contain it.
public protocol FlavorExtension: Sendable {
    /// The features this code implements.
    var features: Set<Feature> { get }
    /// Applies `command` to the transfer `id` of `queue`; returns the message to print.
    func perform(_ command: QueueCommand, id: String, in queue: inout TransferQueue, context: AppContext)
        throws(AppError) -> String
}

/// What one executable is: its flavor's folder name and the code it adds.
public struct FlavorBuild: Sendable {
    public let flavorName: String
    public let flavorExtension: (any FlavorExtension)?

    public init(flavorName: String, flavorExtension: (any FlavorExtension)?) {
        self.flavorName = flavorName
        self.flavorExtension = flavorExtension
    }

    /// Features compiled into this build.
    public var compiledFeatures: Set<Feature> {
        Set([Feature.downloads]).union(flavorExtension?.features ?? [])
    }

    /// The features the flavor enables, checked against what this build contains: the
    /// Info.plist may only list features that are compiled in.
    public func enabledFeatures(_ identity: FlavorIdentity, plistPath: String) throws(AppError) -> Set<Feature> {
        var enabled = Set<Feature>()
        for name in identity.features.sorted() {
            guard let feature = Feature(rawValue: name) else {
                throw AppError.file(plistPath, "FlavorFeatures: unknown feature \"\(name)\" (known: \(Feature.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard compiledFeatures.contains(feature) else {
                throw AppError.file(plistPath, "FlavorFeatures lists \"\(name)\", which this build of \(flavorName) does not contain")
            }
            enabled.insert(feature)
        }
        return enabled
    }
}
