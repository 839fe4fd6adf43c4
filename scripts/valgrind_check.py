#!/usr/bin/env python3
"""Reads a valgrind memcheck log of a Python run and fails on any report that involves Anima.

    valgrind_check.py LOG

CPython built without valgrind support reports uninitialised reads of its own (in its small-int
cache and allocator) that have nothing to do with the extension; a report counts here when a
frame of its stack is in the library, the extension or their sources. Prints how many reports
there were of each kind; exits 1 if any involves Anima.
"""

import re
import sys

FRAME_OF_ANIMA = re.compile(r"libanima\.so|_anima\.|/Sources/Anima|anima_[a-z_]+ \(|\$s5Anima|\$s6AnimaC")


def blocks(lines):
    block = []
    for line in lines:
        m = re.match(r"==\d+== ?(.*)", line)
        if not m:
            continue
        text = m.group(1)
        if text.strip() == "":
            if block:
                yield block
            block = []
        else:
            block.append(text)
    if block:
        yield block


def main():
    lines = open(sys.argv[1], errors="replace").read().splitlines()
    ours, others = [], 0
    for block in blocks(lines):
        head = block[0]
        if head.startswith(("HEAP SUMMARY", "LEAK SUMMARY", "ERROR SUMMARY", "For lists", "Memcheck", "Copyright",
                            "Using Valgrind", "Command", "in use at exit", "total heap usage", "All heap blocks")):
            continue
        if any(FRAME_OF_ANIMA.search(line) for line in block):
            ours.append(block)
        else:
            others += 1
    for block in ours:
        print("\n".join(block))
        print()
    print(f"valgrind_check: {len(ours)} reports involve Anima; {others} reports inside CPython alone ignored")
    sys.exit(1 if ours else 0)


if __name__ == "__main__":
    main()
