import Diagnostics
import Foundation
import Testing

@testable import FileFormats

/// A `bplist00` file put together byte by byte: the objects in order, the offset table and the
/// trailer, with the integer sizes chosen by the test.
private struct BinaryPlist {
    var objects: [[UInt8]]
    var offsetSize: UInt8 = 1
    var referenceSize: UInt8 = 1
    var top: UInt64 = 0
    /// Replaces the offset table's entries (the real offsets when nil).
    var offsets: [UInt64]?
    var count: UInt64?

    var bytes: [UInt8] {
        var bytes = Array("bplist00".utf8)
        var real: [UInt64] = []
        for object in objects {
            real.append(UInt64(bytes.count))
            bytes += object
        }
        let table = UInt64(bytes.count)
        for offset in offsets ?? real { bytes += Self.bigEndian(offset, size: Int(offsetSize)) }
        bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        bytes += Self.bigEndian(count ?? UInt64(objects.count), size: 8)
        bytes += Self.bigEndian(top, size: 8) + Self.bigEndian(table, size: 8)
        return bytes
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }

    func read() -> Result<PropertyList, BinaryPropertyListError> { PropertyList.binary(Data(bytes)) }
}

@Suite("The binary property list reader")
struct BinaryPropertyListTests {
    @Test("a dictionary of strings, integers, reals, booleans, data and an array reads whole")
    func reads() throws {
        // 0: dict {1: 2, 3: 4, 5: 6}; 1 "a"; 2 "é" (UTF-16); 3 "n"; 4 -3 (8 bytes); 5 "l"; 6 [true, 1.5, <00 01>]
        let plist = BinaryPlist(objects: [
            [0xD3, 1, 3, 5, 2, 4, 6],
            [0x51, UInt8(ascii: "a")], [0x61, 0x00, 0xE9], [0x51, UInt8(ascii: "n")],
            [0x13] + BinaryPlist.bigEndian(UInt64(bitPattern: -3), size: 8),
            [0x51, UInt8(ascii: "l")], [0xA3, 7, 8, 9], [0x09],
            [0x23] + BinaryPlist.bigEndian(1.5.bitPattern, size: 8), [0x42, 0, 1],
        ])
        let root = try plist.read().get()
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["a", "n", "l"])
        #expect(members[0].value.string == "é")
        guard case .integer("-3") = members[1].value.value else {
            Issue.record("not -3: \(members[1].value.value)")
            return
        }
        guard case .array(let elements) = members[2].value.value, elements.count == 3,
            case .bool(true) = elements[0].value, case .real("1.5") = elements[1].value,
            case .data("AAE=") = elements[2].value
        else {
            Issue.record("not [true, 1.5, <0001>]: \(members[2].value.value)")
            return
        }
    }

    /// 47 and 58 bytes that once trapped (`Int(UInt64)` of a reference or offset above
    /// `Int.max`) and killed `flavorkit lint` with SIGILL.
    @Test(
        "references and offsets above Int.max, cycles and malformed objects are errors, not traps",
        arguments: [
            (
                BinaryPlist(
                    objects: [
                        [0xD1] + BinaryPlist.bigEndian(0xFFFF_FFFF_FFFF_FFE8, size: 8) + Array(repeating: 0, count: 8)
                    ],
                    referenceSize: 8),
                "a reference to object 18446744073709551592, which is not there"
            ),
            (
                BinaryPlist(
                    objects: [[0xA1] + BinaryPlist.bigEndian(0x8000_0000_0000_0000, size: 8)], referenceSize: 8),
                "a reference to object 9223372036854775808, which is not there"
            ),
            (
                BinaryPlist(objects: [[0x09]], offsetSize: 8, offsets: [0xFFFF_FFFF_FFFF_FFF0]),
                "object 0 is out of the file"
            ),
            (BinaryPlist(objects: [[0xA1, 0]]), "object 0 holds itself (a cycle)"),
            (BinaryPlist(objects: [[0xA2, 1, 2], [0x09]]), "a reference to object 2, which is not there"),
            (BinaryPlist(objects: [[0x5F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), "a length past"),
            (BinaryPlist(objects: [[0x09]], count: 0xFFFF_FFFF_FFFF_FFFF), "the trailer's object count"),
            (BinaryPlist(objects: [[0x09]], top: 0xFFFF_FFFF_FFFF_FFFF), "the trailer's object count"),
            (BinaryPlist(objects: [[0x09]], offsetSize: 9), "the trailer's integer sizes"),
            (BinaryPlist(objects: [[0x55, 0x41, 0xFF, 0x41, 0x41, 0x41]]), "an ASCII string holds a byte above 0x7F"),
            (BinaryPlist(objects: [[0x61, 0xD8, 0x00]]), "a UTF-16 string holds half of a surrogate pair"),
            (BinaryPlist(objects: [[0x14] + Array(repeating: 0, count: 16)]), "an integer of 2^4 bytes"),
            (BinaryPlist(objects: [[0x70]]), "of a kind property lists do not hold (0x70)"),
        ])
    fileprivate func refused(plist: BinaryPlist, reason: String) {
        switch plist.read() {
        case .success(let root): Issue.record("read as \(root.value)")
        case .failure(let error): #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    /// The 47 bytes the fuzzer found: a dictionary whose eight-byte references run over the
    /// offset table and the trailer's unused bytes, the first above `Int.max`.
    static let fortySevenBytes: [UInt8] =
        Array("bplist00".utf8) + [0xD1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + [0x08]
        + [0xFF, 0xE8, 0, 0, 0, 0, 1, 8] + BinaryPlist.bigEndian(1, size: 8) + BinaryPlist.bigEndian(0, size: 8)
        + BinaryPlist.bigEndian(14, size: 8)

    @Test("the 47-byte reproducer the fuzzer found is an error through every caller")
    func fortySevenBytes() throws {
        #expect(Self.fortySevenBytes.count == 47)
        switch PropertyList.binary(Data(Self.fortySevenBytes)) {
        case .success(let root): Issue.record("read as \(root.value)")
        case .failure(let error): #expect(error.reason.hasPrefix("a reference to object 1844674407"))
        }
        #expect {
            try PropertyListValues.value(of: Data(Self.fortySevenBytes), path: "x.plist")
        } throws: { error in
            (error as? Diagnostic)?.description.hasPrefix("x.plist:1:1: error: not a valid property list") == true
        }
    }

    @Test(
        "a date reads as ISO 8601, as in XML; one outside the years 1 to 9999, or not a number, is an error",
        arguments: [
            (0.0, "2001-01-01T00:00:00Z"), (599_529_600.5, "2020-01-01T00:00:00Z"),
            (-978_307_200, "1970-01-01T00:00:00Z"),
            (-978_307_201, "1969-12-31T23:59:59Z"), (-63_113_904_000, "0001-01-01T00:00:00Z"),
            (252_423_993_599, "9999-12-31T23:59:59Z"), (951_782_400, "2031-03-01T00:00:00Z"),
            (.nan, nil), (.infinity, nil), (1e300, nil), (252_423_993_600, nil), (-63_113_904_001, nil),
        ])
    func dates(seconds: Double, written: String?) throws {
        let plist = BinaryPlist(objects: [[0x33] + BinaryPlist.bigEndian(seconds.bitPattern, size: 8)])
        switch plist.read() {
        case .success(let root):
            guard case .date(let date) = root.value else {
                Issue.record("not a date: \(root.value)")
                return
            }
            #expect(date == written)
        case .failure(let error):
            #expect(written == nil && error.reason == "a date outside the years 1 to 9999")
        }
    }

    @Test("nesting deeper than the limit is an error")
    func deepNesting() {
        let depth = PropertyList.maximumBinaryNesting + 2
        // Object i is an array holding object i + 1; the last is `true`.
        var objects = (0..<depth).map { [0xA1] + BinaryPlist.bigEndian(UInt64($0 + 1), size: 2) }
        objects.append([0x09])
        let plist = BinaryPlist(objects: objects, offsetSize: 4, referenceSize: 2)
        switch plist.read() {
        case .success: Issue.record("read \(depth) levels")
        case .failure(let error): #expect(error.reason == "arrays and dictionaries nest too deeply")
        }
    }
}
