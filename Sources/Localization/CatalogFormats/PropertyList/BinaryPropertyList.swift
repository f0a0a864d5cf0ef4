#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PropertyList {
    /// A binary property list (`bplist00`, which Apple's tools accept wherever XML is), read by
    /// Foundation's `PropertyListDecoder` into the tree the XML reader makes: every offset 0
    /// (a binary file has no lines to point at), a dictionary's keys sorted (the format keeps
    /// no order). The error is Foundation's reason when the data is not a property list.
    static func binary(_ data: Data) -> Result<PropertyList, BinaryPropertyListError> {
        do {
            // The decoder also reads the other formats; what starts `bplist` must be binary.
            var format = PropertyListDecoder.PropertyListFormat.binary
            let list = try PropertyListDecoder().decode(Node.self, from: data, format: &format).list
            guard format == .binary else {
                return .failure(BinaryPropertyListError(reason: "not a binary property list"))
            }
            return .success(list)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
                .keyNotFound(_, let context):
                return .failure(BinaryPropertyListError(reason: context.debugDescription))
            @unknown default:
                return .failure(BinaryPropertyListError(reason: "\(error)"))
            }
        } catch {
            return .failure(BinaryPropertyListError(reason: "\(error)"))
        }
    }

    /// Any value, asked for as each kind in turn.
    private struct Node: Decodable {
        let list: PropertyList

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if let dictionary = try? decoder.container(keyedBy: Key.self) {
                let members = try dictionary.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                    Member(
                        key: key.stringValue, keyOffset: 0, value: try dictionary.decode(Node.self, forKey: key).list)
                }
                list = PropertyList(value: .dictionary(members), offset: 0)
            } else if var array = try? decoder.unkeyedContainer() {
                var elements: [PropertyList] = []
                while !array.isAtEnd { elements.append(try array.decode(Node.self).list) }
                list = PropertyList(value: .array(elements), offset: 0)
            } else {
                let single = try decoder.singleValueContainer()
                let value: Value
                if let text = try? single.decode(String.self) {
                    value = .string(text)
                } else if let flag = try? single.decode(Bool.self) {
                    value = .bool(flag)
                } else if let integer = try? single.decode(Int64.self) {
                    value = .integer(String(integer))
                } else if let integer = try? single.decode(UInt64.self) {
                    value = .integer(String(integer))
                } else if let date = try? single.decode(Date.self) {
                    value = .date("\(date)")
                } else if let real = try? single.decode(Double.self) {
                    value = .real(String(real))
                } else {
                    value = .data(try single.decode(Data.self).base64EncodedString())
                }
                list = PropertyList(value: value, offset: 0)
            }
        }
    }
}

/// Why Foundation refused a binary property list.
struct BinaryPropertyListError: Error {
    let reason: String
}
