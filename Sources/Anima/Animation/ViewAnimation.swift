/// A running view animation (UIView.animate), on the animator's clock.
public final class ViewAnimation {
    /// How it was created.
    public internal(set) var definition: AnimationDefinition
    var tracks: [AnimationTrack]
    /// Called once when the animation ends: true if it ran to its end, false if it was cancelled
    /// or replaced by another animation of the same property.
    public var completion: ((Bool) -> Void)? {
        didSet { completionDetached = false }
    }
    /// More completions, called after ``completion`` in the order added
    /// (UIViewPropertyAnimator's `addCompletion`; see ``Animator/addCompletion(_:to:)``).
    public internal(set) var additionalCompletions: [(Bool) -> Void] = []
    /// The playback rate: 1 runs in real time, 2 twice as fast, 0.5 at half speed (see
    /// ``Animator/setSpeed(_:of:)``).
    public internal(set) var speed = 1.0
    /// Paused after a linear scrub: resuming continues from the values shown.
    var scrubbedLinearly = false
    /// A restored snapshot recorded a completion that has not been set (or cleared) since.
    var completionDetached = false
    /// Seconds since the animation was committed (its delay included).
    public internal(set) var time = 0.0
    /// True until the animation finishes or is cancelled.
    public internal(set) var isActive = true
    /// Unique within its animator, never reused (1, 2, ...).
    public let identifier: UInt64

    /// The clock: time = origin + steps x step duration (forward) or minus it (reversed), free of
    /// drift; pausing, scrubbing and reversing move the origin.
    var steps: Int64 = 0
    var origin = 0.0
    /// Runs backward along its tracks, toward their start (see ``isReversed`` for the property
    /// animator's meaning).
    var runsBackward = false
    /// The position the ends of the tracks stand for: `.end` until a continue gives the animation
    /// new tracks; after a continue while reversed their end is the original start (`.start`).
    /// A track end that is neither (tracks continued from a point of earlier continued tracks)
    /// is `.current`. (UIViewPropertyAnimator reports `.start` for an animation reversed and then
    /// continued; the new tracks here run forward to that start.)
    var endStandsFor: AnimationPosition = .end
    /// The position the starts of the tracks stand for: `.start`, or `.current` once a continue
    /// has made tracks that start where the properties were.
    var startStandsFor: AnimationPosition = .start
    /// Runs toward its start (a property animator's `isReversed`): reversed, or continued after
    /// being reversed (it then stays reversed, as UIViewPropertyAnimator's does).
    public var isReversed: Bool { runsBackward ? startStandsFor == .start : endStandsFor == .start }
    /// Set for a keyframe animation.
    public internal(set) var keyframeMode: KeyframeMode? = nil
    /// Holds still: its clock does not move and it does not keep the animator running.
    public internal(set) var isPaused = false
    /// Where it ended: at its end, at its start (reversed, or stopped there) or where it was.
    public internal(set) var position: AnimationPosition = .current
    /// The length of one pass: the duration, or the spring's settling time for a spring.
    var passDuration: Double
    /// The spring's progress curve, and the same spring with 1 more initial velocity: their
    /// difference Y(t) is the response to a unit velocity from zero displacement, which carries
    /// the per-component velocity a spring inherits when it takes over a moving property.
    var spring: SpringCurve?
    var springPlus: SpringCurve?

    init(definition: AnimationDefinition, tracks: [AnimationTrack], identifier: UInt64) {
        self.definition = definition
        self.tracks = tracks
        self.identifier = identifier
        (passDuration, spring, springPlus) = ViewAnimation.timingState(definition, tracks)
        maxOffset = tracks.map(\.offset).max() ?? 0
        markClampTimes()
    }

    /// For a clamped spring: each track's per-component first crossing of its target.
    func markClampTimes() {
        guard definition.clampsSpring, case .spring(let p, let v0) = definition.timing else { return }
        for k in tracks.indices where tracks[k].keyframes.isEmpty && tracks[k].decay.isEmpty {
            tracks[k].clampTimes = ViewAnimation.crossings(p, v0, tracks[k])
        }
    }

    /// Per component, when the spring first carries it to its target (infinity when it never does).
    static func crossings(_ p: SpringParameters, _ v0: Double, _ track: AnimationTrack) -> [Double] {
        let (from, to) = track.mixingEnds
        return from.indices.map { i in
            let d = to[i] - from[i], w = i < track.velocity.count ? track.velocity[i] : 0
            if d == 0 { return 0 }
            return SpringCurve(parameters: p, initialVelocity: v0 + w / d).firstTargetCrossing() ?? .infinity
        }
    }

    /// An animation rebuilt from a snapshot: its pass duration and latest track start as
    /// recorded (a takeover may have dropped the tracks they were computed from); the spring
    /// curves follow from the definition.
    init(restoring identifier: UInt64, definition: AnimationDefinition, tracks: [AnimationTrack], passDuration: Double,
         maxOffset: Double) {
        self.definition = definition
        self.tracks = tracks
        self.identifier = identifier
        self.passDuration = passDuration
        self.maxOffset = maxOffset
        if case .spring(let p, let v0) = definition.timing {
            spring = SpringCurve(parameters: p, initialVelocity: v0)
            springPlus = SpringCurve(parameters: p, initialVelocity: v0 + 1)
        }
        markClampTimes()
    }

    /// The latest track start (stagger), in seconds.
    var maxOffset = 0.0
    /// When the last track ends, in seconds after the delay.
    var endTime: Double { totalDuration + maxOffset }

    /// A track's time within the animation's pass at local time: its own clock less its offset,
    /// stretched over the pass when it has a span of its own (a track added later).
    func passTime(of track: AnimationTrack, atLocal local: Double) -> Double {
        let t = local - track.offset
        guard let span = track.span else { return t }
        if t <= 0 { return t }
        return span > 0 ? min(t / span, 1) * passDuration : passDuration
    }

    /// A track's sample at the animation's local time: before its offset it holds its start.
    func sample(for track: AnimationTrack, atLocal local: Double) -> (p: Double, y: Double, dp: Double, dy: Double) {
        let t = passTime(of: track, atLocal: local)
        guard t >= 0 else { return (0, 0, 0, 0) }
        var s = sample(at: t)
        if let span = track.span, span > 0 { s.dp *= passDuration / span; s.dy *= passDuration / span }
        return s
    }

    /// A track's value at the animation's local time.
    func trackValue(_ track: AnimationTrack, _ local: Double) -> [Double] {
        var c = value(of: track, sample(for: track, atLocal: local))
        if !track.clampTimes.isEmpty {
            // a clamped spring holds each component at its target from its first crossing on
            let t = passTime(of: track, atLocal: local)
            for i in c.indices where i < track.clampTimes.count && t >= track.clampTimes[i] { c[i] = track.to.components[i] }
        }
        return c
    }

    /// A track's value at a share `f` (0...1) of the animation's active time, the timing left
    /// out (a linear scrub): a curve's or a spring's progress is `f` itself, a keyframe track is at
    /// relative time `f`, a fling at time f x its duration.
    func linearValue(_ track: AnimationTrack, _ f: Double) -> [Double] {
        let total = endTime.isFinite ? endTime : passDuration
        let local = f * total
        if !track.keyframes.isEmpty || !track.decay.isEmpty {
            let t = passTime(of: track, atLocal: local)
            let u = passDuration > 0 ? min(max(t / passDuration, 0), 1) : 1
            return value(of: track, (u, 0, 0, 0))
        }
        let t = passTime(of: track, atLocal: local)
        let share = max(min(t / max(passDuration, 1e-300), 1), 0)
        return value(of: track, (passDuration > 0 ? share : 1, 0, 0, 0))
    }

    /// Moves the clock to `t` (seconds since the commit, delay included) and restarts counting steps.
    func setClock(_ t: Double) {
        origin = t
        steps = 0
        time = t
    }

    /// Starts over with a new definition and tracks (a property animator continuing with new timing).
    func restart(_ definition: AnimationDefinition, _ tracks: [AnimationTrack]) {
        self.definition = definition
        self.tracks = tracks
        (passDuration, spring, springPlus) = ViewAnimation.timingState(definition, tracks)
        maxOffset = tracks.map(\.offset).max() ?? 0
        runsBackward = false
        setClock(0)
    }

    /// The position the tracks' end (`.end`) or start (`.start`) stands for, for an animation
    /// that reached it or was stopped there.
    func reported(_ position: AnimationPosition) -> AnimationPosition {
        switch position {
        case .end: return endStandsFor
        case .start: return startStandsFor
        case .current: return .current
        }
    }

    static func timingState(_ definition: AnimationDefinition, _ tracks: [AnimationTrack])
        -> (Double, SpringCurve?, SpringCurve?) {
        let passDuration: Double, spring: SpringCurve?, springPlus: SpringCurve?
        switch definition.timing {
        case .curve:
            spring = nil
            springPlus = nil
            passDuration = definition.duration
        case .spring(let p, let v0):
            let curve = SpringCurve(parameters: p, initialVelocity: v0)
            spring = curve
            springPlus = SpringCurve(parameters: p, initialVelocity: v0 + 1)
            passDuration = definition.springEndsAtDuration && definition.duration > 0
                ? definition.duration
                : ViewAnimation.settlingTime(p, v0, tracks, threshold: definition.restThreshold, clamped: definition.clampsSpring)
        }
        return (passDuration, spring, springPlus)
    }

    /// The share of the active time elapsed, 0...1 (of one pass when it repeats for ever).
    public var fractionComplete: Double {
        let total = endTime.isFinite ? endTime : passDuration
        if total <= 0 { return position == .start ? 0 : (isActive ? 0 : 1) }
        let local = time - definition.delay
        if endTime.isFinite { return min(max(local / total, 0), 1) }
        return min(max(local.truncatingRemainder(dividingBy: total) / total, 0), 1)
    }

    /// The change below which a property's remaining motion is invisible: 0.1 pt for centres
    /// and sizes, 0.001 for transforms (radians, scale factors; translation at most 0.1 pt more
    /// finely) and alpha.
    static func visibleChange(_ property: AnimatableProperty) -> Double {
        switch property {
        case .center, .size: return 0.1
        case .transform, .alpha: return 0.001
        }
    }

    /// When every component of every track stays within its rest threshold for good. A track's
    /// threshold scales with its distance D (its largest component change): min(0.1 % of D, the
    /// property's visible change), so a 0-to-1 alpha spring rests within 0.001 and a 1000 pt move
    /// within 0.1 pt, not 1 pt. Component i moves as to - d X(t) + w Y(t) (d = to - from, w its
    /// inherited velocity), which is -d times the unit spring released with velocity v0 + w / d,
    /// so its settling time is that spring's at tolerance threshold / |d|.
    /// With `threshold` (``AnimationDefinition/restThreshold``) every component's band is that
    /// distance instead. A clamped spring's component ends at its first crossing when it has one.
    static func settlingTime(_ p: SpringParameters, _ v0: Double, _ tracks: [AnimationTrack], threshold override: Double? = nil,
                             clamped: Bool = false) -> Double {
        var settle = override == nil ? SpringCurve(parameters: p, initialVelocity: v0).settlingDuration() : 0
        if clamped {
            // the curve's own end: its first crossing, or its settling when it never crosses
            let unit = SpringCurve(parameters: p, initialVelocity: v0)
            settle = unit.firstTargetCrossing() ?? (override == nil ? settle : unit.settlingDuration(epsilon: override!))
            if tracks.isEmpty { return settle }
            settle = 0
        }
        for track in tracks {
            let (from, to) = track.mixingEnds
            var scale = 0.0
            for i in from.indices { scale = max(scale, abs(to[i] - from[i])) }
            let moving = track.velocity.contains(where: { $0 != 0 })
            if scale == 0 && !moving { continue }
            if scale == 0 { scale = max(1e-9, track.velocity.map(abs).max()! * 0.01) }
            let threshold = override ?? min(0.001 * scale, track.visibleChange)
            for i in from.indices {
                let w = i < track.velocity.count ? track.velocity[i] : 0
                var d = to[i] - from[i]
                if d == 0 && w == 0 { continue }
                if abs(d) < 1e-9 * scale { d = 1e-9 * scale }
                let curve = SpringCurve(parameters: p, initialVelocity: v0 + w / d)
                if clamped, let crossing = curve.firstTargetCrossing() {
                    settle = max(settle, crossing)
                    continue
                }
                let t = curve.settlingDuration(epsilon: threshold / abs(d))
                if t.isFinite { settle = max(settle, t) }
            }
        }
        return settle
    }

    /// Total active time: passes x (2 when autoreversing), infinite when repeating for ever.
    var totalDuration: Double {
        let passes = definition.repeatCount * (definition.autoreverses ? 2 : 1)
        return passes.isInfinite ? .infinity : passDuration * passes
    }

    /// At local time `t` (after the delay): eased progress p (0 at the start, 1 at the target),
    /// the unit-velocity response y of a spring, and their rates per second.
    func sample(at t: Double) -> (p: Double, y: Double, dp: Double, dy: Double) {
        let pass = passDuration
        if pass <= 0 { return (1, 0, 0, 0) }
        let total = totalDuration
        let local = min(max(t, 0), total)
        // a pass so short that the time holds more passes than a Double can count has no
        // meaningful phase: it reads as finished (validate() refuses such durations anyway)
        guard (local / pass).isFinite else { return (1, 0, 0, 0) }
        var passIndex = (local / pass).rounded(.down)
        var within = local - passIndex * pass
        if local >= total && total.isFinite {
            // the end: last pass complete (backwards when autoreversing an even number of passes)
            passIndex = (total / pass).rounded() - 1
            within = pass
        }
        var u = within / pass
        var direction = 1.0
        if definition.autoreverses && passIndex.truncatingRemainder(dividingBy: 2) == 1 {
            u = 1 - u
            direction = -1
        }
        switch definition.timing {
        case .curve(let curve):
            return (curve.value(at: u), 0, direction * curve.slope(at: u) / pass, 0)
        case .spring:
            // the ends of a pass land exactly on their values (a settled spring is only within 0.1 %)
            if u == 1 { return (1, 0, 0, 0) }
            if u == 0 && passIndex > 0 { return (0, 0, 0, 0) }
            let tau = u * pass
            let p0 = spring!.value(at: tau), v = spring!.velocity(at: tau)
            // the inherited velocity belongs to the first pass only
            if passIndex > 0 { return (p0, 0, direction * v, 0) }
            return (p0, springPlus!.value(at: tau) - p0, v, springPlus!.velocity(at: tau) - v)
        }
    }

    /// The value of a track at a sample.
    func value(of track: AnimationTrack, _ s: (p: Double, y: Double, dp: Double, dy: Double)) -> [Double] {
        if !track.keyframes.isEmpty { return keyframeValue(track, s.p) }
        if !track.decay.isEmpty {
            // a fling runs on linear time: p x duration is its clock; its end is exact
            if s.p >= 1 { return track.to.components }
            let t = s.p * passDuration
            return track.decay.map { $0.value(at: t) }
        }
        if track.space != .components {
            // a colour mixes in its space; its ends are its own values exactly
            if s.p == 0 && s.y == 0 { return track.from.components }
            if s.p == 1 && s.y == 0 { return track.to.components }
            return track.fromMixing(mixed(track, s), s.p)
        }
        var c = track.from.components
        for i in c.indices {
            c[i] += (track.to.components[i] - c[i]) * s.p
            if s.y != 0 && i < track.velocity.count { c[i] += track.velocity[i] * s.y }
        }
        return c
    }

    /// A colour track's components in its mixing space at a sample: from + (to - from) p + w y.
    func mixed(_ track: AnimationTrack, _ s: (p: Double, y: Double, dp: Double, dy: Double)) -> [Double] {
        var (c, to) = track.mixingEnds
        for i in c.indices {
            c[i] += (to[i] - c[i]) * s.p
            if s.y != 0 && i < track.velocity.count { c[i] += track.velocity[i] * s.y }
        }
        return c
    }

    /// How fast a track's value as shown changes at local time, per component in its own units
    /// per second, with the clock's direction and speed: a keyframe track's by a central
    /// difference of its value (keyframes hand no velocity on to a takeover, but a reader sees how
    /// fast they move), a colour's mixing-space velocity carried through the conversion back by a
    /// central difference along the motion, any other the closed form's.
    func shownVelocity(of track: AnimationTrack, atLocal local: Double) -> [Double] {
        let rate = runsBackward ? -speed : speed
        let n = track.from.components.count
        if !track.keyframes.isEmpty {
            let h = 1e-6
            let t0 = max(local - h, 0), t1 = min(local + h, endTime)
            guard t1 > t0 else { return Array(repeating: 0, count: n) }
            let up = trackValue(track, t1), down = trackValue(track, t0)
            return zip(up, down).map { ($0 - $1) / (t1 - t0) * rate }
        }
        let v = velocity(of: track, at: local)
        if track.space == .components || !track.decay.isEmpty { return v.map { $0 * rate } }
        let scale = v.map(abs).max() ?? 0
        if scale == 0 { return Array(repeating: 0, count: n) }
        let h = 1e-6 / scale
        let m = mixed(track, sample(for: track, atLocal: local))
        let up = track.space.value(zip(m, v).map { $0 + $1 * h }) { track.from.components }
        let down = track.space.value(zip(m, v).map { $0 - $1 * h }) { track.from.components }
        return zip(up, down).map { ($0 - $1) / (2 * h) * rate }
    }

    /// The value of a keyframe track at relative time u (0...1).
    func keyframeValue(_ track: AnimationTrack, _ u: Double) -> [Double] {
        if track.space == .components { return keyframeMix(track, u) }
        // a colour's keyframes mix in its space; the last is reached exactly
        if u >= 1 { return track.to.components }
        return track.fromMixing(keyframeMix(track, u), min(max(u, 0), 1))
    }

    /// The keyframe mix at relative time u, in the track's mixing space.
    func keyframeMix(_ track: AnimationTrack, _ u: Double) -> [Double] {
        let keys = track.keyframes
        let space = track.space
        let points = [space.mixing(track.from.components)] + keys.map { space.mixing($0.value.components) }
        func mix(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] {
            var c = a
            for i in c.indices where i < b.count { c[i] += (b[i] - a[i]) * f }
            return c
        }
        switch keyframeMode ?? .linear {
        case .linear:
            var reached = points[0]
            for (n, k) in keys.enumerated() {
                let target = points[n + 1]
                if u < k.start { return reached }
                if case .move = k.timing { reached = target; continue }
                if u < k.start + k.duration && k.duration > 0 {
                    let f = (u - k.start) / k.duration
                    switch k.timing {
                    case .linear(let curve): return mix(reached, target, curve.value(at: f))
                    case .move: return target
                    case .spring(let z):
                        // a spring built to settle at the window's end, in seconds
                        let seconds = k.duration * passDuration
                        guard seconds > 0, let p = try? SpringParameters.dampingRatio(z, duration: seconds) else { return target }
                        return mix(reached, target, SpringCurve(parameters: p).value(at: f * seconds))
                    case .cubic:
                        let before = n > 0 ? points[n - 1] : reached
                        let after = n + 2 < points.count ? points[n + 2] : target
                        return ViewAnimation.hermite(reached, target, before, after, f, hasBefore: n > 0,
                                                     hasAfter: n + 2 < points.count)
                    }
                }
                reached = target
            }
            return reached
        case .discrete:
            // the value of the last keyframe whose window has started (in order of their starts)
            var shown = points[0], latest = -Double.infinity
            for (n, k) in keys.enumerated() where k.start <= u && k.start >= latest {
                shown = points[n + 1]
                latest = k.start
            }
            return u >= 1 ? points[points.count - 1] : shown
        case .cubicPaced:
            return ViewAnimation.pacedSpline(points, u)
        case .paced:
            var lengths: [Double] = []
            for i in 1..<points.count {
                var sum = 0.0
                for j in points[i].indices where j < points[i - 1].count {
                    let d = points[i][j] - points[i - 1][j]
                    sum += d * d
                }
                lengths.append(sum.squareRoot())
            }
            let total = lengths.reduce(0, +)
            if total == 0 || u >= 1 { return points[points.count - 1] }
            var left = max(u, 0) * total
            for i in lengths.indices {
                if left <= lengths[i] && lengths[i] > 0 { return mix(points[i], points[i + 1], left / lengths[i]) }
                left -= lengths[i]
            }
            return points[points.count - 1]
        case .cubic:
            // knots: 0 for the start value, then each keyframe's end
            let knots = [0.0] + keys.map { $0.start + $0.duration }
            if u <= 0 { return points[0] }
            if u >= knots[knots.count - 1] { return points[points.count - 1] }
            var k = 0
            while k + 1 < knots.count - 1 && u >= knots[k + 1] { k += 1 }
            let span = knots[k + 1] - knots[k]
            if span <= 0 { return points[k + 1] }
            let f = (u - knots[k]) / span
            let p0 = points[k], p1 = points[k + 1]
            let before = k > 0 ? points[k - 1] : p0
            let after = k + 2 < points.count ? points[k + 2] : p1
            return ViewAnimation.hermite(p0, p1, before, after, f, hasBefore: k > 0, hasAfter: k + 2 < points.count)
        }
    }

    /// The cubic Hermite segment from p0 to p1 at f (0...1) with Catmull-Rom tangents
    /// (P[k+1] - P[k-1]) / 2, one-sided (p1 - p0) where there is no point before or after.
    static func hermite(_ p0: [Double], _ p1: [Double], _ before: [Double], _ after: [Double], _ f: Double,
                        hasBefore: Bool, hasAfter: Bool) -> [Double] {
        let f2 = f * f, f3 = f2 * f
        let h00 = 2 * f3 - 3 * f2 + 1, h10 = f3 - 2 * f2 + f, h01 = -2 * f3 + 3 * f2, h11 = f3 - f2
        var c = p0
        for i in c.indices where i < p1.count {
            let m0 = hasBefore ? (p1[i] - before[i]) / 2 : p1[i] - p0[i]
            let m1 = hasAfter ? (after[i] - p0[i]) / 2 : p1[i] - p0[i]
            c[i] = h00 * p0[i] + h10 * m0 + h01 * p1[i] + h11 * m1
        }
        return c
    }

    /// Samples per segment of the arc-length table of a paced spline.
    static let pacedSamples = 32

    /// The Catmull-Rom spline through `points` (one segment per pair, as `.cubic` draws it)
    /// at the share `u` of its length: the length is tabulated over `pacedSamples` chords per
    /// segment and the parameter found by linear interpolation in the table (Core Animation's
    /// cubic-paced mode travels its spline at an even speed the same way).
    static func pacedSpline(_ points: [[Double]], _ u: Double) -> [Double] {
        let segments = points.count - 1
        if segments < 1 || u >= 1 { return points[points.count - 1] }
        if u <= 0 { return points[0] }
        func at(_ k: Int, _ f: Double) -> [Double] {
            hermite(points[k], points[k + 1], k > 0 ? points[k - 1] : points[k], k + 2 < points.count ? points[k + 2] : points[k + 1],
                    f, hasBefore: k > 0, hasAfter: k + 2 < points.count)
        }
        let n = pacedSamples
        var lengths = [0.0]
        lengths.reserveCapacity(segments * n + 1)
        var previous = points[0]
        for k in 0..<segments {
            for j in 1...n {
                let p = at(k, Double(j) / Double(n))
                var d = 0.0
                for i in p.indices where i < previous.count { d += (p[i] - previous[i]) * (p[i] - previous[i]) }
                lengths.append(lengths[lengths.count - 1] + d.squareRoot())
                previous = p
            }
        }
        let total = lengths[lengths.count - 1]
        if total == 0 { return points[points.count - 1] }
        let goal = u * total
        // the last table entry not past the goal
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] <= goal { lo = mid } else { hi = mid }
        }
        let piece = lengths[hi] - lengths[lo]
        let within = piece > 0 ? (goal - lengths[lo]) / piece : 0
        let k = min(lo / n, segments - 1)
        let f = (Double(lo - k * n) + within) / Double(n)
        return at(k, min(f, 1))
    }

    /// The rate of change of a track at local time `t`, per component, in units per second.
    func velocity(of track: AnimationTrack, at local: Double) -> [Double] {
        let t = local - track.offset
        // a keyframe track hands no velocity on (a spring taking it over starts from rest)
        if !track.keyframes.isEmpty { return Array(repeating: 0, count: track.from.components.count) }
        if !track.decay.isEmpty {
            if t < 0 || t >= totalDuration { return Array(repeating: 0, count: track.decay.count) }
            let h = 1e-6
            return track.decay.map { ($0.value(at: t + h) - $0.value(at: max(t - h, 0))) / (t + h - max(t - h, 0)) }
        }
        let passed = passTime(of: track, atLocal: local)
        if t < 0 || passed >= totalDuration { return Array(repeating: 0, count: track.from.components.count) }
        let s = sample(for: track, atLocal: local)
        let (from, to) = track.mixingEnds
        var v = Array(repeating: 0.0, count: from.count)
        for i in v.indices {
            v[i] = (to[i] - from[i]) * s.dp
            if i < track.velocity.count { v[i] += track.velocity[i] * s.dy }
            if i < track.clampTimes.count && passed >= track.clampTimes[i] { v[i] = 0 }
        }
        return v
    }

    /// Ends the animation where it is, unfinished (see ``Animator/cancelAnimation(_:)``).
    func cancel() {
        guard isActive else { return }
        isActive = false
        position = .current
        pendingCompletion = false
    }

    var pendingCompletion: Bool? = nil
}
