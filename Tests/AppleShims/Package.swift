// swift-tools-version: 6.1
import PackageDescription

// Compiles BCKit's Apple adapters on any machine, against stand-in modules named UIKit, AppKit and
// SwiftUI that declare only the API the adapters and these tests use, with Apple's signatures and
// availability. Test-only: nothing here ships, and the root package does not know this package.
//
// SwiftPM refuses target paths outside a package root, so Adapters/ holds symlinks to the real
// source folders: BCKit and each adapter, so a new file is compiled here without a new link.
let package = Package(
    name: "AppleShims",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    // The SwiftUI stand-in as the SDKs before Xcode 16 declare it: `View` and `ViewModifier` not
    // main-actor, only their `body`. Off by default; `.ci/apple-shims.sh` builds both variants.
    traits: [.trait(name: "SwiftUIBeforeXcode16")],
    targets: [
        // Stand-ins for Apple's frameworks.
        .target(name: "UIKit"),
        .target(name: "AppKit"),
        .target(name: "SwiftUI"),

        // The real sources, through symlinks.
        .target(name: "BCKit", path: "Adapters/BCKit"),
        // The adapters' doc comments send a screen's routes to BCKitModules' navigator; their
        // compiled twins need it.
        .target(name: "BCKitModules", dependencies: ["BCKit"], path: "Adapters/BCKitModules"),
        // The privacy manifest is the root package's resource; here it is not needed.
        .target(
            name: "BCKitUIKit", dependencies: ["BCKit", "UIKit"], path: "Adapters/BCKitUIKit",
            exclude: ["PrivacyInfo.xcprivacy"]),
        .target(
            name: "BCKitAppKit", dependencies: ["BCKit", "AppKit"], path: "Adapters/BCKitAppKit",
            exclude: ["PrivacyInfo.xcprivacy"]),
        .target(
            name: "BCKitSwiftUI", dependencies: ["BCKit", "SwiftUI"], path: "Adapters/BCKitSwiftUI",
            exclude: ["PrivacyInfo.xcprivacy"]),

        // Tests that drive each adapter through the stand-ins' lifecycle, with one shared recorder.
        .target(name: "AdapterTestSupport", dependencies: ["BCKit"]),
        .testTarget(
            name: "UIKitAdapterTests",
            dependencies: ["BCKitUIKit", "BCKit", "BCKitModules", "UIKit", "AdapterTestSupport"]),
        .testTarget(
            name: "AppKitAdapterTests",
            dependencies: ["BCKitAppKit", "BCKit", "BCKitModules", "AppKit", "AdapterTestSupport"]),
        .testTarget(
            name: "SwiftUIAdapterTests", dependencies: ["BCKitSwiftUI", "BCKit", "SwiftUI", "AdapterTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Swift Testing ships cross-import overlays for Apple's UIKit and AppKit (`_Testing_UIKit`), which
// a file importing both Testing and a stand-in would ask for; the stand-ins have none.
for target in package.targets where target.type == .test {
    target.swiftSettings = [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]
}

// The root package's settings, so the adapters compile here exactly as they do there.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
