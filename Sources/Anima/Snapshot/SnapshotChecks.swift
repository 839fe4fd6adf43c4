/// Reading the animations (ANIM) of a snapshot, and the checks across sections made before a
/// restored animator is handed out.
extension SnapshotDecoder {
    // MARK: animations (ANIM)

    mutating func decodeAnimations(_ payload: inout SnapshotReader) throws(AnimaError) {
        var r = try payload.section(.animations)
        var identifiers = Set<UInt64>()
        for k in 0..<(try r.count("animations", bytesEach: 64)) {
            let what = "animation \(k)"
            let identifier = try r.u64()
            guard identifiers.insert(identifier).inserted else { throw SnapshotReader.corrupt("two animations have id \(identifier)") }
            let definition = try r.definition(what, version: version)
            var tracks: [AnimationTrack] = []
            for _ in 0..<(try r.count("\(what) tracks", bytesEach: 40)) {
                let values = animator.values
                let track = try r.track(slots: slots, valueSlots: version >= 5 ? values.components.count : -1,
                                        valueCount: { values.isLive($0) ? values.components[Int($0.slot)].count : nil },
                                        "\(what) track")
                switch track.target {
                case .item(let item, _): largestGeneration = max(largestGeneration, item.generation)
                case .value(let value): largestGeneration = max(largestGeneration, value.generation)
                }
                tracks.append(track)
            }
            let flags = try r.u8()
            guard let endStandsFor = AnimationPosition(rawValue: Int32(flags >> 4 & 3)),
                  let startStandsFor = AnimationPosition(rawValue: Int32(flags >> 6 ^ 1)) else {
                throw SnapshotReader.corrupt("\(what) has flags \(flags)")
            }
            let time = try r.finite("\(what) time")
            let steps = try r.i64()
            guard steps >= 0 && steps < 1 << 53 else { throw SnapshotReader.corrupt("\(what) has run \(steps) steps") }
            let origin = try r.finite("\(what) origin")
            let modeRaw = try r.u8()
            let mode = KeyframeMode(rawValue: Int32(modeRaw))
            guard mode != nil || modeRaw == 255 else { throw SnapshotReader.corrupt("\(what) has keyframe mode \(modeRaw)") }
            let positionRaw = try r.u8()
            guard let position = AnimationPosition(rawValue: Int32(positionRaw)) else {
                throw SnapshotReader.corrupt("\(what) ended at position \(positionRaw)")
            }
            let pass = try r.finite("\(what) pass duration", in: 0, 1e15)
            let maxOffset = try r.finite("\(what) latest track start", in: 0, 1e15)
            let pending = try r.u8()
            guard pending <= 2 else { throw SnapshotReader.corrupt("\(what) has pending completion \(pending)") }
            var speed = 1.0, scrubbed = false
            if version >= 5 {
                speed = try r.finite("\(what) speed", in: 1e-300, 1000)
                scrubbed = try r.bool("\(what) linear scrub")
            }
            let a = ViewAnimation(restoring: identifier, definition: definition, tracks: tracks, passDuration: pass, maxOffset: maxOffset)
            a.speed = speed
            a.scrubbedLinearly = scrubbed
            a.isActive = flags & 1 != 0
            a.runsBackward = flags & 2 != 0
            a.endStandsFor = endStandsFor
            a.startStandsFor = startStandsFor
            a.isPaused = flags & 4 != 0
            a.completionDetached = flags & 8 != 0
            a.time = time
            a.steps = steps
            a.origin = origin
            a.keyframeMode = mode
            a.position = position
            a.pendingCompletion = pending == 0 ? nil : pending == 2
            animations.append(a)
        }
        var listed = Set<ObjectIdentifier>()
        animator.animations = try animationList(&r, "running animations", &listed)
        animator.finishedAnimations = try animationList(&r, "finished animations", &listed)
        for k in 0..<(try r.count("timelines", bytesEach: 12)) {
            let t = Timeline(owner: animator)
            t.seekTime = try r.finite("timeline \(k) time", in: 0, .greatestFiniteMagnitude)
            var segments = Set<ObjectIdentifier>()
            t.segments = try animationList(&r, "timeline \(k) segments", &segments)
            timelines.append(t)
        }
        try r.finish(.animations)
    }

    /// Animations named by table index, none twice in `seen` (which collects them).
    private func animationList(_ r: inout SnapshotReader, _ what: String, _ seen: inout Set<ObjectIdentifier>) throws(AnimaError)
        -> [ViewAnimation] {
        var list: [ViewAnimation] = []
        for _ in 0..<(try r.count(what, bytesEach: 4)) {
            let k = try r.i32()
            guard k >= 0 && Int(k) < animations.count else { throw SnapshotReader.corrupt("\(what) name animation \(k)") }
            guard seen.insert(ObjectIdentifier(animations[Int(k)])).inserted else {
                throw SnapshotReader.corrupt("\(what) name animation \(k) twice")
            }
            list.append(animations[Int(k)])
        }
        return list
    }

    // MARK: across sections

    /// What no single field shows: the free list and the creation order against the live slots,
    /// the moved-proxy flags against the tree, then the engine's own consistency check
    /// (`Animator.validationFailure`: proxies, contacts, reporters, islands).
    func check() throws(AnimaError) {
        var live = 0
        for s in 0..<slots where store.alive[s] { live += 1 }
        var inOrder = Set<Int32>()
        for s in store.order {
            guard store.alive[Int(s)], inOrder.insert(s).inserted else {
                throw SnapshotReader.corrupt("the creation order lists slot \(s), dead or twice")
            }
        }
        guard inOrder.count == live else { throw SnapshotReader.corrupt("the creation order misses live items") }
        guard store.freeSlots.count == slots - live else {
            throw SnapshotReader.corrupt("\(store.freeSlots.count) free slots for \(slots - live) dead ones")
        }
        var contactKeys = PairKeySet()
        for c in world.contacts { contactKeys.insert(c.key) }
        guard contactKeys.count == world.contacts.count else { throw SnapshotReader.corrupt("two contacts have one key") }
        // the engine's check reads the animator's tables: give it copies of what it needs
        world.contactKeys = contactKeys
        animator.world.touchingReporters = touching
        animator.graphDirty = graphDirty
        if let failure = animator.validationFailure() { throw SnapshotReader.corrupt(failure) }
        world.contactKeys = PairKeySet()
    }
}
