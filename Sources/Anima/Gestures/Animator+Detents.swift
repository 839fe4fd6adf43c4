/// Detent drags: a pointer moving a value or an item along one axis, resting on detents
/// (Detents.swift).
extension Animator {
    /// The target's animation target and its position along the axis now (validating it).
    private func detentState(_ target: DetentTarget) throws(AnimaError) -> (AnimationTarget, [Double], Int) {
        switch target {
        case .value(let value, let component):
            let c = try components(of: value)
            guard component >= 0 && component < c.count else {
                throw AnimaError(.invalidArgument, "component must be 0...\(c.count - 1) (got \(component))")
            }
            if values.space[Int(value.slot)].isColor { throw AnimaError(.invalidArgument, "a colour has no detents") }
            return (.value(value), c, component)
        case .item(let item, let axis):
            let p = try center(of: item)
            guard axis == 0 || axis == 1 else { throw AnimaError(.invalidArgument, "axis must be 0 (x) or 1 (y) (got \(axis))") }
            return (.item(item, .center), [p.x, p.y], axis)
        }
    }

    /// Writes the target's position along its axis at once.
    private func place(_ target: DetentTarget, _ x: Double) throws(AnimaError) {
        switch target {
        case .value(let value, let component):
            var c = try components(of: value)
            let (low, high) = (values.lowerBound[Int(value.slot)], values.upperBound[Int(value.slot)])
            c[component] = min(max(x, low), high)
            try setComponents(c, of: value)
        case .item(let item, let axis):
            var p = try center(of: item)
            if axis == 0 { p.x = x } else { p.y = x }
            try setCenter(p, of: item)
        }
    }

    /// A pointer grabs a value's component or an item's centre axis at `coordinate` (along the
    /// axis) at `time` (seconds, the pointer's clock). Whatever animation moves the target stops
    /// where it is (a settle in progress is interrupted: the grab holds it there). Throws
    /// `.invalidArgument` for a bad component or axis, a colour, detents ``Detents/validate()``
    /// refuses, or a coordinate or time that is not finite; `.invalidHandle` for a dead target;
    /// `.invalidState` while an animation is being recorded.
    public func beginDetentDrag(_ target: DetentTarget, detents: Detents, at coordinate: Double,
                                time: Double) throws(AnimaError) -> DetentDrag {
        try detents.validate()
        guard capture == nil else { throw AnimaError(.invalidState, "a drag cannot start while an animation is being recorded") }
        guard coordinate.isFinite && abs(coordinate) <= maximumCoordinate && time.isFinite else {
            throw AnimaError(.invalidArgument, "coordinate and time must be finite (got \(coordinate), \(time))")
        }
        let (animationTarget, now, axis) = try detentState(target)
        takeOver(animationTarget)
        let drag = DetentDrag(target: target, detents: detents, grabOffset: now[axis] - coordinate)
        try drag.tracker.add(time: time, point: Vec2(coordinate, 0))
        detentDrags.append(drag)
        return drag
    }

    /// The pointer moved to `coordinate` at `time`: the target follows, rubber-banded past the
    /// first and last anchor. Throws `.invalidState` for an ended drag.
    public func moveDetentDrag(_ drag: DetentDrag, to coordinate: Double, time: Double) throws(AnimaError) {
        guard drag.isActive else { throw AnimaError(.invalidState, "the drag has ended") }
        guard coordinate.isFinite && abs(coordinate) <= maximumCoordinate && time.isFinite else {
            throw AnimaError(.invalidArgument, "coordinate and time must be finite (got \(coordinate), \(time))")
        }
        _ = try detentState(drag.target)
        try drag.tracker.add(time: time, point: Vec2(coordinate, 0))
        try place(drag.target, try drag.detents.rubberBanded(coordinate + drag.grabOffset))
    }

    /// The pointer let go at `time`: the target springs from where it shows, with the pointer's
    /// velocity (``VelocityTracker``), to the anchor ``Detents/target(position:velocity:)``
    /// chooses. Returns that anchor's index and value and the spring's animation (an ordinary
    /// animation: a new drag, a takeover or the property-animator controls interrupt it).
    @discardableResult
    public func endDetentDrag(_ drag: DetentDrag, time: Double,
                              completion: ((Bool) -> Void)? = nil) throws(AnimaError) -> (index: Int, anchor: Double, animation: ViewAnimation) {
        guard drag.isActive else { throw AnimaError(.invalidState, "the drag has ended") }
        guard time.isFinite else { throw AnimaError(.invalidArgument, "time must be finite (got \(time))") }
        let velocity = drag.tracker.velocity(at: time).x
        drag.isActive = false
        detentDrags.removeAll { $0 === drag }
        let (index, anchor, animation) = try settle(drag.target, onto: drag.detents, velocity: velocity, completion: completion)
        return (index, anchor, animation)
    }

    /// Springs a target onto its detents from where it is with `velocity` (units/s along the
    /// axis): the anchor ``Detents/target(position:velocity:)`` chooses, the spring starting at
    /// exactly that velocity. For a release that did not come from a detent drag (a fling
    /// handed over, a keyboard shortcut). Throws as ``beginDetentDrag(_:detents:at:time:)``.
    @discardableResult
    public func settle(_ target: DetentTarget, onto detents: Detents, velocity: Double,
                       completion: ((Bool) -> Void)? = nil) throws(AnimaError) -> (index: Int, anchor: Double, animation: ViewAnimation) {
        guard capture == nil else { throw AnimaError(.invalidState, "cannot settle while an animation is being recorded") }
        guard velocity.isFinite else { throw AnimaError(.invalidArgument, "velocity must be finite (got \(velocity))") }
        let (animationTarget, now, axis) = try detentState(target)
        let chosen = try detents.target(position: now[axis], velocity: velocity)
        takeOver(animationTarget)
        var to = now
        to[axis] = chosen.anchor
        var track = makeTrack(animationTarget, from: AnimatableValue(now), to: AnimatableValue(to))
        var v = Array(repeating: 0.0, count: now.count)
        v[axis] = velocity
        if velocity != 0 { track.velocity = v }
        nextAnimationIdentifier &+= 1
        let animation = ViewAnimation(definition: AnimationDefinition(duration: 0, timing: .spring(detents.spring, initialVelocity: 0)),
                                      tracks: [track], identifier: nextAnimationIdentifier)
        animation.completion = completion
        animations.append(animation)
        resume()
        return (chosen.index, chosen.anchor, animation)
    }
}
