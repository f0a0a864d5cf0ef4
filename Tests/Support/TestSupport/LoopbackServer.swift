import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and an ephemeral port, written on the platform's
/// sockets, for the tests and benchmarks of `run`: it serves files with or without `Range`,
/// can wait before answering, answer 500 or 404, drop the connection mid-body, misbehave as a
/// hostile server would (`Route.Quirk`), and counts the connections open at once and the
/// headers asked with. One thread per connection; every response closes its connection.
package final class LoopbackServer: @unchecked Sendable {
    /// What the server answers for one path.
    package struct Route: Sendable {
        /// The body: bytes in memory, or a file read in pieces (for bodies too big to hold).
        package enum Body: Sendable {
            case data(Data)
            case file(URL)
        }

        /// A failure answered to the first requests instead of the body.
        package enum Failure: Sendable, Equatable {
            /// An answer with this status and no body.
            case status(Int)
            /// The status line and headers of the whole body, then this many bytes, then the
            /// connection closes.
            case drop(afterBytes: Int)
        }

        /// How every answer departs from a well-behaved server's.
        package enum Quirk: Sendable, Equatable {
            /// `Content-Encoding: coding`, whatever the request accepts; the body as it is.
            case contentEncoding(String)
            /// A 206's `Content-Range` header is this value instead of the range sent.
            case contentRange(String)
            /// `extra` bytes (`X`) more than announced: a 206 names the range it should send in
            /// `Content-Range` and counts the extra bytes in `Content-Length`; a 200 is sent
            /// chunked with a `Content-Length` of the body alone.
            case longerThanAnnounced(extra: Int)
            /// The head at once, then the body one byte every `interval` seconds.
            case trickle(interval: Double)
        }

        package var body: Body
        /// Whether `Range: bytes=N-` and `bytes=N-M` are answered with 206 (416 past the end), else
        /// with the whole body, 200.
        package var supportsRange: Bool
        /// Seconds to wait before answering.
        package var delay: Double
        /// Whether answers wait until the test calls `release(_:)` (at most a minute): the test
        /// acts while a request is known to be under way, instead of guessing with a sleep.
        package var held: Bool
        /// How many of the first requests fail, and how.
        package var failures: Int
        package var failure: Failure
        /// Seconds to wait between pieces of 64 KiB of the body sent, or of a `PUT`'s body
        /// received (0: as fast as possible).
        package var pacing: Double
        /// How the answers misbehave; nil: they do not.
        package var quirk: Quirk?

        /// A route serving `body`.
        package init(
            _ body: Body, supportsRange: Bool = true, delay: Double = 0, failures: Int = 0,
            failure: Failure = .status(500), pacing: Double = 0, quirk: Quirk? = nil, held: Bool = false
        ) {
            self.held = held
            self.quirk = quirk
            self.pacing = pacing
            self.body = body
            self.supportsRange = supportsRange
            self.delay = delay
            self.failures = failures
            self.failure = failure
        }
    }

    /// The port the server listens on.
    package let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Route]
    private var open = 0
    private var peak = 0
    private var served: [String: Int] = [:]
    private var ranges: [(path: String, range: String?)] = []
    private var heads: [(path: String, lines: [String])] = []
    private var stopped = false
    private var uploads: [String: Data] = [:]
    private var receiving: [String: Int] = [:]
    /// Signalled when a request arrives and when `release` lets held routes' paths go.
    private let gate = NSCondition()
    private var released: Set<String> = []

    /// Starts listening; paths not in `routes` are answered 404.
    package init(routes: [String: Route]) throws {
        self.routes = routes
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let listener = socket(AF_INET, socketType, 0)
        guard listener >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT/path`.
    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The most connections that were open at once.
    package var peakConnections: Int { lock.withLock { peak } }

    /// The `Range` header of every request for `path`, in order (nil: none).
    package func rangesAsked(_ path: String) -> [String?] {
        lock.withLock { ranges.filter { $0.path == path }.map(\.range) }
    }

    /// The value of header `name` (any case) in every request for `path`, in order (nil: none).
    package func headerAsked(_ name: String, _ path: String) -> [String?] {
        let prefix = name.lowercased() + ":"
        return lock.withLock {
            heads.filter { $0.path == path }.map { head in
                head.lines.first { $0.lowercased().hasPrefix(prefix) }.map {
                    String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
                }
            }
        }
    }

    /// The body of the last complete `PUT` to `path`.
    package func uploaded(_ path: String) -> Data? { lock.withLock { uploads[path] } }

    /// How many bytes of the `PUT` to `path` under way (or last ended) have arrived.
    package func bytesReceived(_ path: String) -> Int { lock.withLock { receiving[path] ?? 0 } }

    /// Waits until a request for `path` has arrived (true), or `timeout` seconds have passed
    /// (false). It blocks its thread: call it from a test, not from a task the run needs.
    package func firstRequest(to path: String, timeout: Double = 60) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return gate.withLock {
            while lock.withLock({ served[path, default: 0] }) == 0 {
                guard gate.wait(until: deadline) else { return false }
            }
            return true
        }
    }

    /// Lets the held route `path` answer: the requests waiting now and every later one.
    package func release(_ path: String) {
        gate.withLock {
            released.insert(path)
            gate.broadcast()
        }
    }

    /// Stops accepting connections.
    package func stop() {
        let wasStopped = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            var noSignal: Int32 = 1
            #if canImport(Darwin)
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #else
            _ = noSignal
            #endif
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        lock.withLock {
            open += 1
            peak = max(peak, open)
        }
        defer {
            lock.withLock { open -= 1 }
            close(connection)
        }
        guard let (head, rest) = readHead(connection) else { return }
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return }
        let path = String(parts[1].drop { $0 == "/" })
        let range = lines.dropFirst().first { $0.lowercased().hasPrefix("range:") }.map {
            String($0.dropFirst("range:".count)).trimmingCharacters(in: .whitespaces)
        }
        let (route, attempt) = lock.withLock { () -> (Route?, Int) in
            ranges.append((path, range))
            heads.append((path, lines.dropFirst().map(String.init)))
            served[path, default: 0] += 1
            return (routes[path], served[path]!)
        }
        gate.withLock { gate.broadcast() }
        if parts[0] == "PUT" {
            let length =
                lines.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            let reading = { (count: Int) in self.lock.withLock { self.receiving[path] = count } }
            guard let body = readBody(connection, length: length, start: rest, pacing: route?.pacing ?? 0, reading)
            else { return }
            lock.withLock { uploads[path] = body }
            sendText(connection, "HTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        }
        guard let route else {
            sendText(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found")
            return
        }
        if route.delay > 0 { Thread.sleep(forTimeInterval: route.delay) }
        if route.held {
            let deadline = Date(timeIntervalSinceNow: 60)
            gate.withLock {
                while !released.contains(path), gate.wait(until: deadline) {}
            }
        }
        let size = route.size
        if attempt <= route.failures, case .status(let status) = route.failure {
            sendText(connection, "HTTP/1.1 \(status) Failure\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        }
        var (start, end) = (0, size)
        let asked = route.supportsRange ? range.flatMap(Self.byteRange) : nil
        if let asked {
            guard asked.first < size else {
                sendText(
                    connection,
                    "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */\(size)\r\nContent-Length: 0\r\n"
                        + "Connection: close\r\n\r\n")
                return
            }
            (start, end) = (asked.first, min(size, (asked.last ?? size) + 1))
        }
        let status = asked != nil ? "206 Partial Content" : "200 OK"
        var announced = end - start
        var header = "HTTP/1.1 \(status)\r\nConnection: close\r\n"
        if route.supportsRange { header += "Accept-Ranges: bytes\r\n" }
        var contentRange = asked != nil ? "bytes \(start)-\(end - 1)/\(size)" : nil
        var chunked = false
        switch route.quirk {
        case .contentEncoding(let coding)?: header += "Content-Encoding: \(coding)\r\n"
        case .contentRange(let value)? where asked != nil: contentRange = value
        case .longerThanAnnounced(let extra)?:
            if asked != nil { announced += extra } else { chunked = true }
        default: break
        }
        header += "Content-Length: \(announced)\r\n"
        if chunked { header += "Transfer-Encoding: chunked\r\n" }
        if let contentRange { header += "Content-Range: \(contentRange)\r\n" }
        guard sendText(connection, header + "\r\n") else { return }
        if attempt <= route.failures, case .drop(let after) = route.failure { end = min(end, start + after) }
        switch route.quirk {
        case .longerThanAnnounced(let extra)?:
            var body = Data()
            route.write(from: start, to: end) { chunk in
                body.append(chunk)
                return true
            }
            body.append(Data(repeating: UInt8(ascii: "X"), count: extra))
            guard chunked else {
                _ = sendAll(connection, body)
                return
            }
            _ =
                sendText(connection, String(body.count, radix: 16) + "\r\n") && sendAll(connection, body)
                && sendText(connection, "\r\n0\r\n\r\n")
        case .trickle(let interval)?:
            route.write(from: start, to: end) { chunk in
                chunk.indices.allSatisfy { index in
                    Thread.sleep(forTimeInterval: interval)
                    return sendAll(connection, chunk[index...index])
                }
            }
        default:
            route.write(from: start, to: end) { chunk in sendAll(connection, chunk) }
        }
    }

    /// `bytes=FIRST-` or `bytes=FIRST-LAST`; nil for anything else (answered with the whole body).
    private static func byteRange(_ value: String) -> (first: Int, last: Int?)? {
        guard value.hasPrefix("bytes=") else { return nil }
        let bounds = value.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int(bounds[0]) else { return nil }
        if bounds[1].isEmpty { return (first, nil) }
        guard let last = Int(bounds[1]), last >= first else { return nil }
        return (first, last)
    }

    /// Where each request for `path` asked its range to start (nil: no `Range`), in order.
    package func rangeStarts(_ path: String) -> [Int?] {
        rangesAsked(path).map { $0.flatMap(Self.byteRange)?.first }
    }

    /// The request's head, and the bytes of its body read with it.
    private func readHead(_ connection: Int32) -> (String, Data)? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var head = Data()
        let separator = Data("\r\n\r\n".utf8)
        while head.count < 65536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            head.append(buffer, count: count)
            if let end = head.range(of: separator) {
                return (String(decoding: head[..<end.lowerBound], as: UTF8.self), Data(head[end.upperBound...]))
            }
        }
        return nil
    }

    /// Reads a request body of `length` bytes (`start` came with the head), `pacing` seconds
    /// between pieces of 64 KiB, telling `reading` the bytes so far; nil when the client hangs up first.
    private func readBody(
        _ connection: Int32, length: Int, start: Data, pacing: Double, _ reading: (Int) -> Void
    ) -> Data? {
        var body = start
        var buffer = [UInt8](repeating: 0, count: 65536)
        reading(body.count)
        while body.count < length {
            if pacing > 0 { Thread.sleep(forTimeInterval: pacing) }
            let count = recv(connection, &buffer, min(buffer.count, length - body.count), 0)
            guard count > 0 else { return nil }
            body.append(buffer, count: count)
            reading(body.count)
        }
        return body
    }

    @discardableResult
    private func sendText(_ connection: Int32, _ text: String) -> Bool {
        sendAll(connection, Data(text.utf8))
    }

    private func sendAll(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
                #else
                let flags: Int32 = 0
                #endif
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, flags)
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}

extension LoopbackServer.Route {
    /// The body's size in bytes.
    var size: Int {
        switch body {
        case .data(let data): return data.count
        case .file(let url):
            return (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        }
    }

    /// Hands bytes `start..<end` of the body to `write` in pieces of 1 MiB at most (64 KiB,
    /// `pacing` apart, when paced); stops when `write` returns false.
    func write(from start: Int, to end: Int, _ send: (Data) -> Bool) {
        let piece = pacing > 0 ? 1 << 16 : 1 << 20
        func write(_ data: Data) -> Bool {
            if pacing > 0 { Thread.sleep(forTimeInterval: pacing) }
            return send(data)
        }
        switch body {
        case .data(let data):
            var offset = start
            while offset < end {
                let next = min(end, offset + piece)
                guard write(data.subdata(in: offset..<next)) else { return }
                offset = next
            }
        case .file(let url):
            guard let handle = try? FileHandle(forReadingFrom: url) else { return }
            defer { try? handle.close() }
            try? handle.seek(toOffset: UInt64(start))
            var offset = start
            while offset < end, let data = try? handle.read(upToCount: min(piece, end - offset)), !data.isEmpty {
                guard write(data) else { return }
                offset += data.count
            }
        }
    }
}
