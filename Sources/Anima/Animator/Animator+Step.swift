extension Animator {
    // MARK: clock

    /// Consumes frame time through the fixed-rate accumulator and runs whole internal steps
    /// while running. Throws `.busy` from inside a callback, `.invalidArgument` for a time that is
    /// negative, not finite or longer than the configuration's `maximumAdvance`, and
    /// `.interrupted` when a callback called ``interrupt()`` (the rest of the time is then
    /// dropped).
    public func advance(_ seconds: Double) throws(AnimaError) {
        guard inCallback == 0 else { throw AnimaError(.busy, "advance cannot be called from inside a callback") }
        guard seconds.isFinite && seconds >= 0 else {
            throw AnimaError(.invalidArgument, "seconds must be finite and >= 0 (got \(seconds))")
        }
        guard seconds <= configuration.maximumAdvance else {
            throw AnimaError(.invalidArgument, "seconds must be at most the animator's maximum advance of \(configuration.maximumAdvance) s (got \(seconds)); advance in shorter calls or raise the maximum")
        }
        world.clearContactEvents()
        try deliverResumeIfNeeded()
        guard isRunning else {
            accumulator = 0
            return
        }
        let before = accumulator
        accumulator += timeScale == 1 ? seconds : seconds * timeScale
        // a tolerance of one part in 1e9 of a step lets 1/60 s run exactly two 1/120 s steps
        let threshold = stepDuration * (1 - 1e-9)
        var ran = false
        while accumulator >= threshold {
            // a step whose storage cannot be had: with no step run yet, the call changed nothing
            // (the time it was given is not kept); after some ran, the rest of the time is dropped
            do { try world.reserveStepRoom() } catch {
                accumulator = ran ? 0 : before
                throw error
            }
            ran = true
            accumulator -= stepDuration
            try runStep()
            if !isRunning {
                accumulator = 0
                break
            }
        }
        if accumulator < 0 { accumulator = 0 }
    }

    /// Runs exactly one internal step if running; does nothing while paused.
    public func step() throws(AnimaError) {
        guard inCallback == 0 else { throw AnimaError(.busy, "step cannot be called from inside a callback") }
        world.clearContactEvents()
        try deliverResumeIfNeeded()
        if isRunning {
            // a step that cannot have its storage fails here, before it changes anything
            try world.reserveStepRoom()
            try runStep()
        }
    }

    /// From inside a callback: the running advance or step ends after the current internal step.
    public func interrupt() {
        if inCallback > 0 { interruptRequested = true }
    }

    /// True while a callback of this animator is running.
    public var isInCallback: Bool { inCallback > 0 }

    private func deliverResumeIfNeeded() throws(AnimaError) {
        if pendingResumeNotification {
            pendingResumeNotification = false
            if let f = onWillResume {
                try withCallback { f(self) }
            }
        }
    }

    /// Runs `body` as a callback: graph edits made inside only mark the graph dirty (they take
    /// effect at the next step) and advance/step/destroy are refused.
    func withCallback(_ body: () -> Void) throws(AnimaError) {
        inCallback += 1
        body()
        inCallback -= 1
        if inCallback == 0 && world.bodyListsDirty { world.rebuildBodyLists() }
        if inCallback == 0 && interruptRequested {
            interruptRequested = false
            accumulator = 0
            throw AnimaError(.interrupted, "a callback interrupted the step")
        }
    }

    // MARK: one internal step

    /// One internal step; its callers (`advance`, `step`) have checked its storage's room first
    /// (`World.reserveStepRoom`), so that a refusal comes before anything changes.
    func runStep() throws(AnimaError) {
        if graphDirty { rebuildGraph() }
        // items put to sleep since the last step (setAwake) join the lists once, here
        if world.bodyListsDirty { world.rebuildBodyLists() }
        isStepping = true
        defer { endStep() }
        let h = stepDuration
        let stepBegan = beganContacts.count
        let stepEnded = endedContacts.count
        displayFrom.record(store)
        PhaseClock.beginStep()
        defer { PhaseClock.mark(.afterSolve) }
        // view animations move their items first, so this step's collisions see the new values
        advanceAnimations(h)
        world.step(h)
        updateSensors()
        stepCount += 1
        elapsedTime += h
        deliverContacts(from: stepBegan, stepEnded)
        // UIKit's order: contact delegates, then every behavior's action, then the stop check
        var interrupted = runContactCallbacks()
        if !interrupted { interrupted = runActions() }
        if !interrupted { interrupted = runValueCallbacks() }
        if !interrupted { interrupted = runCompletions() }
        updateRest(h)
        if !interrupted { interrupted = runPauseCallback() }
        if !interrupted, let f = onStep {
            do { try withCallback { f(self) } } catch { interrupted = true }
        }
        // a request made inside the solve (a custom field's evaluation) ends the step here
        if interruptRequested {
            interruptRequested = false
            interrupted = true
        }
        // a growth of the contact storage refused during the step: the step ran without the new
        // contacts it could not hold (their pairs are looked for again at the next step)
        if let refusal = world.stepRefusal {
            world.stepRefusal = nil
            accumulator = 0
            throw refusal
        }
        if interrupted {
            accumulator = 0
            throw AnimaError(.interrupted, "a callback interrupted the step")
        }
    }

    /// The world's rest update, then whether the animator pauses: nothing moves, every behavior
    /// is at rest, the graph is as the step saw it and no view animation needs more steps.
    func updateRest(_ h: Double) {
        let still = world.updateRest(h)
        refreshBehaviorHooks()
        let behaviorsRest = !behaviorHooks.contains { $0.isAdded && !$0.isAtRest }
        physicsAtRest = still && behaviorsRest && !graphDirty
        if physicsAtRest && !animationsNeedSteps {
            isRunning = false
            pendingPauseNotification = true
        }
    }

    /// Ends a step: slots freed during it become reusable, and in debug builds (and builds with
    /// `-D ANIMA_VALIDATE`, such as the fuzzer's) the engine's structures are checked (see
    /// `validationFailure()`).
    func endStep() {
        isStepping = false
        if !slotsFreedInStep.isEmpty {
            store.release(slotsFreedInStep)
            slotsFreedInStep.removeAll(keepingCapacity: true)
        }
        #if ANIMA_VALIDATE
        if let failure = validationFailure() { fatalError("Anima: inconsistent after a step: \(failure)") }
        #else
        assert(validate(), "Anima: inconsistent after a step: \(validationFailure() ?? "")")
        #endif
    }

    // MARK: contact events

    /// Runs the delegate callbacks for the events of this step.
    func deliverContacts(from began: Int, _ ended: Int) {
        if began == beganContacts.count && ended == endedContacts.count { return }
        // no handler, none to call (and no code runs before they would be called that could set
        // one): a crowd's thousands of events are not copied for nothing
        guard beganContacts[began...].contains(where: { $0.collision.onBeganContact != nil })
            || endedContacts[ended...].contains(where: { $0.collision.onEndedContact != nil }) else { return }
        pendingCallbackEvents = Array(beganContacts[began...]) + Array(endedContacts[ended...])
    }

    /// Delegate calls for the contacts of this step; true when a callback interrupted.
    func runContactCallbacks() -> Bool {
        if pendingCallbackEvents.isEmpty { return false }
        let events = pendingCallbackEvents
        pendingCallbackEvents.removeAll()
        for e in events {
            let handler = e.began ? e.collision.onBeganContact : e.collision.onEndedContact
            guard let handler else { continue }
            do { try withCallback { handler(e) } } catch { return true }
        }
        return false
    }

    /// Every action in the behavior tree, depth first, on a snapshot of the tree (actions may
    /// edit it); true when a callback interrupted.
    func runActions() -> Bool {
        refreshBehaviorHooks()
        let withActions = behaviorHooks   // a copy: an action may change the hooks
        for b in withActions where b.isAdded {
            guard let action = b.action else { continue }
            do { try withCallback { action(b) } } catch { return true }
        }
        return false
    }

    /// The did-pause delegate call after the animator came to rest; true when interrupted.
    func runPauseCallback() -> Bool {
        guard pendingPauseNotification else { return false }
        pendingPauseNotification = false
        guard let f = onDidPause else { return false }
        do { try withCallback { f(self) } } catch { return true }
        return false
    }

    /// Brings `behaviorHooks` up to date after the tree changed or a behavior's action or rest
    /// changed.
    func refreshBehaviorHooks() {
        guard behaviorHooksDirty || graphDirty else { return }
        behaviorHooksDirty = false
        behaviorHooks.removeAll(keepingCapacity: true)
        forEachBehavior { if $0.action != nil || !$0.isAtRest { behaviorHooks.append($0) } }
    }
}
