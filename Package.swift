// swift-tools-version:6.0
import PackageDescription

// Anima: a pure-Swift dynamics and animation engine (target `Anima`), exported as a
// C ABI (`AnimaC`, built into libanima.so) that is checked against the hand-written
// header include/anima.h through the `CAnima` module map.
let package = Package(
    name: "Anima",
    products: [
        .library(name: "Anima", targets: ["Anima"]),
        .library(name: "anima", type: .dynamic, targets: ["AnimaC"]),
    ],
    targets: [
        .target(name: "Anima"),
        .systemLibrary(name: "CAnima", path: "Sources/CAnima"),
        .target(name: "AnimaC", dependencies: ["Anima", "CAnima"]),
        .testTarget(name: "AnimaTests", dependencies: ["Anima"]),
    ]
)
