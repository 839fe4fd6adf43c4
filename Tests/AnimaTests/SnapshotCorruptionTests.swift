import Testing
@testable import Anima

// Broken snapshots: every truncation, every flipped byte, a wrong magic, a newer version, and
// payload fields overwritten behind a right checksum are refused with an error that says why,
// or give an animator that steps; none traps.

/// A small scene's snapshot, mid-contact.
private func smallSnapshot() throws -> [UInt8] {
    let a = try makeAnimator()
    let b = try ball(a, at: Vec2(100, 520))
    let box = try a.createItem(ItemDefinition(center: Vec2(160, 540), size: Size(width: 40, height: 40)))
    try a.addBehavior(GravityBehavior(owner: a, items: [b, box]))
    let c = try CollisionBehavior(owner: a, items: [b, box])
    try c.setTranslatesReferenceBoundsIntoBoundary(true)
    try c.addBoundary(identifier: "post", from: Vec2(130, 400), to: Vec2(130, 568))
    try a.addBehavior(c)
    try a.addBehavior(AttachmentBehavior(owner: a, item: b, to: box))
    try a.beginAnimations(AnimationDefinition(duration: 1))
    try a.setAlpha(0.5, of: b)
    try a.commitAnimations()
    for _ in 0..<30 { try a.step() }
    return try a.snapshot()
}

/// The bytes with the header's CRC-32 made right for their payload.
private func withChecksum(_ bytes: [UInt8]) -> [UInt8] {
    var b = bytes
    let crc = b.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[SnapshotFormat.headerSize...])) }
    withUnsafeBytes(of: crc.littleEndian) { for k in 0..<4 { b[24 + k] = $0[k] } }
    return b
}

/// A restore that must fail with an argument error whose message contains `words`.
private func expectRefused(_ bytes: [UInt8], _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try Animator.restore(bytes)
        Issue.record("restored \(bytes.count) bytes that should be refused (\(words))", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == .invalidArgument, sourceLocation: sourceLocation)
        #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
    }
}

@Suite struct SnapshotCorruptionTests {
    @Test func checksumIsCRC32() {
        let check = Array("123456789".utf8).withUnsafeBytes { CRC32.checksum($0) }
        #expect(check == 0xCBF4_3926)
    }

    @Test func everyTruncationIsRefused() throws {
        let bytes = try smallSnapshot()
        #expect(try Animator.restore(bytes).animator.itemCount == 2)
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            do {
                _ = try Animator.restore(cut)
                Issue.record("a snapshot cut to \(length) of \(bytes.count) bytes was restored")
            } catch {
                #expect(error.code == .invalidArgument)
                #expect(error.message.contains("truncated"), "\(length): \(error.message)")
            }
        }
    }

    @Test func flippedBytesFailTheChecksum() throws {
        let bytes = try smallSnapshot()
        for k in stride(from: SnapshotFormat.headerSize, to: bytes.count, by: 7) {
            var b = bytes
            b[k] ^= 0x10
            expectRefused(b, "CRC-32")
        }
    }

    @Test func wrongMagicFutureVersionAndHeaderFaultsAreNamed() throws {
        let bytes = try smallSnapshot()
        var magic = bytes
        magic[0] = UInt8(ascii: "B")
        expectRefused(magic, "not an Anima snapshot")
        expectRefused(Array("PK\u{3}\u{4} a zip file, say".utf8), "not an Anima snapshot")
        var future = bytes
        future[8] = UInt8(SnapshotFormat.version + 1)
        expectRefused(future, "version \(SnapshotFormat.version + 1) is newer")
        var zero = bytes
        zero[8] = 0
        expectRefused(zero, "version 0")
        var flags = bytes
        flags[12] = 1
        expectRefused(flags, "flags")
        expectRefused(bytes + [0], "follow the payload")
        expectRefused([], "truncated")
    }

    @Test func payloadFaultsWithARightChecksumAreRefusedOrHarmless() throws {
        // mutations the checksum does not catch: each restore fails with an argument error, or
        // gives an animator that steps (debug builds check its structures after every step)
        let bytes = try smallSnapshot()
        var random = Mix(state: 2024)
        var refused = 0, restored = 0
        for round in 0..<3000 {
            var b = bytes
            let edits = 1 + Int(random.next() % 4)
            for _ in 0..<edits {
                let k = SnapshotFormat.headerSize + Int(random.next() % UInt64(b.count - SnapshotFormat.headerSize))
                switch random.next() % 4 {
                case 0: b[k] ^= UInt8(1 << (random.next() % 8))
                case 1: b[k] = UInt8(truncatingIfNeeded: random.next())
                case 2: b[k] = 0xFF
                default: b[k] = 0
                }
            }
            do {
                let r = try Animator.restore(withChecksum(b))
                restored += 1
                for _ in 0..<4 { try? r.animator.step() }
                _ = try? r.animator.snapshot()
            } catch {
                #expect(error.code == .invalidArgument, "round \(round): \(error)")
                refused += 1
            }
        }
        #expect(refused > 1000 && refused + restored == 3000, "\(refused) refused, \(restored) restored")
    }

    @Test func sectionsOutOfPlaceAreRefused() throws {
        let bytes = try smallSnapshot()
        var b = bytes
        b[32] = UInt8(ascii: "X")   // the first section's tag
        expectRefused(withChecksum(b), "expected section CONF")
        var long = bytes
        long[43] = 0x7F             // its length beyond the payload
        expectRefused(withChecksum(long), "claims")
    }
}
