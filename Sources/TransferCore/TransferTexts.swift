import Flavors

/// The transfer app's own words: states and kinds, in the language in use.
extension Texts {
    /// `self` under the name every call site uses, so that `text("key"` is the one form a key
    /// is written in (`flavorkit lint` looks for it).
    private var text: Texts { self }

    /// A transfer state's name.
    package func state(_ state: Transfer.State) -> String {
        switch state {
        case .pending: return text("state.pending")
        case .inProgress: return text("state.inProgress")
        case .paused: return text("state.paused")
        case .completed: return text("state.completed")
        case .failed: return text("state.failed")
        case .cancelled: return text("state.cancelled")
        }
    }

    /// A transfer kind's name.
    package func kind(_ kind: Transfer.Kind) -> String {
        switch kind {
        case .download: return text("kind.download")
        case .upload: return text("kind.upload")
        }
    }
}
