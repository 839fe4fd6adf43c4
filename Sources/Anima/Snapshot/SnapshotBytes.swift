/// The byte layer of snapshots (docs/snapshot.md): the header, the CRC-32 of the payload, and
/// little-endian writing and bounds-checked reading of fields and sections.
enum SnapshotFormat {
    /// The first 8 bytes of every snapshot.
    static let magic: [UInt8] = Array("ANIMASNP".utf8)
    /// The format this library writes, and the newest it reads. Version 2 lists each item's
    /// collision memberships (any number of collision behaviors) where version 1 had two 64-bit
    /// masks, and a boundary segment's owner as a `u32` index where version 1 had a `u8` bit.
    /// Version 3 adds an attachment's max force (after its impulses) and, in an animation's flags,
    /// what the ends of its tracks stand for after a continue (bits 4 to 7, zero when never
    /// continued, so version 2 animations read as they were). Version 5 adds the animated values
    /// (section VALU, after ITEM) and tracks that move a value (property code 4). Version 6 adds
    /// an attachment's motor, joint spring and minimum length (after its anchor glide). Version 7
    /// adds a collision behavior's hit threshold (after its reference-bounds segments). Version 8
    /// adds the items' corner radii (at the end of ITEM) and the capsule and rounded-rectangle
    /// shapes (3 and 4). Version 9 adds the item groups (at the end of ITEM, after the radii).
    /// Version 10 adds the items' collision groups (at the end of ITEM, after the item groups).
    static let version: UInt32 = 10
    /// magic (8), version (4), flags (4), payload length (8), CRC-32 (4), reserved (4).
    static let headerSize = 32

    /// Section tags: four ASCII letters, read as a little-endian UInt32.
    enum Tag: UInt32 {
        case configuration = 0x464E_4F43   // "CONF"
        case items = 0x4D45_5449           // "ITEM"
        case values = 0x554C_4156          // "VALU"
        case behaviors = 0x5256_4842       // "BHVR"
        case tree = 0x4545_5254            // "TREE"
        case broadPhase = 0x4850_5242      // "BRPH"
        case contacts = 0x544E_4F43        // "CONT"
        case animations = 0x4D49_4E41      // "ANIM"
        case host = 0x5453_4F48            // "HOST"

        /// The four letters, for messages.
        var name: String {
            let bytes = withUnsafeBytes(of: rawValue.littleEndian) { Array($0) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// CRC-32 as in zlib, PNG and gzip (ISO 3309 / ITU-T V.42, "CRC-32/ISO-HDLC"): the polynomial
/// 0x04C11DB7 processed bit-reflected (0xEDB88320), initial value 0xFFFFFFFF, final value
/// complemented, one table lookup per byte. The check value of the ASCII "123456789" is
/// 0xCBF43926.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { (n: UInt32) -> UInt32 in
        var c = n
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { t in
            for b in bytes { crc = t[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }
}

/// Appends little-endian fields to a growing byte array.
struct SnapshotWriter {
    private(set) var bytes: [UInt8] = []
    /// Writes every generation as 0: the bytes of ``Animator/stateHash()``, which must not depend
    /// on the process-wide generation counter (on what other animators did before).
    var canonical = false

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }
    /// A handle's generation (0 in canonical bytes).
    mutating func generation(_ v: UInt32) { u32(canonical ? 0 : v) }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
    /// A double as its IEEE 754 bit pattern, so that every value (-0, NaN payloads) survives.
    mutating func f64(_ v: Double) { u64(v.bitPattern) }
    mutating func vec2(_ v: Vec2) {
        f64(v.x)
        f64(v.y)
    }
    /// An element count (at most 2^32 - 1).
    mutating func count(_ n: Int) { u32(UInt32(clamping: n)) }
    /// UTF-8 bytes after their count.
    mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        count(utf8.count)
        bytes.append(contentsOf: utf8)
    }
    mutating func raw(_ data: [UInt8]) { bytes.append(contentsOf: data) }

    /// Starts a section: its tag and a length patched by `endSection`.
    mutating func beginSection(_ tag: SnapshotFormat.Tag) -> Int {
        u32(tag.rawValue)
        u64(0)
        return bytes.count
    }

    mutating func endSection(_ start: Int) {
        patch(UInt64(bytes.count - start), at: start - 8)
    }

    /// Overwrites 8 bytes at `offset` with `value`, little-endian.
    mutating func patch(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { v in
            for k in 0..<8 { bytes[offset + k] = v[k] }
        }
    }

    mutating func patch32(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { v in
            for k in 0..<4 { bytes[offset + k] = v[k] }
        }
    }
}

/// Reads little-endian fields from a byte range. Every read is bounds-checked and every failure
/// is an `.invalidArgument` error naming what was wrong; nothing traps, whatever the bytes.
struct SnapshotReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int
    private let end: Int

    /// A reader of `bytes[start..<end]`.
    init(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        self.bytes = bytes
        offset = start
        self.end = end
    }

    var remaining: Int { end - offset }

    static func corrupt(_ what: String) -> AnimaError {
        AnimaError(.invalidArgument, "snapshot is corrupt: \(what)")
    }

    private mutating func take(_ n: Int, _ what: @autoclosure () -> String) throws(AnimaError) -> Int {
        guard n <= remaining else { throw SnapshotReader.corrupt("\(what()) runs past the end of its section") }
        let at = offset
        offset += n
        return at
    }

    mutating func u8(_ what: @autoclosure () -> String = "a field") throws(AnimaError) -> UInt8 {
        bytes[try take(1, what())]
    }

    mutating func bool(_ what: @autoclosure () -> String = "a flag") throws(AnimaError) -> Bool {
        let b = try u8(what())
        guard b <= 1 else { throw SnapshotReader.corrupt("\(what()) is \(b), not 0 or 1") }
        return b == 1
    }

    mutating func u32(_ what: @autoclosure () -> String = "a field") throws(AnimaError) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4, what()), as: UInt32.self))
    }

    mutating func i32(_ what: @autoclosure () -> String = "a field") throws(AnimaError) -> Int32 {
        Int32(bitPattern: try u32(what()))
    }

    mutating func u64(_ what: @autoclosure () -> String = "a field") throws(AnimaError) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8, what()), as: UInt64.self))
    }

    mutating func i64(_ what: @autoclosure () -> String = "a field") throws(AnimaError) -> Int64 {
        Int64(bitPattern: try u64(what()))
    }

    /// Any double, NaN and the infinities included.
    mutating func f64(_ what: @autoclosure () -> String = "a number") throws(AnimaError) -> Double {
        Double(bitPattern: try u64(what()))
    }

    /// A finite double.
    mutating func finite(_ what: @autoclosure () -> String) throws(AnimaError) -> Double {
        let v = try f64(what())
        guard v.isFinite else { throw SnapshotReader.corrupt("\(what()) is not finite (\(v))") }
        return v
    }

    /// A finite double in low...high.
    mutating func finite(_ what: @autoclosure () -> String, in low: Double, _ high: Double) throws(AnimaError) -> Double {
        let v = try f64(what())
        guard v >= low && v <= high else { throw SnapshotReader.corrupt("\(what()) is \(v), outside \(low)...\(high)") }
        return v
    }

    /// A vector of two finite doubles.
    mutating func vec2(_ what: @autoclosure () -> String) throws(AnimaError) -> Vec2 {
        Vec2(try finite(what()), try finite(what()))
    }

    /// An element count that the rest of the section can hold at `bytesEach` bytes per element
    /// at least, so that no allocation is larger than the input.
    mutating func count(_ what: @autoclosure () -> String, bytesEach: Int) throws(AnimaError) -> Int {
        let n = Int(try u32(what()))
        guard n <= remaining / max(bytesEach, 1) else {
            throw SnapshotReader.corrupt("\(what()) counts \(n), more than the section holds")
        }
        return n
    }

    /// A count within 0...limit (and within what the section holds).
    mutating func count(_ what: @autoclosure () -> String, bytesEach: Int, atMost limit: Int) throws(AnimaError) -> Int {
        let n = try count(what(), bytesEach: bytesEach)
        guard n <= limit else { throw SnapshotReader.corrupt("\(what()) counts \(n), more than \(limit)") }
        return n
    }

    /// UTF-8 text after its count; invalid UTF-8 is refused.
    mutating func string(_ what: @autoclosure () -> String) throws(AnimaError) -> String {
        let n = try count(what(), bytesEach: 1)
        let at = try take(n, what())
        guard let s = String(validating: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + n)]), as: UTF8.self) else {
            throw SnapshotReader.corrupt("\(what()) is not UTF-8")
        }
        return s
    }

    /// `n` raw bytes.
    mutating func raw(_ n: Int, _ what: @autoclosure () -> String) throws(AnimaError) -> [UInt8] {
        let at = try take(n, what())
        return Array(UnsafeRawBufferPointer(rebasing: bytes[at..<(at + n)]))
    }

    /// The next section, which must carry `tag`: a reader of its body, which the caller must
    /// read to its end (`finish`).
    mutating func section(_ tag: SnapshotFormat.Tag) throws(AnimaError) -> SnapshotReader {
        let found = try u32("the tag of section \(tag.name)")
        guard found == tag.rawValue else {
            throw SnapshotReader.corrupt("expected section \(tag.name), found tag 0x\(String(found, radix: 16))")
        }
        let length = try u64("the length of section \(tag.name)")
        guard length <= UInt64(remaining) else {
            throw SnapshotReader.corrupt("section \(tag.name) claims \(length) bytes, \(remaining) are left")
        }
        let start = offset
        offset += Int(length)
        return SnapshotReader(bytes, from: start, to: offset)
    }

    /// Checks that a section was read to its end.
    func finish(_ tag: SnapshotFormat.Tag) throws(AnimaError) {
        guard remaining == 0 else {
            throw SnapshotReader.corrupt("section \(tag.name) has \(remaining) bytes more than its fields")
        }
    }
}
