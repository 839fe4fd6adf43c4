// swift-tools-version:6.0
import PackageDescription

// Anima: a pure-Swift dynamics and animation engine (target `Anima`), exported as a
// C ABI (`AnimaC`, built into libanima.so) that is checked against the hand-written
// header include/anima.h through the `CAnima` module map.
//
// The wide contact kernel (`AnimaWide`, baseline x86-64 and any other processor) can also be
// built for AVX2 and picked at run time where the processor has it (docs/solver.md, "Contacts
// eight at a time"). That second build needs a per-module target CPU, which SwiftPM allows only
// through `unsafeFlags`, and a package with unsafe flags cannot be another package's
// dependency; so it is added only when the environment asks for it: `ANIMA_AVX2=1`, which the
// Makefile and python/setup.py set on x86-64 for the library, the wheel and the tests. Used as
// a dependency, the package has the baseline kernel alone and no unsafe flags.
let avx2Kernel = Context.environment["ANIMA_AVX2"] == "1"

var animaDependencies: [Target.Dependency] = ["AnimaWide"]
var animaSettings: [SwiftSetting] = []
var kernelTargets: [Target] = [.target(name: "AnimaWide")]
if avx2Kernel {
    animaDependencies += ["AnimaWideAVX2", "AnimaCPU"]
    animaSettings.append(.define("ANIMA_AVX2_KERNEL"))
    kernelTargets += [
        // the same WideKernel.swift (a link to AnimaWide's), built for AVX2, with its eight-lane
        // arithmetic as vector instructions (LaneArithmetic.swift, which needs the compiler's
        // builtins: -parse-stdlib)
        .target(name: "AnimaWideAVX2", dependencies: ["AnimaWide"],
                swiftSettings: [.define("ANIMA_WIDE_AVX2"), .unsafeFlags(["-target-cpu", "haswell", "-parse-stdlib"])]),
        // whether the processor has AVX2; DWARF 4 because valgrind (3.19) cannot read clang's DWARF 5
        .target(name: "AnimaCPU", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    ]
}

let package = Package(
    name: "Anima",
    products: [
        .library(name: "Anima", targets: ["Anima"]),
        .library(name: "anima", type: .dynamic, targets: ["AnimaC"]),
    ],
    targets: kernelTargets + [
        .target(name: "Anima", dependencies: animaDependencies, swiftSettings: animaSettings),
        .systemLibrary(name: "CAnima", path: "Sources/CAnima"),
        .target(name: "AnimaC", dependencies: ["Anima", "CAnima"]),
        .testTarget(name: "AnimaTests", dependencies: ["Anima"]),
    ]
)
