/// The rest of UIViewPropertyAnimator's contract beyond pause, scrub, reverse, continue and stop
/// (Animator+Animations.swift): more completions, animations added to a running one, a playback
/// rate, and reading what a running animation does now; and the animator-wide switches for
/// reduced motion and slow motion.
extension Animator {
    /// Adds a completion, called after the animation's ``ViewAnimation/completion`` and those
    /// added before it, with the same `finished` (UIViewPropertyAnimator.addCompletion). Throws
    /// `.invalidState` once the animation has ended and its completions have run.
    public func addCompletion(_ completion: @escaping (Bool) -> Void, to a: ViewAnimation) throws(AnimaError) {
        guard a.isActive || a.pendingCompletion != nil || finishedAnimations.contains(where: { $0 === a }) else {
            throw AnimaError(.invalidState, "the animation has ended and its completions have run")
        }
        a.additionalCompletions.append(completion)
        a.completionDetached = false
    }

    /// Sets the animation's playback rate (0 < speed <= 1000; 1 is real time): its clock runs
    /// `speed` times as fast from where it is. Throws `.invalidArgument` outside that range and
    /// `.invalidState` once it has ended.
    public func setSpeed(_ speed: Double, of a: ViewAnimation) throws(AnimaError) {
        try running(a)
        guard speed.isFinite && speed > 0 && speed <= 1000 else {
            throw AnimaError(.invalidArgument, "speed must be > 0 and <= 1000 (got \(speed))")
        }
        a.setClock(a.time)
        a.speed = speed
    }

    /// Starts recording animations to add to a running one (UIViewPropertyAnimator's
    /// `addAnimations(_:delayFactor:)`): set properties as inside ``beginAnimations(_:)``, then
    /// ``commitAnimations(completion:)`` (which returns `a`, and adds the completion to it). Each
    /// recorded property runs from its value then to its target with `a`'s timing, starting
    /// `delayFactor` (0...1) x the time `a` has left and ending with `a`. A property `a` already
    /// animates is taken over. Throws `.invalidState` for an animation that ended, runs backward,
    /// repeats or autoreverses, or while another recording is open; `.invalidArgument` for a
    /// delay factor outside 0...1.
    public func beginAddingAnimations(to a: ViewAnimation, delayFactor: Double = 0) throws(AnimaError) {
        try running(a)
        try requireRange(delayFactor, 0, 1, "delay factor")
        guard capture == nil else {
            throw AnimaError(.invalidState, "an animation is already being recorded: commit it first")
        }
        guard !a.runsBackward else { throw AnimaError(.invalidState, "animations cannot be added to a reversed animation") }
        guard a.definition.repeatCount == 1 && !a.definition.autoreverses else {
            throw AnimaError(.invalidState, "animations cannot be added to one that repeats or autoreverses")
        }
        guard a.keyframeMode == nil else { throw AnimaError(.invalidState, "animations cannot be added to a keyframe animation") }
        var capture = AnimationCapture(definition: a.definition)
        capture.joining = (a, delayFactor)
        self.capture = capture
    }

    /// True between ``beginAddingAnimations(to:delayFactor:)`` and the commit that ends it.
    public var isAddingAnimations: Bool { capture?.joining != nil }

    /// The recorded targets joining `a` (see ``beginAddingAnimations(to:delayFactor:)``).
    func join(_ a: ViewAnimation, _ recorded: AnimationCapture, _ delayFactor: Double,
              _ completion: ((Bool) -> Void)?) -> ViewAnimation {
        if let completion { a.additionalCompletions.append(completion) }
        guard a.isActive, animations.contains(where: { $0 === a }) else { return a }
        let local = max(a.time - a.definition.delay, 0)
        let total = a.endTime.isFinite ? a.endTime : a.passDuration
        let left = max(total - local, 0)
        for target in recorded.targets where isLive(target.target) {
            let from = currentValue(target.target)
            // the animation's own track of the property gives way; other animations' too
            if let i = a.tracks.firstIndex(where: { $0.target == target.target }) { a.tracks.remove(at: i) }
            takeOver(target.target, sparing: [a])
            var track = makeTrack(target.target, from: from, to: target.value)
            track.offset = local + delayFactor * left
            track.span = (1 - delayFactor) * left
            if a.definition.clampsSpring, case .spring(let p, let v0) = a.definition.timing {
                track.clampTimes = ViewAnimation.crossings(p, v0, track)
            }
            a.tracks.append(track)
        }
        // each added track ends with the animation (its offset plus its span is the end time),
        // so the end time stays as it was
        resume()
        return a
    }

    /// What a running animation does to one property of an item now: the property's value as the
    /// animation gives it and its rate of change per component (units per second; zeros while
    /// paused or before its start). Throws `.notFound` when the animation does not animate it and
    /// `.invalidState` once it has ended.
    public func animatedState(of a: ViewAnimation, item: ItemID, property: AnimatableProperty) throws(AnimaError)
        -> (value: [Double], velocity: [Double]) {
        try animatedState(of: a, target: .item(item, property))
    }

    /// ``animatedState(of:item:property:)`` for an animated value.
    public func animatedState(of a: ViewAnimation, value: ValueID) throws(AnimaError) -> (value: [Double], velocity: [Double]) {
        try animatedState(of: a, target: .value(value))
    }

    func animatedState(of a: ViewAnimation, target: AnimationTarget) throws(AnimaError) -> (value: [Double], velocity: [Double]) {
        try running(a)
        guard let track = a.tracks.first(where: { $0.target == target }) else {
            throw AnimaError(.notFound, "the animation does not animate that property")
        }
        let local = a.time - a.definition.delay
        let shown = a.scrubbedLinearly ? currentValue(target).components : a.trackValue(track, max(local, 0))
        if a.isPaused { return (shown, Array(repeating: 0, count: shown.count)) }
        return (shown, a.shownVelocity(of: track, atLocal: local))
    }

    /// The velocity of whatever animation moves an item's property now, per component in units
    /// per second (zeros when none does): the rate a spring taking it over would start with.
    public func animatedVelocity(of item: ItemID, property: AnimatableProperty) throws(AnimaError) -> [Double] {
        let s = try slot(of: item)
        let n = currentValue(s, property).components.count
        for a in animations where a.isActive && !a.isPaused {
            if a.tracks.contains(where: { $0.target == .item(item, property) }) {
                return try animatedState(of: a, target: .item(item, property)).velocity
            }
        }
        return Array(repeating: 0, count: n)
    }

    // MARK: reduced motion and time scale

    /// With reduced motion on (a user's accessibility setting: GNOME's `gtk-enable-animations`
    /// off, iOS's Reduce Motion), every view and value animation reaches its end at the next
    /// step, and its completion runs with finished = true; a paused one stays paused. The physics
    /// is unchanged. Default false.
    public var reducesMotion: Bool {
        get { reducesMotionSetting }
        set {
            reducesMotionSetting = newValue
            if newValue && animations.contains(where: { $0.isActive && !$0.isPaused }) { resume() }
        }
    }

    /// How fast simulated time runs against the time given to ``advance(_:)``: 1 (the default) is
    /// real time, 0.1 ten times slower (the iOS simulator's slow animations), 2 twice as fast.
    /// Every animation and the physics run on it, still in whole internal steps, so a scene gives
    /// bit-identical states at any frame rate. Throws `.invalidArgument` outside 1e-3...1e3.
    public func setTimeScale(_ scale: Double) throws(AnimaError) {
        guard scale.isFinite && scale >= 1e-3 && scale <= 1e3 else {
            throw AnimaError(.invalidArgument, "time scale must be in 0.001...1000 (got \(scale))")
        }
        timeScale = scale
    }
}

extension Animator {
    /// Sets the spring and property-animator options of the animation being recorded (the
    /// fields of ``AnimationDefinition`` that C and Python give after the timing): its rest
    /// threshold (nil for the default), clamp, linear scrubbing and pause at completion. Throws
    /// `.invalidState` outside a recording (or while adding to a running animation, whose options
    /// the added tracks share) and `.invalidArgument` for options ``AnimationDefinition/validate()``
    /// refuses; the recording is then unchanged.
    public func setRecordingOptions(restThreshold: Double?, clampsSpring: Bool, scrubsLinearly: Bool,
                                    pausesOnCompletion: Bool) throws(AnimaError) {
        guard var recorded = capture else { throw AnimaError(.invalidState, "no animation is being recorded") }
        guard recorded.joining == nil else {
            throw AnimaError(.invalidState, "animations added to a running one take its options")
        }
        var d = recorded.definition
        d.restThreshold = restThreshold
        d.clampsSpring = clampsSpring
        d.scrubsLinearly = scrubsLinearly
        d.pausesOnCompletion = pausesOnCompletion
        try d.validate()
        recorded.definition = d
        capture = recorded
    }
}
