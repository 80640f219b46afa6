// swift-tools-version: 6.2
import PackageDescription

// The files a send or a lifecycle event crosses (issue 33, item 2): one measured call each, in a
// debug build, counted from a callgrind profile by `Benchmarks/files-crossed.sh`. A package of its
// own so that nothing the benchmarks need (their peers, release mode) changes what it counts.
let package = Package(
    name: "PathProbe",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named, since a path dependency is otherwise known by its folder, which differs per clone.
        .package(name: "BCKit", path: "../..")
    ],
    targets: [
        // The probe: `swift run --package-path Benchmarks/PathProbe PathProbe send|appear`.
        .executableTarget(
            name: "PathProbe",
            dependencies: [.product(name: "BCKit", package: "BCKit")],
            swiftSettings: [
                // valgrind 3.19 cannot read DWARF 5, and without line tables it cannot say which
                // file a function is in. Swift 6.3.1 writes DWARF 4 for Swift on Linux (the DWARF 5
                // in the benchmark runner comes from its C target), so this pins the version rather
                // than changing it; `files-crossed.sh` passes the same flag to every module, since
                // the kit takes no unsafe flags from the package that uses it.
                .unsafeFlags(["-Xfrontend", "-dwarf-version=4"])
            ],
            // The conversation is declared as its protocol alone, as the quick start does.
            plugins: [.plugin(name: "BCKitRelayPlugin", package: "BCKit")]
        )
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            // Every existential is spelled `any P`, so the cost of dynamic dispatch is visible.
            .enableUpcomingFeature("ExistentialAny"),
            // An import is visible only in the file that writes it, so each file lists what it uses.
            .enableUpcomingFeature("MemberImportVisibility"),
            // Imports are internal unless marked, so no dependency leaks into the public API.
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
