#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PropertyList {
    /// How deeply a binary property list's arrays and dictionaries may nest (as the XML reader's).
    static let maximumBinaryNesting = PropertyListReader.maximumNesting

    /// A binary property list (`bplist00`, which Apple's tools accept wherever XML is), read by
    /// our own reader into the tree the XML reader makes: every offset 0 (a binary file has no
    /// lines to point at), a dictionary's members in the file's order. Every offset and count
    /// is checked against the data; nesting deeper than `maximumBinaryNesting`, or an object
    /// that holds itself (a cycle: the format refers to objects by number, so a 100-byte file
    /// can describe an endless tree), is an error, never a crash.
    /// With `eachMember`, a top-level dictionary's members go to it one by one as they are
    /// read, and the dictionary returned is empty (as the XML reader's streaming read).
    package static func binary(
        _ data: Data, eachMember: ((PropertyList.Member) -> Void)? = nil
    ) -> Result<PropertyList, BinaryPropertyListError> {
        data.withUnsafeBytes { raw in
            var reader = BinaryPropertyListReader(bytes: raw.bindMemory(to: UInt8.self), eachMember: eachMember)
            do throws(BinaryPropertyListError) {
                return .success(try reader.document())
            } catch {
                return .failure(error)
            }
        }
    }
}

/// Why a binary property list cannot be read.
package struct BinaryPropertyListError: Error {
    package let reason: String
}

/// The `bplist00` format: a header, the objects, a table of their offsets and a 32-byte
/// trailer saying how big offsets and object numbers are, how many objects there are, which
/// is the top one and where the table starts.
private struct BinaryPropertyListReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Takes the top-level dictionary's members one by one, when given.
    let eachMember: ((PropertyList.Member) -> Void)?
    var offsetSize = 0
    var referenceSize = 0
    var objectCount = 0
    var tableOffset = 0
    /// The objects on the path from the top one to the one being read.
    var path: [Int] = []

    func fail(_ reason: String) -> BinaryPropertyListError { BinaryPropertyListError(reason: reason) }

    mutating func document() throws(BinaryPropertyListError) -> PropertyList {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw fail("not a binary property list (bplist00)")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw fail("the trailer's integer sizes are not 1 to 8 bytes")
        }
        let count = try unsigned(at: trailer + 8, size: 8)
        let top = try unsigned(at: trailer + 16, size: 8)
        let table = try unsigned(at: trailer + 24, size: 8)
        guard count > 0, count <= UInt64(bytes.count), top < count, table >= 8, table < UInt64(trailer),
            UInt64(trailer) - table >= count * UInt64(offsetSize)
        else {
            throw fail("the trailer's object count, top object or offset table is out of the file")
        }
        objectCount = Int(count)
        tableOffset = Int(table)
        return try object(Int(top))
    }

    /// A big-endian unsigned integer of `size` bytes.
    func unsigned(at offset: Int, size: Int) throws(BinaryPropertyListError) -> UInt64 {
        guard offset >= 0, size <= 8, offset <= bytes.count - size else { throw fail("a number runs past the end") }
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    mutating func object(_ number: Int) throws(BinaryPropertyListError) -> PropertyList {
        guard number >= 0, number < objectCount else {
            throw fail("a reference to object \(number), which is not there")
        }
        guard !path.contains(number) else { throw fail("object \(number) holds itself (a cycle)") }
        guard path.count < PropertyList.maximumBinaryNesting else {
            throw fail("arrays and dictionaries nest too deeply")
        }
        path.append(number)
        defer { path.removeLast() }
        // Offsets and references are compared as read, before they become an `Int`: eight
        // bytes can hold more than `Int.max`.
        let offset = try unsigned(at: tableOffset + number * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(tableOffset) else { throw fail("object \(number) is out of the file") }
        let start = Int(offset)
        let marker = bytes[start]
        let kind = marker >> 4, low = Int(marker & 0x0F)
        func value(_ value: PropertyList.Value) -> PropertyList { PropertyList(value: value, offset: 0) }
        switch kind {
        case 0x0:
            switch marker {
            case 0x08: return value(.bool(false))
            case 0x09: return value(.bool(true))
            default:
                throw fail("object \(number) is of a kind property lists do not hold (0x\(String(marker, radix: 16)))")
            }
        case 0x1:
            guard low <= 3 else { throw fail("an integer of 2^\(low) bytes") }
            let raw = try unsigned(at: start + 1, size: 1 << low)
            // Eight bytes are signed; sixteen (low 4) are not read above.
            return value(.integer(low == 3 ? String(Int64(bitPattern: raw)) : String(raw)))
        case 0x2:
            switch low {
            case 2: return value(.real(String(Float(bitPattern: UInt32(try unsigned(at: start + 1, size: 4))))))
            case 3: return value(.real(String(Double(bitPattern: try unsigned(at: start + 1, size: 8)))))
            default: throw fail("a real number of 2^\(low) bytes")
            }
        case 0x3:
            guard marker == 0x33 else { throw fail("a date of an unknown size") }
            let seconds = Double(bitPattern: try unsigned(at: start + 1, size: 8))
            guard let date = Self.iso8601(secondsSince2001: seconds) else {
                throw fail("a date outside the years 1 to 9999")
            }
            return value(.date(date))
        case 0x4, 0x5, 0x6:
            let (length, contents) = try lengthAndStart(low, at: start)
            let size = kind == 0x6 ? 2 : 1
            guard length <= (bytes.count - contents) / size else { throw fail("object \(number) runs past the end") }
            let slice = UnsafeBufferPointer(rebasing: bytes[contents..<contents + length * size])
            switch kind {
            case 0x4: return value(.data(Data(slice).base64EncodedString()))
            case 0x5:
                guard slice.allSatisfy({ $0 < 0x80 }) else { throw fail("an ASCII string holds a byte above 0x7F") }
                return value(.string(String(decoding: slice, as: UTF8.self)))
            default:
                var units: [UInt16] = []
                units.reserveCapacity(length)
                for index in 0..<length { units.append(UInt16(slice[2 * index]) << 8 | UInt16(slice[2 * index + 1])) }
                guard let text = String(validating: units, as: UTF16.self) else {
                    throw fail("a UTF-16 string holds half of a surrogate pair")
                }
                return value(.string(text))
            }
        case 0xA, 0xD:
            let (count, contents) = try lengthAndStart(low, at: start)
            let references = kind == 0xD ? 2 * count : count
            guard references <= (bytes.count - contents) / referenceSize else {
                throw fail("object \(number) runs past the end")
            }
            func reference(_ index: Int) throws(BinaryPropertyListError) -> Int {
                let reference = try unsigned(at: contents + index * referenceSize, size: referenceSize)
                guard reference < UInt64(objectCount) else {
                    throw fail("a reference to object \(reference), which is not there")
                }
                return Int(reference)
            }
            if kind == 0xA {
                var elements: [PropertyList] = []
                for index in 0..<count { elements.append(try object(try reference(index))) }
                return value(.array(elements))
            }
            var members: [PropertyList.Member] = []
            for index in 0..<count {
                guard let key = try object(try reference(index)).string else {
                    throw fail("a dictionary key is not a string")
                }
                let member = PropertyList.Member(
                    key: key, keyOffset: 0, value: try object(try reference(count + index)))
                if path.count == 1, let eachMember { eachMember(member) } else { members.append(member) }
            }
            return value(.dictionary(members))
        default:
            throw fail("object \(number) is of a kind property lists do not hold (0x\(String(marker, radix: 16)))")
        }
    }

    /// A binary date (seconds since 2001-01-01 UTC, fractions dropped) as the XML reader gives
    /// one, ISO 8601 (`2020-01-01T00:00:00Z`); nil outside the years 1 to 9999 (or not a number),
    /// which no date in a property list holds and no calendar arithmetic should meet.
    static func iso8601(secondsSince2001 seconds: Double) -> String? {
        // 0001-01-01 and 9999-12-31T23:59:59, from 2001-01-01.
        guard seconds.isFinite, (-63_113_904_000...252_423_993_599).contains(seconds) else { return nil }
        let whole = Int(seconds.rounded(.down))
        let sinceEpoch = whole + 978_307_200
        var (days, time) = sinceEpoch.quotientAndRemainder(dividingBy: 86_400)
        if time < 0 { (days, time) = (days - 1, time + 86_400) }
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// A length held in a marker's low nibble, or after it as an integer object when the
    /// nibble is 0xF; and where the contents start.
    func lengthAndStart(_ low: Int, at start: Int) throws(BinaryPropertyListError) -> (Int, Int) {
        guard low == 0xF else { return (low, start + 1) }
        guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else {
            throw fail("a length that is not an integer")
        }
        let size = 1 << Int(bytes[start + 1] & 0x0F)
        guard size <= 8 else { throw fail("a length of more than 8 bytes") }
        let length = try unsigned(at: start + 2, size: size)
        guard length <= UInt64(bytes.count) else { throw fail("a length past the end of the file") }
        return (Int(length), start + 2 + size)
    }
}
