/// Every item's pose at the start of the last internal step. A display that refreshes at a rate
/// other than the animator's step rate would otherwise see items move by one step in some frames
/// and by two (or none) in others; interpolating between this pose and the current one at the
/// display's time moves them evenly ("Fix Your Timestep", Glenn Fiedler, 2004: the state shown is
/// previous x (1 - alpha) + current x alpha, alpha the unstepped remainder of the frame time over
/// the step length, so what is shown lags the simulation by less than one step).
struct DisplayPoses {
    var position: [Vec2] = []
    var angle: [Double] = []
    /// The creation number of the item a slot held when recorded: a slot whose item was created
    /// (or reused) since has no earlier pose and shows its current one.
    var creation: [UInt64] = []

    /// Copies every slot's pose; no allocation once the arrays have grown to the store's size.
    mutating func record(_ store: ItemStore) {
        let n = store.count
        if position.count < n {
            position.append(contentsOf: repeatElement(.zero, count: n - position.count))
            angle.append(contentsOf: repeatElement(0, count: n - angle.count))
            creation.append(contentsOf: repeatElement(0, count: n - creation.count))
        }
        position.withUnsafeMutableBufferPointer { p in
            store.position.withUnsafeBufferPointer { q in p.baseAddress!.update(from: q.baseAddress!, count: n) }
        }
        angle.withUnsafeMutableBufferPointer { p in
            store.angle.withUnsafeBufferPointer { q in p.baseAddress!.update(from: q.baseAddress!, count: n) }
        }
        creation.withUnsafeMutableBufferPointer { p in
            store.creation.withUnsafeBufferPointer { q in p.baseAddress!.update(from: q.baseAddress!, count: n) }
        }
    }

    /// An item put somewhere from outside the step shows there at once, without sliding.
    mutating func jump(_ s: Int, _ store: ItemStore) {
        if s < position.count {
            position[s] = store.position[s]
            angle[s] = store.angle[s]
        }
    }

    /// The pose of slot `s` a share `alpha` (0...1) of the way from its recorded pose to its
    /// current one.
    @inline(__always)
    func pose(_ s: Int, _ store: ItemStore, _ alpha: Double) -> (center: Vec2, angle: Double) {
        let center = store.position[s], turned = store.angle[s]
        guard s < position.count && creation[s] == store.creation[s] && alpha < 1 else { return (center, turned) }
        let from = position[s], fromAngle = angle[s]
        return (from + alpha * (center - from), fromAngle + alpha * (turned - fromAngle))
    }
}

extension Animator {
    /// Where the display's time lies between the last two internal steps, as a share of a step
    /// (0...1): the frame time that ``advance(_:)`` has not yet turned into a step, over the step
    /// length. 1 while the animator is paused (at rest, everything shows where it is).
    public var displayFraction: Double {
        isRunning ? min(max(accumulator / stepDuration, 0), 1) : 1
    }

    /// An item's centre and rotation at the display's time: between its poses at the last two
    /// internal steps by ``displayFraction``.
    public func displayPose(of item: ItemID) throws(AnimaError) -> (center: Vec2, rotation: Double) {
        let s = try slot(of: item)
        let (center, angle) = displayFrom.pose(s, store, displayFraction)
        return (center, angle)
    }

    /// Writes (x, y, rotation) at the display's time of every live item in creation order, 3
    /// values per item, as ``copyPoses(into:capacity:)`` does for the current poses; returns the
    /// number of live items.
    public func copyDisplayPoses(into buffer: UnsafeMutablePointer<Double>?, capacity: Int) -> Int {
        let alpha = displayFraction
        return copyLiveItems(into: buffer, capacity: capacity, stride: 3) { slot, out in
            let (center, angle) = displayFrom.pose(slot, store, alpha)
            out[0] = center.x
            out[1] = center.y
            out[2] = angle
        }
    }
}
