import Foundation
import Testing

/// The privacy manifest each Apple adapter ships (`PrivacyInfo.xcprivacy`, a resource of the
/// adapter targets) says what BCKit does: no tracking, no tracking domains, no collected data and
/// no API that needs a reason.
@Suite struct PrivacyManifestTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let adapters = ["BCKitUIKit", "BCKitAppKit", "BCKitSwiftUI"]

    static func manifest(of target: String) throws -> [String: Any] {
        let data = try Data(contentsOf: root.appending(path: "Sources/\(target)/PrivacyInfo.xcprivacy"))
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        return try #require(plist as? [String: Any], "the manifest's root must be a dictionary")
    }

    @Test(arguments: adapters)
    func theManifestDeclaresNoTrackingNoCollectedDataAndNoRequiredReasonAPI(target: String) throws {
        let manifest = try Self.manifest(of: target)

        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyAccessedAPITypes"] as? [Any])?.isEmpty == true)
        #expect(manifest.count == 4, "only the four declarations: \(manifest.keys.sorted())")
    }

    @Test func everyAdapterShipsTheSameManifestAsAResource() throws {
        let manifests = try Self.adapters.map {
            try Data(contentsOf: Self.root.appending(path: "Sources/\($0)/PrivacyInfo.xcprivacy"))
        }
        #expect(Set(manifests).count == 1)

        let package = try String(contentsOf: Self.root.appending(path: "Package.swift"), encoding: .utf8)
        for adapter in Self.adapters {
            #expect(
                package.contains(
                    #".target(name: "\#(adapter)", dependencies: ["BCKit"], resources: [.copy("PrivacyInfo.xcprivacy")])"#
                ),
                "\(adapter) must ship PrivacyInfo.xcprivacy as a resource")
        }
        #expect(!package.contains(#".target(name: "BCKit", resources"#), "the core imports nothing, so has no resource")
    }
}
