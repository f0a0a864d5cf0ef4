import Foundation
import FuzzTargets

// The libFuzzer entry, added by Fuzz/build.sh to each binary together with a generated
// `let fuzzedTarget: FuzzTarget = .<name>` (not part of the SwiftPM package).
@_cdecl("LLVMFuzzerTestOneInput")
public func libFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
    fuzzedTarget.run(data)
    return 0
}
