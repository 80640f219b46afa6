// libFuzzer entry for the console host's command parser; built by .ci/fuzz.sh with
// `swiftc -sanitize=fuzzer,address` together with the parser's sources.
//
// Invariants: parsing never crashes, is deterministic, and ignores surrounding whitespace.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard !line.contains(where: \.isNewline) else { return 0 }
    let first = Result { () throws(CommandError) in try Command.parse(line) }
    let again = Result { () throws(CommandError) in try Command.parse(line) }
    // Tabs, not spaces: a space followed by a combining mark would merge into one Character.
    let padded = Result { () throws(CommandError) in try Command.parse("\t\(line)\t") }
    guard first == again else { fatalError("parse is not deterministic for \(line.debugDescription)") }
    guard first == padded else { fatalError("surrounding whitespace changed the parse of \(line.debugDescription)") }
    return 0
}
