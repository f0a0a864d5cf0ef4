import Diagnostics
import FileFormats
import Foundation
import Localization

/// Reads `data` as a JSON document with both of the package's JSON builders on the one
/// reader: plain values (`JSONValues`, for small files) and `JSONValue` (the catalogs' and the
/// merge's). Each refuses at a position or reads; they agree on which.
public func fuzzJSON(_ data: Data) {
    let plain = Result { () throws(Diagnostic) in try JSONValues.value(of: data, path: "f.json") }
    let document = Result { () throws(Diagnostic) in try JSONValue(document: data, path: "f.json") }
    switch (plain, document) {
    case (.success, .success): break
    case (.failure(let a), .failure(let b)):
        precondition(a.line != nil && b.line != nil, "a JSON error without a position")
    default: preconditionFailure("the JSON builders disagree on whether the document is JSON")
    }
}

/// Walks `data` as an XML document with the package's one XML reader: the prolog, the root
/// element's attributes, then every element below it skipped as a whole, or read as text when
/// it holds no element. A failure is at an offset inside the document.
public func fuzzXML(_ data: Data) {
    data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        _ = try? TextDecoding.withUTF8(bytes, path: "f.xml") { text throws(Diagnostic) in
            for readsText in [false, true] {
                var scanner = XMLScanner(text)
                do throws(XMLScanner.Failure) {
                    try scanner.skipMisc()
                    guard scanner.isStartTag() else { continue }
                    let tag = try scanner.openTag()
                    _ = try scanner.attributes(of: tag)
                    if readsText { _ = try scanner.content(of: tag) } else { try scanner.skipElement(tag) }
                    try scanner.skipMisc()
                } catch {
                    precondition((0...text.count).contains(error.offset), "an XML error outside the document")
                }
            }
        }
    }
}
