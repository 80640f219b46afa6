// Differential libFuzzer entry for the router's two URL parsers; built by .ci/fuzz.sh with the
// Routing sources and the RFC 3986 reference in URLDecodingReference.swift, which the BCKitModules
// tests compile too (through a symbolic link in Tests/BCKitModulesTests).
//
// Invariants, on the same bytes: when the byte scanner takes the text, Foundation's parser gives
// the same parts or the same error; wherever the reference models the text's shape, the scanner
// takes it and both parsers agree with the reference.

/// The reference's reading of what a parser gave; `nil` from the scanner means "not my shape".
func referenceReading(_ result: Result<RouteURL?, RouteError>, of text: String) -> URLDecodingReference {
    switch result {
    case .success(nil): .outOfScope
    case .success(let url?):
        .parts(
            scheme: url.scheme, host: url.host, segments: url.segments,
            query: url.query.map { URLDecodingReference.Item(name: $0.name, value: $0.value) })
    case .failure(let error) where error == .invalidPercentEscape(text): .invalidEscape
    case .failure: .outOfScope
    }
}

/// Parses one fuzzer input both ways and checks them against each other and the reference.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let scanned = Result { () throws(RouteError) in try RouteURL(scanning: text) }
    let parsed = Result { () throws(RouteError) -> RouteURL? in try RouteURL(foundationParsing: text) }
    if case .success(nil) = scanned {
        // Foundation's shape only; the reference must not claim it.
    } else if scanned != parsed {
        fatalError("the parsers disagree on \(text.debugDescription): scanner \(scanned), Foundation \(parsed)")
    }
    let expected = URLDecodingReference(text)
    guard expected != .outOfScope else { return 0 }
    let fromScanner = referenceReading(scanned, of: text)
    guard fromScanner == expected else {
        fatalError("the scanner reads \(text.debugDescription) as \(fromScanner), the reference as \(expected)")
    }
    let fromFoundation = referenceReading(parsed, of: text)
    guard fromFoundation == expected else {
        fatalError(
            "Foundation's parser reads \(text.debugDescription) as \(fromFoundation), the reference as \(expected)")
    }
    return 0
}
