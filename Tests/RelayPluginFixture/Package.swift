// swift-tools-version: 6.2
import PackageDescription

// BCKit's relay plugin used as an app uses it: from another package, by path. CartKit declares
// public and package conversations with `InternalImportsByDefault` on; CartScreen, with no
// upcoming feature, declares a conversation that refines one of CartKit's, a hand-written one
// beside it, and a controller whose handlers live in another file. FixtureRun sends every one-call
// form and prints what the controllers heard. `.ci/plugin.sh` builds it clean, then with a
// misspelled handler and with a declaration the plugin cannot relay, and checks what the compiler
// prints. Test-only: the root package does not know this package.
let package = Package(
    name: "RelayPluginFixture",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "BCKit", path: "../..")],
    targets: [
        .target(
            name: "CartKit",
            dependencies: [.product(name: "BCKit", package: "BCKit")],
            swiftSettings: [
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("ExistentialAny"),
            ],
            plugins: [.plugin(name: "BCKitRelayPlugin", package: "BCKit")]
        ),
        .target(
            name: "CartScreen",
            dependencies: ["CartKit", .product(name: "BCKit", package: "BCKit")],
            plugins: [.plugin(name: "BCKitRelayPlugin", package: "BCKit")]
        ),
        .executableTarget(
            name: "FixtureRun",
            dependencies: ["CartScreen", "CartKit", .product(name: "BCKit", package: "BCKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
