import Foundation
import Localization
import Testing

@Suite("Safe formatter")
struct FormatterTests {
    @Test(
        "specifiers format like printf",
        arguments: [
            ("%@ and %@", ["a", "b"], "a and b"),
            ("%2$@ before %1$@", ["a", "b"], "b before a"),
            ("%d|%i|%ld|%lld|%5d|%-5d|%05d", [7, 7, 7, 7, 7, 7, 7], "7|7|7|7|    7|7    |00007"),
            ("%u %lu %llu %x %X %o", [255, 255, 255, 255, 255, 8], "255 255 255 ff FF 10"),
            ("%.1f %f %e %g %.0f", [1.25, 2.5, 1000.0, 0.5, 2.5], "1.2 2.500000 1.000000e+03 0.5 2"),
            ("%c%s %% done", [65, "ok"], "Aok % done"),
            ("%1$@ %1$@", ["x"], "x x"),
            ("%5@|%-3@|", ["ab", "c"], "   ab|c  |"),
            ("%d%%", [50], "50%"),
            ("%p|%6p", [255, 16], "0xff|  0x10"),
            ("no specifiers", [], "no specifiers"),
        ] as [(String, [FormatArgument], String)])
    func formats(format: String, arguments: [FormatArgument], expected: String) throws {
        #expect(try SafeFormatter.format(format, arguments) == expected)
    }

    @Test(
        "bare %d, %i, %u write what the C library writes (they skip it)",
        arguments: [0, 1, -1, 42, -9_876_543_210, 1_234_567, Int.max, Int.min])
    func bareIntegers(number: Int) throws {
        for format in ["%d", "%i", "%D", "%'d", "%1$d"] {
            #expect(try SafeFormatter.format(format, [.int(number)]) == String(format: "%ld", number))
        }
        if number >= 0 {
            for format in ["%u", "%U", "%'u"] {
                #expect(try SafeFormatter.format(format, [.int(number)]) == String(format: "%lu", UInt(number)))
            }
        } else {
            #expect(throws: FormatError.self) { try SafeFormatter.format("%u", [.int(number)]) }
        }
    }

    @Test(
        "wrong arguments are errors, never crashes or garbage",
        arguments: [
            ("%@", []),
            ("%d", ["text"]),
            ("%s", [1]),
            ("%f", ["x"]),
            ("%u", [-1]),
            ("%d", [1.5]),
            ("%c", ["two"]),
        ] as [(String, [FormatArgument])])
    func mismatches(format: String, arguments: [FormatArgument]) {
        #expect(throws: FormatError.self) { try SafeFormatter.format(format, arguments) }
    }

    @Test("malformed formats are rejected", arguments: ["100%", "%", "%k", "%1$@ %@", "%1$@ %1$d", "%0$@"])
    func invalid(format: String) {
        #expect(throws: FormatError.self) { try FormatString(format) }
    }

    @Test("signatures compare count, types and positions")
    func signatures() throws {
        #expect(try FormatString("%1$@ %2$d").signature == [.object, .signed])
        #expect(try FormatString("%2$d %1$@").signature == [.object, .signed])
        #expect(try FormatString("%@ %d").signature == [.object, .signed])
        #expect(try FormatString("%d %@").signature != FormatString("%@ %d").signature)
        #expect(try FormatString("%ld %lu %.2f %c").signature == [.signed, .unsigned, .floating, .character])
        #expect(try FormatString("%2$@ files").signature == [nil, .object])
        #expect(try FormatString("%1$d %2$@").accepts(FormatString("%2$@ only")))
        #expect(try !FormatString("%1$d %2$@").accepts(FormatString("%1$@ %2$@")))
    }
}
