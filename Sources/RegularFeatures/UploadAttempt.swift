import Flavors
import Foundation
import TransferCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One attempt at sending an upload: the file, by `PUT`, through a URLSession upload task
/// that reads it from disk (never whole in memory); any 2xx answer completes it.
final class UploadAttempt: HTTPAttempt, TransferAttempt, URLSessionDataDelegate, @unchecked Sendable {
    private let file: URL
    private let url: URL

    init(file: URL, url: URL, texts: Texts, progress: @escaping TransferProgress) {
        self.file = file
        self.url = url
        super.init(texts: texts, progress: progress)
    }

    func perform() -> TransferOutcome {
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        return run { $0.uploadTask(with: request, fromFile: file) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        progress(totalBytesSent, max(totalBytesExpectedToSend, 0))
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
