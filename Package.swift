// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "BCKit",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "BCKit", targets: ["BCKit"]),
        .library(name: "BCKitTesting", targets: ["BCKitTesting"]),
        .library(name: "BCKitModules", targets: ["BCKitModules"]),
        .library(name: "BCKitUIKit", targets: ["BCKitUIKit"]),
        .library(name: "BCKitAppKit", targets: ["BCKitAppKit"]),
        .library(name: "BCKitSwiftUI", targets: ["BCKitSwiftUI"]),
        .library(name: "BCKitInspector", targets: ["BCKitInspector"]),
        // The relay plugin: a conversation is declared as its protocol alone.
        .plugin(name: "BCKitRelayPlugin", targets: ["BCKitRelayPlugin"]),
        // No product for the example host: `swift run ConsoleHost` runs the root package's
        // executable target without one, and a product would be offered to every dependent.
    ],
    targets: [
        // Library: the in-screen kit.
        .target(name: "BCKit"),
        // Library: the cross-screen layer (routes, guards, services, modules), built on BCKit.
        .target(name: "BCKitModules", dependencies: ["BCKit"]),
        // Libraries: thin adapters from Apple's UI frameworks to BCKit's HostRelay. Each compiles to
        // nothing where its framework is missing; Tests/AppleShims compiles them against stand-ins.
        // Each ships the privacy manifest (no tracking, no collected data, no required-reason API),
        // so an app's privacy report lists BCKit. It lives here and not in BCKit because a resource
        // makes SwiftPM generate `Bundle.module`, which imports Foundation, and the core imports
        // nothing; the adapters import Apple's frameworks anyway.
        .target(name: "BCKitUIKit", dependencies: ["BCKit"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "BCKitAppKit", dependencies: ["BCKit"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "BCKitSwiftUI", dependencies: ["BCKit"], resources: [.copy("PrivacyInfo.xcprivacy")]),

        // The relay plugin: writes each conversation's relaying defaults and the center's conformance.
        // All its logic is in the tool, a dependency-free executable that the tests cover; the plugin
        // only names files. Plugins live under Sources/ like every other target.
        .executableTarget(name: "BCKitRelayGenerator"),
        .plugin(
            name: "BCKitRelayPlugin",
            capability: .buildTool(),
            dependencies: ["BCKitRelayGenerator"],
            path: "Sources/BCKitRelayPlugin"
        ),

        // Testing support: a harness that tests one business controller alone. It depends on the
        // toolchain's own Swift Testing, never on a package.
        .target(name: "BCKitTesting", dependencies: ["BCKit"]),

        // Examples: the console shop. Its logic is a library so tests drive it without a process.
        .target(
            name: "ConsoleShop",
            dependencies: ["BCKit", "BCKitModules"],
            path: "Examples/ConsoleShop",
            resources: [.copy("modules.json")],
            plugins: [.plugin(name: "BCKitRelayPlugin")]
        ),
        .executableTarget(
            name: "ConsoleHost",
            dependencies: ["ConsoleShop", "BCKitInspector"],
            path: "Examples/ConsoleHost"
        ),

        // Tests.
        // The relay plugin writes the conversations the README and the articles declare as their
        // protocol alone; the other conversations of these tests are hand-written, as they may be.
        .testTarget(name: "BCKitTests", dependencies: ["BCKit"], plugins: [.plugin(name: "BCKitRelayPlugin")]),
        .testTarget(name: "BCKitModulesTests", dependencies: ["BCKitModules", "BCKit"]),
        // Conversation snapshots (`__Snapshots__`) are committed text the tests read, not sources.
        .testTarget(
            name: "ConsoleShopTests",
            dependencies: ["ConsoleShop", "BCKit", "BCKitModules", "BCKitTesting"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "BCKitTestingTests", dependencies: ["BCKitTesting", "BCKit"], exclude: ["__Snapshots__"]),
        // Each console-shop business controller tested alone with BCKitTesting.
        .testTarget(name: "ConsoleShopControllerTests", dependencies: ["ConsoleShop", "BCKitTesting", "BCKit"]),
        // The code blocks of the libraries' doc comments, each compiled (and where cheap, checked) in
        // a test of its own: one module, so a block's names clash with no other test's.
        .testTarget(
            name: "DocCommentExampleTests",
            dependencies: ["BCKit", "BCKitModules", "BCKitTesting", "BCKitInspector"],
            exclude: ["BCKitTesting/__Snapshots__"]
        ),

        // The relay generator's tests compile its sources through the links in Tool/ (all but its
        // entry point) rather than depending on the executable: with the plugin on BCKitTests,
        // SwiftPM links the plugin's copy of the tool into the test product too, and a second copy
        // of the same module would clash at link time.
        .testTarget(name: "BCKitRelayGeneratorTests"),

        // BCKit Inspector: a recording tracer writing JSON Lines and the self-contained HTML page
        // made from a recording. It uses Foundation, which BCKit itself never imports.
        .target(name: "BCKitInspector", dependencies: ["BCKit"]),
        .testTarget(
            name: "BCKitInspectorTests",
            dependencies: ["BCKitInspector", "BCKit", "ConsoleShop"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Plugin targets take no settings; the plugin is written as if these were on.
for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        // Every existential is spelled `any P`, so the cost of dynamic dispatch is visible.
        .enableUpcomingFeature("ExistentialAny"),
        // An import is visible only in the file that writes it, so each file lists what it uses.
        .enableUpcomingFeature("MemberImportVisibility"),
        // Imports are internal unless marked, so no dependency leaks into the public API.
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}

// CI's sanitizer gates name the test targets they run in BCKIT_SANITIZED_TESTS (separated by
// spaces): the package then holds the libraries and those tests alone, without the example shop.
// The tests left out (the shop's, the doc-comment twins', the relay tool's) ran in the plain build;
// instrumenting them too would cost CI minutes for code the named tests already drive.
if let kept = Context.environment["BCKIT_SANITIZED_TESTS"] {
    let tests = Set(kept.split(separator: " ").map(String.init))
    let examples: Set = ["ConsoleShop", "ConsoleHost"]
    package.targets.removeAll { target in
        examples.contains(target.name) || (target.type == .test && !tests.contains(target.name))
    }
    // Tests that enumerate every short script (TreeModelTests) enumerate shorter ones here: the
    // plain build checked them all, and under the address sanitizer all of them take 44 s.
    for target in package.targets where target.type == .test {
        target.swiftSettings = (target.swiftSettings ?? []) + [.define("BCKIT_SANITIZED")]
    }
}
