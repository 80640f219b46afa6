// swift-tools-version: 6.0
import PackageDescription

// Benchmarks run BCKit and its baselines side by side in one release process. This is the only
// package of the repository that may depend on other packages; the kit itself depends on none.
let package = Package(
    name: "BCKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named, since a path dependency is otherwise known by its folder, which differs per clone.
        .package(name: "BCKit", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        // The module layer's peers: a trie router and a service container.
        .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // The benchmark runner: `swift run -c release --package-path Benchmarks`.
        .executableTarget(
            name: "BCKitBenchmarks",
            dependencies: [
                .product(name: "BCKit", package: "BCKit"),
                .product(name: "BCKitModules", package: "BCKit"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Swinject", package: "Swinject"),
                "ViewControllerStyle",
                "MallocCount",
            ]
        ),
        // A UIKit-style base class in its own module, as UIViewController is: the benchmark cannot
        // see every subclass, so its loop makes real vtable calls instead of devirtualized ones.
        .target(name: "ViewControllerStyle"),
        // Counts heap allocations, so a warm path can be shown to make none.
        .target(name: "MallocCount"),
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
