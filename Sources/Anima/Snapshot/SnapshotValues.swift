/// The snapshot encoding of the engine's value types, each writer next to its reader. Readers
/// check what the engine relies on (finite numbers, ranges, enum values, component counts),
/// so that a restored animator holds nothing its setters would have refused.
extension SnapshotWriter {
    mutating func item(_ id: ItemID) {
        i32(id.slot)
        generation(id.generation)
    }

    mutating func properties(_ p: ItemProperties) {
        f64(p.elasticity)
        f64(p.friction)
        f64(p.density)
        f64(p.resistance)
        f64(p.angularResistance)
        f64(p.charge)
        u8((p.allowsRotation ? 1 : 0) | (p.anchored ? 2 : 0))
    }

    mutating func transform(_ t: ItemTransform) {
        f64(t.rotation)
        f64(t.scaleX)
        f64(t.scaleY)
        f64(t.translationX)
        f64(t.translationY)
    }

    mutating func region(_ r: FieldRegion) {
        switch r {
        case .infinite: u8(0)
        case .rectangle(let s):
            u8(1)
            f64(s.width)
            f64(s.height)
        case .circle(let radius):
            u8(2)
            f64(radius)
        case .inverse(let inner):
            u8(3)
            region(inner)
        }
    }

    mutating func spring(_ p: SpringParameters, _ initialVelocity: Double) {
        f64(p.mass)
        f64(p.stiffness)
        f64(p.damping)
        f64(initialVelocity)
    }

    mutating func curve(_ c: TimingCurve) {
        switch c {
        case .linear: u8(0)
        case .easeIn: u8(1)
        case .easeOut: u8(2)
        case .easeInOut: u8(3)
        case .default: u8(4)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            u8(5)
            f64(x1)
            f64(y1)
            f64(x2)
            f64(y2)
        case .quad(let k): ease(6, k)
        case .cubic(let k): ease(7, k)
        case .quart(let k): ease(8, k)
        case .quint(let k): ease(9, k)
        case .sine(let k): ease(10, k)
        case .expo(let k): ease(11, k)
        case .circ(let k): ease(12, k)
        case .back(let k): ease(13, k)
        case .elastic(let k): ease(14, k)
        case .bounce(let k): ease(15, k)
        case .steps(let count, let position):
            u8(16)
            i64(Int64(count))
            u8(SnapshotCodes.stepPositions.firstIndex(of: position).map { UInt8($0) } ?? 0)
        }
    }

    private mutating func ease(_ family: UInt8, _ kind: TimingCurve.EaseKind) {
        u8(family)
        u8(SnapshotCodes.easeKinds.firstIndex(of: kind).map { UInt8($0) } ?? 0)
    }

    mutating func definition(_ d: AnimationDefinition) {
        f64(d.duration)
        f64(d.delay)
        switch d.timing {
        case .curve(let c):
            u8(0)
            curve(c)
        case .spring(let p, let v0):
            u8(1)
            spring(p, v0)
        }
        f64(d.repeatCount)
        bool(d.autoreverses)
        bool(d.springEndsAtDuration)
        f64(d.stagger)
        // version 5 on: rest threshold (0 for none), then clamp, linear scrub, pause at the end
        f64(d.restThreshold ?? 0)
        u8((d.clampsSpring ? 1 : 0) | (d.scrubsLinearly ? 2 : 0) | (d.pausesOnCompletion ? 4 : 0))
    }

    mutating func values(_ v: [Double]) {
        count(v.count)
        for x in v { f64(x) }
    }

    mutating func decay(_ c: DecayComponent) {
        f64(c.curve.initialPosition)
        f64(c.curve.initialVelocity)
        f64(c.curve.decayRate)
        f64(c.curve.restingPosition)
        bool(c.bound != nil)
        if let b = c.bound {
            f64(b.value)
            f64(b.time)
            f64(b.velocity)
        }
        for s in [c.spring, c.springUnit] {
            bool(s != nil)
            if let s { spring(s.parameters, s.initialVelocity) }
        }
        f64(c.duration)
    }

    mutating func track(_ t: AnimationTrack) {
        switch t.target {
        case .item(let item, let property):
            self.item(item)
            u8(UInt8(property.rawValue))
        case .value(let value):
            i32(value.slot)
            generation(value.generation)
            u8(SnapshotCodes.valueTarget)
            u8(UInt8(t.space.rawValue))
            f64(t.visibleChange)
        }
        values(t.from.components)
        values(t.to.components)
        values(t.velocity)
        count(t.keyframes.count)
        for k in t.keyframes {
            f64(k.start)
            f64(k.duration)
            values(k.value.components)
        }
        count(t.decay.count)
        for c in t.decay { decay(c) }
        f64(t.offset)
        // version 5 on: the span of a track added to a running animation (-1 for none), then
        // how each keyframe is reached: 0 linear and its curve, 1 cubic, 2 spring and its damping
        // ratio, 3 move
        f64(t.span ?? -1)
        for k in t.keyframes {
            switch k.timing {
            case .linear(let c):
                u8(0)
                curve(c)
            case .cubic: u8(1)
            case .spring(let z):
                u8(2)
                f64(z)
            case .move: u8(3)
            }
        }
    }

    /// A contact's manifold and the impulses of its points. The engine reads neither the normal
    /// nor the points (nor their impulses) beyond the manifold's count, so they are left out.
    mutating func manifold(of c: Contact) {
        let m = c.manifold
        u8(UInt8(m.count))
        if m.count == 0 { return }
        vec2(m.normal)
        for j in 0..<m.count {
            let p = m.point(j)
            vec2(p.point)
            f64(p.separation)
            u32(p.id)
            f64(j == 0 ? c.normalImpulse0 : c.normalImpulse1)
            f64(j == 0 ? c.tangentImpulse0 : c.tangentImpulse1)
            f64(j == 0 ? c.maxNormalImpulse0 : c.maxNormalImpulse1)
        }
    }
}

/// The enum orders the encoding uses.
enum SnapshotCodes {
    static let easeKinds: [TimingCurve.EaseKind] = [.in, .out, .inOut]
    /// The property code of a track that moves an animated value (version 5 on).
    static let valueTarget: UInt8 = 4
    static let stepPositions: [TimingCurve.StepPosition] = [.jumpStart, .jumpEnd, .jumpNone, .jumpBoth]

    /// How many numbers a property's value has.
    static func components(_ p: AnimatableProperty) -> Int {
        switch p {
        case .center, .size: return 2
        case .transform: return 5
        case .alpha: return 1
        }
    }
}

extension SnapshotReader {
    /// An item identifier whose slot is below `slots` (every identifier an animator holds names
    /// a slot it has, live or not).
    mutating func item(slots: Int, _ what: @autoclosure () -> String) throws(AnimaError) -> ItemID {
        let slot = try i32(what())
        let generation = try u32(what())
        guard slot >= 0 && Int(slot) < slots else {
            throw SnapshotReader.corrupt("\(what()) names item slot \(slot) of \(slots)")
        }
        return ItemID(slot: slot, generation: generation)
    }

    mutating func properties(_ what: String) throws(AnimaError) -> ItemProperties {
        let p = ItemProperties(elasticity: try f64(), friction: try f64(), density: try f64(), resistance: try f64(),
                               angularResistance: try f64(), charge: try f64())
        let flags = try u8()
        guard flags <= 3 else { throw SnapshotReader.corrupt("\(what) has unknown property flags \(flags)") }
        var q = p
        q.allowsRotation = flags & 1 != 0
        q.anchored = flags & 2 != 0
        do { try q.validate() } catch { throw SnapshotReader.corrupt("\(what): \(error.message)") }
        return q
    }

    mutating func transform(_ what: String) throws(AnimaError) -> ItemTransform {
        let t = ItemTransform(rotation: try f64(), scaleX: try f64(), scaleY: try f64(), translationX: try f64(),
                              translationY: try f64())
        do { try validateTransform(t) } catch { throw SnapshotReader.corrupt("\(what): \(error.message)") }
        return t
    }

    /// A field region, nested at most `FieldRegion.maximumDepth` deep.
    mutating func region(_ what: String, depth: Int = 0) throws(AnimaError) -> FieldRegion {
        guard depth <= FieldRegion.maximumDepth else {
            throw SnapshotReader.corrupt("\(what) is nested more than \(FieldRegion.maximumDepth) deep")
        }
        let r: FieldRegion
        switch try u8() {
        case 0: r = .infinite
        case 1: r = .rectangle(Size(width: try f64(), height: try f64()))
        case 2: r = .circle(radius: try f64())
        case 3: r = .inverse(try region(what, depth: depth + 1))
        case let tag: throw SnapshotReader.corrupt("\(what) has unknown shape \(tag)")
        }
        do { try r.validate() } catch { throw SnapshotReader.corrupt("\(what): \(error.message)") }
        return r
    }

    mutating func springParameters(_ what: String) throws(AnimaError) -> SpringParameters {
        let mass = try f64(), stiffness = try f64(), damping = try f64()
        do { return try SpringParameters(mass: mass, stiffness: stiffness, damping: damping) } catch {
            throw SnapshotReader.corrupt("\(what): \(error.message)")
        }
    }

    mutating func springCurve(_ what: String) throws(AnimaError) -> SpringCurve {
        let p = try springParameters(what)
        return SpringCurve(parameters: p, initialVelocity: try finite("\(what) initial velocity", in: -1e12, 1e12))
    }

    mutating func curve(_ what: String) throws(AnimaError) -> TimingCurve {
        let tag = try u8()
        func kind(_ r: inout SnapshotReader) throws(AnimaError) -> TimingCurve.EaseKind {
            let k = Int(try r.u8())
            guard k < SnapshotCodes.easeKinds.count else { throw SnapshotReader.corrupt("\(what) has unknown ease kind \(k)") }
            return SnapshotCodes.easeKinds[k]
        }
        do throws(AnimaError) {
            switch tag {
            case 0: return .linear
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .easeInOut
            case 4: return .default
            case 5: return try TimingCurve.bezier(try f64(), try f64(), try f64(), try f64())
            case 6: return .quad(try kind(&self))
            case 7: return .cubic(try kind(&self))
            case 8: return .quart(try kind(&self))
            case 9: return .quint(try kind(&self))
            case 10: return .sine(try kind(&self))
            case 11: return .expo(try kind(&self))
            case 12: return .circ(try kind(&self))
            case 13: return .back(try kind(&self))
            case 14: return .elastic(try kind(&self))
            case 15: return .bounce(try kind(&self))
            case 16:
                let count = try i64()
                let position = Int(try u8())
                guard count >= 1 && count <= 1_000_000, position < SnapshotCodes.stepPositions.count else {
                    throw SnapshotReader.corrupt("\(what) has a steps curve of \(count) steps, position \(position)")
                }
                return try TimingCurve.steps(count: Int(count), position: SnapshotCodes.stepPositions[position])
            default: throw SnapshotReader.corrupt("\(what) has unknown curve \(tag)")
            }
        } catch {
            throw error.message.hasPrefix("snapshot") ? error : SnapshotReader.corrupt("\(what): \(error.message)")
        }
    }

    mutating func definition(_ what: String, version: UInt32) throws(AnimaError) -> AnimationDefinition {
        let duration = try f64(), delay = try f64()
        let timing: AnimationTiming
        switch try u8() {
        case 0: timing = .curve(try curve(what))
        case 1:
            let p = try springParameters(what)
            timing = .spring(p, initialVelocity: try f64())
        case let tag: throw SnapshotReader.corrupt("\(what) has unknown timing \(tag)")
        }
        var d = AnimationDefinition(duration: duration, delay: delay, timing: timing, repeatCount: try f64(),
                                    autoreverses: try bool())
        d.springEndsAtDuration = try bool()
        d.stagger = try f64()
        if version >= 5 {
            let threshold = try finite("\(what) rest threshold")
            d.restThreshold = threshold == 0 ? nil : threshold
            let flags = try u8()
            guard flags <= 7 else { throw SnapshotReader.corrupt("\(what) has unknown flags \(flags)") }
            d.clampsSpring = flags & 1 != 0
            d.scrubsLinearly = flags & 2 != 0
            d.pausesOnCompletion = flags & 4 != 0
        }
        do { try d.validate() } catch { throw SnapshotReader.corrupt("\(what): \(error.message)") }
        return d
    }

    /// `n` finite numbers after their count, which must be `n` when given.
    mutating func values(_ what: @autoclosure () -> String, exactly n: Int? = nil) throws(AnimaError) -> [Double] {
        let count = try self.count(what(), bytesEach: 8)
        if let n, count != n { throw SnapshotReader.corrupt("\(what()) has \(count) components, not \(n)") }
        var v: [Double] = []
        v.reserveCapacity(count)
        for _ in 0..<count { v.append(try finite(what())) }
        return v
    }

    mutating func decay(_ what: String) throws(AnimaError) -> DecayComponent {
        let x0 = try finite("\(what) start"), v0 = try finite("\(what) velocity")
        let rate = try f64(), rest = try finite("\(what) rest")
        guard rate.isFinite && rate > 0 else { throw SnapshotReader.corrupt("\(what) has decay rate \(rate)") }
        let curve = DecayCurve(position: x0, velocity: v0, decayRate: rate, restingPosition: rest)
        var bound: (value: Double, time: Double, velocity: Double)? = nil
        if try bool() { bound = (try finite("\(what) bound"), try finite("\(what) bound time"), try finite("\(what) bound velocity")) }
        let spring = try bool() ? try springCurve(what) : nil
        let unit = try bool() ? try springCurve(what) : nil
        if bound != nil && (spring == nil || unit == nil) {
            throw SnapshotReader.corrupt("\(what) has a bound but no spring to catch it")
        }
        let duration = try finite("\(what) duration", in: 0, 1e7)
        return DecayComponent(curve: curve, bound: bound, spring: spring, springUnit: unit, duration: duration)
    }

    /// A track; `valueSlots` and `valueCount` (the component count of a live value, nil for
    /// one destroyed since, whose stale track keeps its own count) check one that moves a value
    /// (version 5 on; `valueSlots` is -1 before).
    mutating func track(slots: Int, valueSlots: Int, valueCount: (ValueID) -> Int?, _ what: String) throws(AnimaError) -> AnimationTrack {
        let slot = try i32(what), generation = try u32(what)
        let raw = try u8()
        var t: AnimationTrack
        let n: Int
        if raw == SnapshotCodes.valueTarget && valueSlots >= 0 {
            guard slot >= 0 && Int(slot) < valueSlots else {
                throw SnapshotReader.corrupt("\(what) names value slot \(slot) of \(valueSlots)")
            }
            let spaceRaw = try u8()
            guard let space = ValueSpace(rawValue: Int32(spaceRaw)) else { throw SnapshotReader.corrupt("\(what) mixes in space \(spaceRaw)") }
            let visible = try finite("\(what) visible change", in: 1e-300, 1e300)
            let id = ValueID(slot: slot, generation: generation)
            let from = try values("\(what) start", exactly: valueCount(id))
            n = from.count
            guard n >= 1 && n <= maximumValueComponents else { throw SnapshotReader.corrupt("\(what) moves \(n) components") }
            t = AnimationTrack(target: .value(id), from: AnimatableValue(from),
                               to: AnimatableValue(try values("\(what) target", exactly: n)), visibleChange: visible)
            t.space = space
        } else {
            guard slot >= 0 && Int(slot) < slots else { throw SnapshotReader.corrupt("\(what) names item slot \(slot) of \(slots)") }
            guard let property = AnimatableProperty(rawValue: Int32(raw)) else {
                throw SnapshotReader.corrupt("\(what) animates unknown property \(raw)")
            }
            n = SnapshotCodes.components(property)
            t = AnimationTrack(item: ItemID(slot: slot, generation: generation), property: property,
                               from: AnimatableValue(try values("\(what) start", exactly: n)),
                               to: AnimatableValue(try values("\(what) target", exactly: n)))
        }
        t.velocity = try values("\(what) velocity")
        let keyframes = try count("\(what) keyframes", bytesEach: 20)
        for _ in 0..<keyframes {
            t.keyframes.append(Keyframe(start: try finite("\(what) keyframe start"), duration: try finite("\(what) keyframe duration"),
                                        value: AnimatableValue(try values("\(what) keyframe", exactly: n))))
        }
        let components = try count("\(what) fling", bytesEach: 36)
        guard components == 0 || components == n else {
            throw SnapshotReader.corrupt("\(what) flings \(components) components, not \(n)")
        }
        for _ in 0..<components { t.decay.append(try decay(what)) }
        t.offset = try finite("\(what) offset", in: 0, 1e15)
        if valueSlots >= 0 {
            let span = try finite("\(what) span", in: -1, 1e15)
            guard span == -1 || span >= 0 else { throw SnapshotReader.corrupt("\(what) has span \(span)") }
            t.span = span == -1 ? nil : span
            for k in t.keyframes.indices {
                switch try u8() {
                case 0: t.keyframes[k].timing = .linear(try curve(what))
                case 1: t.keyframes[k].timing = .cubic
                case 2:
                    let z = try finite("\(what) keyframe damping ratio", in: 1e-300, 1)
                    t.keyframes[k].timing = .spring(dampingRatio: z)
                case 3: t.keyframes[k].timing = .move
                case let tag: throw SnapshotReader.corrupt("\(what) keyframe has unknown timing \(tag)")
                }
            }
        }
        return t
    }

    /// A contact's manifold and its points' impulses, into `c`.
    mutating func manifold(into c: inout Contact, _ what: String) throws(AnimaError) {
        let n = Int(try u8())
        guard n <= 2 else { throw SnapshotReader.corrupt("\(what) has \(n) points") }
        c.manifold.count = n
        if n == 0 { return }
        c.manifold.normal = try vec2("\(what) normal")
        for j in 0..<n {
            let p = ManifoldPoint(point: try vec2("\(what) point"), separation: try finite("\(what) separation"), id: try u32())
            let normal = try finite("\(what) impulse"), tangent = try finite("\(what) impulse")
            let largest = try finite("\(what) impulse")
            if j == 0 {
                c.manifold.p0 = p
                (c.normalImpulse0, c.tangentImpulse0, c.maxNormalImpulse0) = (normal, tangent, largest)
            } else {
                c.manifold.p1 = p
                (c.normalImpulse1, c.tangentImpulse1, c.maxNormalImpulse1) = (normal, tangent, largest)
            }
        }
    }
}
