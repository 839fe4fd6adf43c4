#!/usr/bin/env bash
# The README's Swift front door: Anima as another package's dependency. The tree's files (as
# committed or changed, not the build folders) become a git repository in a temporary folder; a
# new package depends on its version tag by URL, as on a release, so SwiftPM applies the rules
# of a versioned dependency (no unsafe flags), builds it without ANIMA_AVX2 set, and runs the
# README's Swift quickstart.
#
#   scripts/swiftpm_check.sh VERSION      (the Makefile passes the header's version)
set -euo pipefail
version=${1:?usage: scripts/swiftpm_check.sh VERSION}
cd "$(dirname "$0")/.."
source scripts/clean_env.sh
clean_workspace swiftpm

source_copy=$work/Anima
mkdir -p "$source_copy"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -C "$source_copy" -xf -
git -C "$source_copy" init -q -b main
git -C "$source_copy" add -A
git -C "$source_copy" -c user.name=check -c user.email=check@localhost.invalid commit -q -m "source for the check"
# a version tag: SwiftPM refuses unsafe flags only in dependencies resolved by version
git -C "$source_copy" tag "$version"

app=$work/App
mkdir -p "$app/Sources/App"
cat > "$app/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(url: "file://$source_copy", exact: "$version")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "Anima", package: "Anima")])]
)
PACKAGE
# the quickstart as README.md shows it (the code block after "### Swift")
awk '/^### Swift/ { found = 1 } found && /^```swift/ { inside = 1; next } inside && /^```/ { exit } inside { print }' \
    README.md > "$app/Sources/App/main.swift"
grep -q "import Anima" "$app/Sources/App/main.swift" || { echo "swiftpm-check: no Swift quickstart found in README.md"; exit 1; }

output=$(env -u ANIMA_AVX2 swift run --package-path "$app" --scratch-path "$work/build" App 2>&1) || {
    echo "$output" | tail -30
    echo "swiftpm-check: the README's Swift quickstart did not build or run with Anima as a dependency"
    exit 1
}
# the printed position against the one in the README's comment, to 0.01 pt
result=$(echo "$output" | tail -1)
expected=$(grep -o '// SIMD2<Double>([^)]*)' "$app/Sources/App/main.swift" | head -1 | sed 's|^// ||')
if ! python3 - "$result" "$expected" <<'COMPARE'
import re, sys
numbers = [[float(x) for x in re.findall(r"-?[0-9]+(?:\.[0-9]+)?(?:e-?[0-9]+)?", text.split("(", 1)[-1])] for text in sys.argv[1:]]
sys.exit(0 if len(numbers[0]) == len(numbers[1]) == 2 and all(abs(a - b) <= 0.01 for a, b in zip(*numbers)) else 1)
COMPARE
then
    echo "$output" | tail -30
    echo "swiftpm-check: the quickstart printed '$result', README.md says '$expected'"
    exit 1
fi
echo "swiftpm-check: Anima as a URL dependency built without unsafe flags; the README's quickstart printed $result"
