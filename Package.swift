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

        // Testing support: a harness that tests one business controller alone. It depends on the
        // toolchain's own Swift Testing, never on a package.
        .target(name: "BCKitTesting", dependencies: ["BCKit"]),

        // Examples: the console shop. Its logic is a library so tests drive it without a process.
        .target(
            name: "ConsoleShop",
            dependencies: ["BCKit", "BCKitModules"],
            path: "Examples/ConsoleShop",
            resources: [.copy("modules.json")]
        ),
        .executableTarget(
            name: "ConsoleHost",
            dependencies: ["ConsoleShop", "BCKitInspector"],
            path: "Examples/ConsoleHost"
        ),

        // Tests.
        .testTarget(name: "BCKitTests", dependencies: ["BCKit"]),
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

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        // Every existential is spelled `any P`, so the cost of dynamic dispatch is visible.
        .enableUpcomingFeature("ExistentialAny"),
        // An import is visible only in the file that writes it, so each file lists what it uses.
        .enableUpcomingFeature("MemberImportVisibility"),
        // Imports are internal unless marked, so no dependency leaks into the public API.
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
