/// The targets recorded between ``Animator/beginAnimations(_:)`` and ``Animator/commitAnimations(completion:)``.
struct AnimationCapture {
    var definition: AnimationDefinition
    var targets: [(target: AnimationTarget, value: AnimatableValue, keys: [Keyframe])] = []
    /// Set for a keyframe animation; then every recorded value is a keyframe of the open window.
    var keyframeMode: KeyframeMode? = nil
    var window = (start: 0.0, duration: 1.0)
    /// How the keyframes of the open window are reached (the linear mode only).
    var windowTiming: KeyframeTiming = .linear(.linear)
    /// Set by ``Animator/beginAddingAnimations(to:delayFactor:)``: the running animation the
    /// recorded targets join, and the share of its time left they wait before starting.
    var joining: (animation: ViewAnimation, delayFactor: Double)? = nil

    mutating func record(_ item: ItemID, _ property: AnimatableProperty, _ value: AnimatableValue) {
        record(.item(item, property), value)
    }

    mutating func record(_ target: AnimationTarget, _ value: AnimatableValue) {
        let key = Keyframe(start: window.start, duration: window.duration, value: value, timing: windowTiming)
        if let i = targets.firstIndex(where: { $0.target == target }) {
            targets[i].value = value
            if keyframeMode != nil { targets[i].keys.append(key) }
        } else {
            targets.append((target, value, keyframeMode != nil ? [key] : []))
        }
    }
}

extension Animator {
    /// Starts recording an animation (UIView.animate's block): until ``commitAnimations(completion:)``,
    /// setting an item's centre, size, transform or alpha records a target instead of changing it.
    public func beginAnimations(_ definition: AnimationDefinition) throws(AnimaError) {
        try definition.validate()
        guard capture == nil else {
            throw AnimaError(.invalidState, "an animation is already being recorded: commit it first")
        }
        capture = AnimationCapture(definition: definition)
    }

    /// True between ``beginAnimations(_:)`` and ``commitAnimations(completion:)``.
    public var isRecordingAnimation: Bool { capture != nil }

    /// Ends the recording and starts the animation from the items' current values to the
    /// recorded targets. A property already animating is taken over (the old animation of it ends
    /// with finished = false). With no duration and no delay the values change at once.
    @discardableResult
    public func commitAnimations(completion: ((Bool) -> Void)? = nil) throws(AnimaError) -> ViewAnimation {
        guard let recorded = capture else { throw AnimaError(.invalidState, "no animation is being recorded") }
        try admitObject(Animator.objectBytes + 256 * recorded.targets.count,
                        "commitAnimations: the animation and its \(recorded.targets.count) tracks")
        capture = nil
        if let joining = recorded.joining { return join(joining.animation, recorded, joining.delayFactor, completion) }
        var tracks: [AnimationTrack] = []
        var isSpring = false
        if case .spring = recorded.definition.timing { isSpring = true }
        // a stagger counts items (and values) in the order they were first set
        var itemOrder: [AnimationTarget] = []
        for t in recorded.targets where !itemOrder.contains(staggerKey(t.target)) { itemOrder.append(staggerKey(t.target)) }
        for target in recorded.targets where isLive(target.target) {
            var from = currentValue(target.target)
            if let timeline = openTimeline,
               let previous = timeline.segmentBefore(recorded.definition.delay, target.target) {
                // a later segment of a timeline starts where the one before it ends
                from = previous.to
            }
            var track = makeTrack(target.target, from: from, to: target.value)
            if recorded.keyframeMode != nil {
                // in order of their ends (stable): the last keyframe to end holds at the end
                let keys = target.keys.enumerated().sorted {
                    ($0.element.start + $0.element.duration, $0.offset) < ($1.element.start + $1.element.duration, $1.offset)
                }.map(\.element)
                track.keyframes = keys
                track.to = keys.last!.value
            }
            let inherited = openTimeline == nil ? takeOver(target.target)
                : takeOver(target.target, sparing: openTimeline!.segments)
            // a spring continues the motion it interrupts: no jump in velocity
            if isSpring && recorded.definition.repeatCount == 1 && !recorded.definition.autoreverses,
               let v = inherited, v.contains(where: { $0 != 0 && $0.isFinite }) {
                track.velocity = v.map { $0.isFinite ? $0 : 0 }
            }
            if recorded.definition.stagger > 0 {
                track.offset = Double(itemOrder.firstIndex(of: staggerKey(target.target))!) * recorded.definition.stagger
            }
            tracks.append(track)
        }
        nextAnimationIdentifier &+= 1
        let animation = ViewAnimation(definition: recorded.definition, tracks: tracks, identifier: nextAnimationIdentifier)
        animation.keyframeMode = recorded.keyframeMode
        animation.completion = completion
        animations.append(animation)
        openTimeline?.segments.append(animation)
        resume()
        if recorded.definition.duration == 0 && recorded.definition.delay == 0, case .curve = recorded.definition.timing {
            apply(animation, at: 0)
        }
        return animation
    }

    /// Drops the running animations' tracks of one property of one item; returns the velocity
    /// (units/s per component) the dropped track had, if one was moving it.
    @discardableResult
    func takeOver(_ target: AnimationTarget, sparing: [ViewAnimation] = []) -> [Double]? {
        var velocity: [Double]? = nil
        for a in animations where a.isActive && !sparing.contains(where: { $0 === a }) {
            guard let i = a.tracks.firstIndex(where: { $0.target == target }) else { continue }
            velocity = a.velocity(of: a.tracks[i], at: a.time - a.definition.delay)
            a.tracks.remove(at: i)
            if a.tracks.isEmpty {
                a.isActive = false
                a.pendingCompletion = false
                // its completion runs at the next step, even when this happens in a callback
                // after the step's own animations were advanced
                resume()
            }
        }
        return velocity
    }

    /// The key a stagger counts by: the item (whatever its property), or the value.
    func staggerKey(_ target: AnimationTarget) -> AnimationTarget {
        if case .item(let item, _) = target { return .item(item, .center) }
        return target
    }

    /// True while the item or the value a target names is alive.
    func isLive(_ target: AnimationTarget) -> Bool {
        switch target {
        case .item(let item, _): return store.isLive(item)
        case .value(let value): return values.isLive(value)
        }
    }

    /// A target's current value (the caller checked it is alive).
    func currentValue(_ target: AnimationTarget) -> AnimatableValue {
        switch target {
        case .item(let item, let property): return currentValue(Int(item.slot), property)
        case .value(let value): return AnimatableValue(values.components[Int(value.slot)])
        }
    }

    /// A track moving a target, with the target's mixing space and visible change.
    func makeTrack(_ target: AnimationTarget, from: AnimatableValue, to: AnimatableValue) -> AnimationTrack {
        switch target {
        case .item(let item, let property): return AnimationTrack(item: item, property: property, from: from, to: to)
        case .value(let value):
            let s = Int(value.slot)
            var track = AnimationTrack(target: target, from: from, to: to, visibleChange: values.visibleChange[s])
            track.space = values.space[s]
            return track
        }
    }

    func currentValue(_ s: Int, _ p: AnimatableProperty) -> AnimatableValue {
        switch p {
        case .center: return AnimatableValue([store.position[s].x, store.position[s].y])
        case .size: return AnimatableValue([store.size[s].width, store.size[s].height])
        case .transform:
            let t = store.transform[s]
            return AnimatableValue([store.angle[s], t.scaleX, t.scaleY, t.translationX, t.translationY])
        case .alpha: return AnimatableValue([store.alpha[s]])
        }
    }

    /// Writes the value of every track at the animation's local time (seconds past its delay).
    func apply(_ animation: ViewAnimation, at local: Double) {
        for track in animation.tracks { write(track, animation.trackValue(track, local)) }
    }

    /// Writes a track's value into its item or value (if it is still alive).
    func write(_ track: AnimationTrack, _ v: [Double]) {
        let item: ItemID, property: AnimatableProperty
        switch track.target {
        case .value(let value):
            if values.isLive(value) { values.write(Int(value.slot), v) }
            return
        case .item(let i, let p): (item, property) = (i, p)
        }
        guard store.isLive(item) else { return }
        let s = Int(item.slot)
        // a part's pose and shape are its group's; a group's size and scale are its parts'
        if property != .alpha && (store.groupOf[s] >= 0 || (store.isGroup(s) && property == .size)) { return }
        do {
            switch property {
            // An overshooting spring, a decay or an additive repeat may carry a value past the
            // range the setters accept: it is held at the edge of that range, so that no
            // animation makes a pose, size or mass the API would have refused.
            case .center:
                let c = Vec2(clamp(v[0], maximumCoordinate), clamp(v[1], maximumCoordinate))
                guard isFinite(c), store.position[s] != c else { return }
                store.position[s] = c
            case .size:
                let size = Size(width: min(max(v[0], minimumItemDimension), maximumItemDimension),
                                height: min(max(v[1], minimumItemDimension), maximumItemDimension))
                guard size.width.isFinite && size.height.isFinite, store.size[s] != size else { return }
                store.size[s] = size
                store.rebuildGeometry(s)
            case .transform:
                func scale(_ x: Double) -> Double {
                    let m = min(max(abs(x), 1e-6), 1e6)
                    return x < 0 ? -m : m
                }
                let sx = scale(v[1]), sy = scale(v[2])
                let t = ItemTransform(rotation: clamp(v[0], 1e9), scaleX: sx, scaleY: sy,
                                      translationX: clamp(v[3], maximumCoordinate), translationY: clamp(v[4], maximumCoordinate))
                guard t.rotation.isFinite && sx.isFinite && sy.isFinite && t.translationX.isFinite && t.translationY.isFinite
                else { return }
                store.transform[s] = store.isGroup(s) ? ItemTransform(rotation: t.rotation, translationX: t.translationX,
                                                                      translationY: t.translationY) : t
                store.angle[s] = t.rotation
                store.rotation[s] = Rotation(angle: t.rotation)
                store.rebuildGeometry(s)
            case .alpha:
                store.alpha[s] = min(max(v[0], 0), 1)
                return
            }
            touchProxy(s)
            partsFollow(s)
            if store.asleep[s] { world.wakeIsland(of: s) }
        }
    }

    /// Moves every animation's clock on by one internal step. Animations are evaluated in closed
    /// form at the step's time, so they pass through the same values at any frame rate.
    func advanceAnimations(_ dt: Double) {
        if animations.isEmpty { return }
        for a in animations where a.isActive && !a.isPaused {
            if reducesMotion {
                reachEnd(a)
                continue
            }
            a.steps += 1
            let run = Double(a.steps) * dt * a.speed
            a.time = a.runsBackward ? a.origin - run : a.origin + run
            let local = a.time - a.definition.delay
            let total = a.endTime
            if a.runsBackward {
                // back at (or before) the start: the animation ends there
                if local <= 1e-9 * dt {
                    apply(a, at: 0)
                    arrive(a, at: .start)
                } else {
                    apply(a, at: min(local, total))
                }
                continue
            }
            if local < -1e-9 * dt { continue }
            // one part in 1e9 of a step absorbs rounding: a 3 s animation ends at step 360 of 1/120 s
            if local >= total - 1e-9 * dt {
                apply(a, at: total)
                arrive(a, at: .end)
            } else {
                apply(a, at: max(local, 0))
            }
        }
        finishedAnimations += animations.filter { !$0.isActive }
        animations.removeAll { !$0.isActive }
    }

    /// An animation that ran to its end (or, reversed, back to its start): it ends there, or with
    /// `pausesOnCompletion` holds there, paused, its completion waiting.
    func arrive(_ a: ViewAnimation, at position: AnimationPosition) {
        guard a.definition.pausesOnCompletion else {
            finish(a, at: position, finished: true)
            return
        }
        let total = a.endTime.isFinite ? a.endTime : a.passDuration
        a.isPaused = true
        a.setClock(a.definition.delay + (position == .end ? total : 0))
    }

    /// With reduced motion: the animation jumps to its end (one pass and back for one that repeats
    /// for ever and autoreverses, one pass for one that only repeats) and arrives there.
    func reachEnd(_ a: ViewAnimation) {
        if a.runsBackward {
            apply(a, at: 0)
            arrive(a, at: .start)
            return
        }
        let end = a.endTime.isFinite ? a.endTime : a.passDuration * (a.definition.autoreverses ? 2 : 1) + a.maxOffset
        apply(a, at: end)
        if a.endTime.isFinite {
            arrive(a, at: .end)
        } else {
            finish(a, at: .end, finished: true)
        }
    }

    /// Marks an animation ended; its completion runs in the next callback phase.
    func finish(_ a: ViewAnimation, at position: AnimationPosition, finished: Bool) {
        a.isActive = false
        a.position = a.reported(position)
        a.pendingCompletion = finished
    }

    /// True while an animation that is not paused needs the animator to keep running.
    var animationsNeedSteps: Bool {
        // an animation that ended outside the advance of animations (taken over in a callback)
        // waits for the next step to be collected and its completion to run
        !finishedAnimations.isEmpty || animations.contains { !$0.isActive || !$0.isPaused }
    }

    /// Completion callbacks of the animations that ended (finished or not); true when interrupted.
    func runCompletions() -> Bool {
        while !finishedAnimations.isEmpty {
            let a = finishedAnimations.removeFirst()
            let finished = a.pendingCompletion ?? false
            a.pendingCompletion = nil
            let completions = (a.completion.map { [$0] } ?? []) + a.additionalCompletions
            a.completion = nil
            a.additionalCompletions.removeAll()
            for completion in completions {
                do { try withCallback { completion(finished) } } catch { return true }
            }
        }
        return false
    }
}

extension Animator {
    /// Cancels a running animation: its items stay where they are and its completion is called
    /// with false at the next step. Does nothing if it already ended.
    public func cancelAnimation(_ animation: ViewAnimation) {
        guard animation.isActive, animations.contains(where: { $0 === animation }) else { return }
        animation.cancel()
        animations.removeAll { $0 === animation }
        finishedAnimations.append(animation)
        resume()
    }

    /// Cancels every running animation (each completion gets false).
    public func cancelAllAnimations() {
        for a in animations where a.isActive { a.cancel(); finishedAnimations.append(a) }
        animations.removeAll()
        if !finishedAnimations.isEmpty { resume() }
    }
}

extension Animator {
    /// Abandons the recording started by ``beginAnimations(_:)``: nothing recorded changes.
    public func discardAnimations() throws(AnimaError) {
        guard capture != nil else { throw AnimaError(.invalidState, "no animation is being recorded") }
        capture = nil
    }

    /// The running animation with this identifier, if any.
    public func animation(withIdentifier id: UInt64) -> ViewAnimation? {
        animations.first { $0.identifier == id && $0.isActive }
    }

    /// The animation with this identifier whose completion has not run yet: a running one, or
    /// one that ended and whose completion runs at the next step.
    public func animationAwaitingCompletion(withIdentifier id: UInt64) -> ViewAnimation? {
        animations.first { $0.identifier == id && ($0.isActive || $0.pendingCompletion != nil) }
            ?? finishedAnimations.first { $0.identifier == id }
    }
}

// MARK: property animator (UIViewPropertyAnimator)

extension Animator {
    /// Throws `.invalidState` once the animation has ended (what every control checks first).
    func running(_ a: ViewAnimation) throws(AnimaError) {
        guard a.isActive, animations.contains(where: { $0 === a }) else {
            throw AnimaError(.invalidState, "the animation has ended")
        }
    }

    /// Pauses an animation where it is: its clock stops, and a paused animation does not keep
    /// the animator running. Throws `.invalidState` once it has ended.
    public func pauseAnimation(_ a: ViewAnimation) throws(AnimaError) {
        try running(a)
        if a.isPaused { return }
        a.isPaused = true
        a.setClock(a.time)
    }

    /// Resumes a paused animation from where it is (UIViewPropertyAnimator.startAnimation).
    public func resumeAnimation(_ a: ViewAnimation) throws(AnimaError) {
        try running(a)
        if !a.isPaused { return }
        if a.scrubbedLinearly {
            // from the values the linear scrub shows, over the time left, with its timing
            a.scrubbedLinearly = false
            try continueFromShown(a)
            return
        }
        a.isPaused = false
        a.setClock(a.time)
        resume()
    }

    /// Moves a paused animation to a share of its active time (0...1) and applies the values
    /// there at once (scrubbing). Throws `.invalidState` unless it is paused, `.invalidArgument`
    /// for a fraction outside 0...1.
    public func setFractionComplete(_ f: Double, of a: ViewAnimation) throws(AnimaError) {
        try running(a)
        try requireRange(f, 0, 1, "fraction complete")
        guard a.isPaused else { throw AnimaError(.invalidState, "pause the animation before scrubbing it") }
        let total = a.endTime.isFinite ? a.endTime : a.passDuration
        a.setClock(a.definition.delay + f * total)
        if a.definition.scrubsLinearly {
            for track in a.tracks { write(track, a.linearValue(track, f)) }
            a.scrubbedLinearly = true
        } else {
            apply(a, at: f * total)
            a.scrubbedLinearly = false
        }
    }

    /// Runs an animation backward (true) toward its start, or forward again (false).
    public func setReversed(_ reversed: Bool, of a: ViewAnimation) throws(AnimaError) {
        try running(a)
        if a.isReversed == reversed { return }
        // a reversed animation still in its delay has nothing to undo: start it now
        if reversed && a.time < a.definition.delay { a.setClock(a.definition.delay) } else { a.setClock(a.time) }
        a.runsBackward.toggle()
        if !a.isPaused { resume() }
    }

    /// Continues a paused (or running) animation with new timing: each property runs from where
    /// it is to its destination (the target, or the start when reversed) over the remaining time
    /// x `durationFactor`, with `timing` (nil keeps the current one). A spring inherits each
    /// property's current velocity. (UIViewPropertyAnimator.continueAnimation.)
    public func continueAnimation(_ a: ViewAnimation, timing: AnimationTiming?, durationFactor: Double = 1) throws(AnimaError) {
        try running(a)
        guard durationFactor.isFinite && durationFactor > 0 && durationFactor <= 1e6 else {
            throw AnimaError(.invalidArgument, "duration factor must be finite and in (0, 1e6] (got \(durationFactor))")
        }
        try restartTracks(a, timing: timing, durationFactor: durationFactor, fromShown: a.scrubbedLinearly)
    }

    /// Continues an animation paused after a linear scrub from the values it shows.
    func continueFromShown(_ a: ViewAnimation) throws(AnimaError) {
        try restartTracks(a, timing: nil, durationFactor: 1, fromShown: true)
    }

    /// New tracks from where each property is (its shown value with `fromShown`, else the value of
    /// the track at the animation's time) to its destination, over the time left x the factor.
    private func restartTracks(_ a: ViewAnimation, timing: AnimationTiming?, durationFactor: Double,
                               fromShown: Bool) throws(AnimaError) {
        a.scrubbedLinearly = false
        let local = max(a.time - a.definition.delay, 0)
        let total = a.endTime.isFinite ? a.endTime : a.passDuration
        let remaining = a.runsBackward ? local : max(total - local, 0)
        var definition = AnimationDefinition(duration: remaining * durationFactor, delay: 0,
                                             timing: timing ?? a.definition.timing)
        definition.restThreshold = a.definition.restThreshold
        definition.scrubsLinearly = a.definition.scrubsLinearly
        definition.pausesOnCompletion = a.definition.pausesOnCompletion
        if case .spring(let p, _) = definition.timing { definition.timing = .spring(p, initialVelocity: 0) }
        try definition.validate()
        // a spring carries the current motion; a paused animation has none
        var carry = !a.isPaused
        if case .curve = definition.timing { carry = false }
        var tracks: [AnimationTrack] = []
        for track in a.tracks where isLive(track.target) {
            let now = fromShown ? currentValue(track.target) : AnimatableValue(a.trackValue(track, local))
            let destination = a.runsBackward ? track.from : track.to
            var next = AnimationTrack(target: track.target, from: now, to: destination, visibleChange: track.visibleChange)
            next.space = track.space
            if carry {
                let v = a.velocity(of: track, at: local)
                if v.contains(where: { $0 != 0 && $0.isFinite }) { next.velocity = v.map { $0.isFinite ? $0 * (a.runsBackward ? -1 : 1) : 0 } }
            }
            tracks.append(next)
        }
        // the new tracks run from here (a point of neither end) to where the old ones were heading
        let destinationStandsFor = a.runsBackward ? a.startStandsFor : a.endStandsFor
        a.restart(definition, tracks)
        a.startStandsFor = .current
        a.endStandsFor = destinationStandsFor
        a.isPaused = false
        resume()
    }

    /// Stops an animation and leaves its properties at its end, its start or where they are; its
    /// completion runs at the next step with finished = (position is .end). After a continue,
    /// `.end` and `.start` are the original animation's: a continued animation's tracks reach one
    /// of them (the start, after a reversed continue); asked for the other, the properties stay
    /// where they are and the animation ends at `.current`.
    public func stopAnimation(_ a: ViewAnimation, at position: AnimationPosition) throws(AnimaError) {
        try running(a)
        let end = a.endTime.isFinite ? a.endTime : a.passDuration
        var reached = position
        if position != .current {
            if a.endStandsFor == position {
                apply(a, at: end)
            } else if a.startStandsFor == position {
                apply(a, at: 0)
            } else {
                reached = .current   // continued tracks that reach neither: the properties stay
            }
        }
        animations.removeAll { $0 === a }
        finish(a, at: .current, finished: reached == .end)
        a.position = reached
        finishedAnimations.append(a)
        resume()
    }
}

// MARK: keyframes (UIView.animateKeyframes)

extension Animator {
    /// Starts recording a keyframe animation (UIView.animateKeyframes): call
    /// ``addKeyframe(relativeStart:relativeDuration:)`` to open each keyframe's window, then set
    /// properties as in ``beginAnimations(_:)``; values set before any window span the whole
    /// duration. `mode` says how values between keyframes are found. The definition's timing
    /// maps time to the keyframes' relative time (default linear here); springs are refused.
    public func beginKeyframeAnimations(_ definition: AnimationDefinition, mode: KeyframeMode = .linear) throws(AnimaError) {
        if case .spring = definition.timing {
            throw AnimaError(.invalidArgument, "keyframe animations take a curve, not a spring")
        }
        try beginAnimations(definition)
        capture!.keyframeMode = mode
    }

    /// Opens a keyframe window: values set next are reached over relative times
    /// start...start + duration (each in 0...1, start + duration <= 1). Throws `.invalidState`
    /// outside a keyframe recording.
    public func addKeyframe(relativeStart start: Double, relativeDuration duration: Double) throws(AnimaError) {
        guard capture?.keyframeMode != nil else {
            throw AnimaError(.invalidState, "keyframes go between beginKeyframeAnimations and commitAnimations")
        }
        try requireRange(start, 0, 1, "relative start time")
        try requireRange(duration, 0, 1, "relative duration")
        guard start + duration <= 1 + 1e-12 else {
            throw AnimaError(.invalidArgument, "relative start + duration must be <= 1 (got \(start) + \(duration))")
        }
        capture!.window = (start, min(duration, 1 - start))
        capture!.windowTiming = .linear(.linear)
    }

    /// ``addKeyframe(relativeStart:relativeDuration:)`` with the way its values are reached
    /// (SwiftUI's keyframe types): eased straight, on the Catmull-Rom spline, on a spring that
    /// settles at the window's end, or at once. Throws `.invalidArgument` outside the `linear`
    /// mode (the other modes decide the path themselves) and for a damping ratio outside (0, 1].
    public func addKeyframe(relativeStart start: Double, relativeDuration duration: Double,
                            timing: KeyframeTiming) throws(AnimaError) {
        guard let mode = capture?.keyframeMode else {
            throw AnimaError(.invalidState, "keyframes go between beginKeyframeAnimations and commitAnimations")
        }
        guard mode == .linear else {
            throw AnimaError(.invalidArgument, "a keyframe's own timing needs the linear mode (this recording is \(mode))")
        }
        if case .spring(let z) = timing {
            guard z.isFinite && z > 0 && z <= 1 else {
                throw AnimaError(.invalidArgument, "a spring keyframe's damping ratio must be in (0, 1] (got \(z))")
            }
        }
        try addKeyframe(relativeStart: start, relativeDuration: duration)
        capture!.windowTiming = timing
    }
}

/// x held within -limit...limit (NaN stays NaN, for the caller's finiteness check).
@inline(__always) private func clamp(_ x: Double, _ limit: Double) -> Double { x > limit ? limit : (x < -limit ? -limit : x) }
