/// One video being downloaded or uploaded.
package struct Transfer: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case download, upload
    }

    package enum State: String, Sendable, Hashable, CaseIterable {
        case pending, inProgress, paused, completed, failed, cancelled
    }

    package var id: String
    package var title: String
    package var kind: Kind
    package var state: State
    package var bytesDone: Int64
    package var bytesTotal: Int64
    /// Where the bytes come from (a download) or go to (an upload); nil for a transfer that
    /// only shows a state (the sample queue's).
    package var url: String?
    /// The file an upload sends.
    package var file: String?
    /// Why the transfer failed last, as shown to the user (an HTTP status, a dropped connection).
    package var reason: String?

    package init(
        id: String, title: String, kind: Kind, state: State, bytesDone: Int64, bytesTotal: Int64,
        url: String? = nil, file: String? = nil, reason: String? = nil
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.state = state
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.url = url
        self.file = file
        self.reason = reason
    }

    /// Done as a fraction from 0 to 1 (0 when the size is unknown).
    package var fraction: Double {
        bytesTotal > 0 ? Double(bytesDone) / Double(bytesTotal) : 0
    }
}
