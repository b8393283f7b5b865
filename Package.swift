// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "jotter",
    products: [
        .executable(name: "jotter", targets: ["jotter"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlcipher",
            providers: [.apt(["libsqlcipher-dev"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .systemLibrary(
            name: "CKeyutils",
            pkgConfig: "libkeyutils",
            providers: [.apt(["libkeyutils-dev"])]
        ),
        // libpq's header only: libpq.so.5 is loaded with dlopen when a command needs the
        // hub (Sources/JotterHub/LibPQ.swift), so nothing links against it.
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        // glibc's prctl, wrapped (it is variadic): a process holding a store's key
        // keeps it out of core files.
        .systemLibrary(name: "CProcessControl"),
        .target(
            name: "CJotterSearch",
            dependencies: ["CSQLite"]
        ),
        // The merge as pure functions over a journal in memory: no SQLite, no I/O.
        // Optimized in debug builds too: the suite runs 100,000 random schedules through it.
        .target(name: "JotterSync", swiftSettings: [.unsafeFlags(["-O"])]),
        .target(
            name: "JotterCore",
            dependencies: ["CSQLite", "CJotterSearch", "COpenSSL", "CKeyutils", "CProcessControl"]
        ),
        // What people do to a journal: entries added, edited, done and removed with their
        // forms and hooks, the prompt's entry session, targets and completion, and the one
        // place jotter starts a program. The store's module runs none.
        // The formats a journal is read from and written to: import's readers, export's
        // writers and the static site. The store only takes records and gives nodes.
        .target(
            name: "JotterFormats",
            dependencies: ["JotterCore"]
        ),
        .target(
            name: "JotterApplication",
            dependencies: ["JotterCore", "JotterFormats"]
        ),
        // The hub: PostgreSQL, the sealed journal's cryptography, and a sync's rounds of
        // pull and push, which reach the store only through `SyncReplica`. JotterCore
        // cannot reach libpq.
        .target(
            name: "JotterHub",
            dependencies: ["JotterCore", "CLibPQ", "COpenSSL"]
        ),
        .target(
            name: "JotterCLI",
            dependencies: [
                "JotterCore",
                "JotterFormats",
                "JotterApplication",
                "JotterHub",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "jotter",
            dependencies: ["JotterCLI"]
        ),
        .target(
            name: "PseudoTerminal",
            path: "Tests/PseudoTerminal",
            linkerSettings: [.linkedLibrary("util")]
        ),
        .target(
            name: "SystemCallFilter",
            path: "Tests/SystemCallFilter"
        ),
        .target(
            name: "SpawnActions",
            path: "Tests/SpawnActions"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["SpawnActions"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "JotterCoreTests",
            dependencies: ["JotterCore", "JotterFormats", "JotterApplication", "JotterHub", "JotterSync", "SystemCallFilter", "TestSupport"]
        ),
        .testTarget(
            name: "JotterSyncTests",
            dependencies: ["JotterSync", "TestSupport"],
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        .testTarget(
            name: "JotterCLITests",
            dependencies: ["JotterCore", "JotterFormats", "JotterApplication", "JotterHub", "JotterCLI", "PseudoTerminal", "TestSupport"]
        ),
    ]
)
