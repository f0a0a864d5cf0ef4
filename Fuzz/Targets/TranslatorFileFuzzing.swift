import Diagnostics
import Foundation
import TranslatorFormats

/// Reads `data` as a PO file; each message's texts, written back with the PO writer's quoting
/// and read again, must come back as they were (the writer escapes all the format cannot hold).
public func fuzzPO(_ data: Data) {
    guard let file = try? POFile(data, path: "fuzz.po") else { return }
    for message in file.messages {
        _ = message.location.description
        let texts = [message.context ?? "", message.id] + message.strings.keys.sorted().map { message.strings[$0]! }
        for text in texts {
            let written = "msgctxt \(POWriter.quoted(text))\nmsgid \"\"\nmsgstr \(POWriter.quoted(text))\n"
            let again = try? POFile(Data(written.utf8), path: "again.po")
            precondition(
                again?.messages.first?.context == text && again?.messages.first?.strings[0] == text,
                "a PO text does not survive being written and read again")
        }
    }
}

/// Reads `data` as XLIFF (the package's own XML reader, as `flavorkit import` reads `.xliff`
/// and `.xcloc` files): any input is read or refused at a position, never a crash.
public func fuzzXLIFF(_ data: Data) {
    guard let file = try? XLIFFFile(data, path: "fuzz.xliff") else { return }
    for section in file.sections {
        _ = section.location.description
        for unit in section.units { _ = (unit.id, unit.source, unit.target, unit.note, unit.location.description) }
    }
}
