import Foundation
import TransferAgentProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An upload: the file, by `PUT`, through a URLSession upload task that reads it from disk
/// (never whole in memory); any 2xx answer completes it. With a low-speed limit, an upload
/// slower than it fails.
final class Upload: HTTPTransfer, AgentTransfer, URLSessionDataDelegate, @unchecked Sendable {
    private let file: String
    private let url: String

    init(file: String, url: String, lowSpeed: LowSpeedLimit?, reporter: Reporter) {
        self.file = file
        self.url = url
        super.init(reporter: reporter, lowSpeed: lowSpeed)
    }

    func run() -> AgentReport {
        guard let url = URL(string: url) else { return .failed(reason: "not a URL: \(url)", retryable: false) }
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        return perform { $0.uploadTask(with: request, fromFile: URL(fileURLWithPath: file)) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        moved(Int(clamping: bytesSent))
        reporter.progress(totalBytesSent, max(totalBytesExpectedToSend, 0))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            refuse(status: http.statusCode, retryable: http.statusCode >= 500 || http.statusCode == 429)
        }
        completionHandler(.allow)
    }
}
