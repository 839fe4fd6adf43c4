#!/usr/bin/env bash
# Compares the C API that include/anima.h declares (with the parts it includes from
# include/anima/) with what libanima.so exports.
#
#   scripts/abi_check.sh [HEADER] [LIBRARY]
#
# 1. Every anima_* function declared in the header must be a defined dynamic symbol of the
#    library, and every anima_* dynamic symbol of the library must be declared in the header.
#    (The Swift compiler checks the signature of each @c @implementation export against the
#    header, but not that every declared function has an export.)
# 2. The library must not need a shared Swift runtime (libswift*): it is built with the
#    Swift standard library linked in statically.
#
# Every prototype in the header sits on one line; typedefs (function pointer types such as
# anima_contact_fn) and comments are ignored. Prints each difference and exits 1 on any.
set -euo pipefail

header=${1:-include/anima.h}
library=${2:-.build/release/libanima.so}

for f in "$header" "$library"; do
    if [[ ! -f $f ]]; then
        echo "abi-check: $f not found" >&2
        exit 2
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Header: strip comments (also those spanning lines), drop preprocessor lines and typedefs,
# then take each identifier anima_* that is directly followed by "(".
awk '
{
    line = $0; out = ""
    while (line != "") {
        if (in_comment) {
            i = index(line, "*/")
            if (i == 0) { line = "" } else { line = substr(line, i + 2); in_comment = 0 }
        } else {
            i = index(line, "/*")
            if (i == 0) { out = out line; line = "" }
            else { out = out substr(line, 1, i - 1); line = substr(line, i + 2); in_comment = 1 }
        }
    }
    sub(/\/\/.*/, "", out)
    print out
}' "$header" "$(dirname "$header")"/anima/*.h | grep -v -E '^[[:space:]]*(#|typedef[[:space:]])' > "$work/code"

status=0

# One prototype per line: a line that names a function must also close its parameter list.
if grep -n -E '\banima_[A-Za-z0-9_]+[[:space:]]*\(' "$work/code" | grep -v -E '\)[[:space:]]*;[[:space:]]*$' > "$work/split"; then
    while IFS= read -r line; do
        echo "abi-check: prototype not on one line: $line"
    done < "$work/split"
    status=1
fi

grep -o -E '\banima_[A-Za-z0-9_]+[[:space:]]*\(' "$work/code" \
    | sed -E 's/[[:space:]]*\($//' | sort -u > "$work/declared"

nm -D --defined-only "$library" | awk '$3 ~ /^anima_/ { print $3 }' | sort -u > "$work/exported"

declared_count=$(wc -l < "$work/declared")
exported_count=$(wc -l < "$work/exported")

if [[ $declared_count -eq 0 ]]; then
    echo "abi-check: no anima_* function found in $header"
    status=1
fi

while IFS= read -r name; do
    echo "abi-check: declared in $header but not exported by $library: $name"
    status=1
done < <(comm -23 "$work/declared" "$work/exported")

while IFS= read -r name; do
    echo "abi-check: exported by $library but not declared in $header: $name"
    status=1
done < <(comm -13 "$work/declared" "$work/exported")

needed=$(readelf -d "$library" | sed -n -E 's/.*\(NEEDED\).*\[(.*)\].*/\1/p' | tr '\n' ' ')
needed=${needed% }
if grep -q -E '(^| )libswift' <<< "$needed"; then
    echo "abi-check: $library needs a shared Swift runtime (build with -Xswiftc -static-stdlib): $needed"
    status=1
fi

if [[ $status -eq 0 ]]; then
    echo "abi-check: $declared_count functions declared, $exported_count exported, all match; NEEDED: $needed"
else
    echo "abi-check: FAILED ($declared_count declared, $exported_count exported)"
fi
exit $status
