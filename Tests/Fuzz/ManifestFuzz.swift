// libFuzzer entry for the modules.json decoder; built by .ci/fuzz.sh with the Routing and
// Manifest sources.
//
// Invariants: decoding never crashes; a refusal is a ManifestError whose message names a module
// and, unless the JSON itself is broken, a field; an accepted manifest has unique module ids and routes that parse.

import Foundation

/// Decodes one fuzzer input as a manifest and checks the decoder's invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Data(bytes: data, count: size)
    do {
        let manifest = try ModuleManifest(json: json)
        let ids = manifest.modules.map(\.id)
        guard Set(ids).count == ids.count else { fatalError("accepted duplicate module ids \(ids)") }
        for module in manifest.modules {
            for route in module.routes where (try? RoutePattern(route.pattern)) == nil {
                fatalError("accepted module \(module.id) with a route that does not parse")
            }
        }
    } catch {
        // Only broken JSON, which has no field yet, may leave the field empty.
        let fieldNamed = !error.field.isEmpty || error.module == "(manifest)"
        guard !error.description.isEmpty, !error.module.isEmpty, fieldNamed else {
            fatalError("a manifest error without a message, module or field: \(error)")
        }
    }
    return 0
}
