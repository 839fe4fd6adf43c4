import Anima
import CAnima

// The timelines of the view animations section of anima.h: animations grouped on one clock,
// sought, played and paused together.

private func timeline(_ animator: anima_animator, _ id: anima_timeline) throws(Failure) -> (AnimatorBox, Timeline) {
    let box = try resolve(animator)
    guard let t = box.timelines[id] else { throw Failure(ANIMA_ERR_NOT_FOUND, "no timeline has id \(id)") }
    return (box, t)
}

@c @implementation
public func anima_timeline_begin(_ animator: anima_animator) -> anima_status {
    run("anima_timeline_begin") { () throws(Failure) in
        let box = try resolve(animator)
        try engine { () throws(AnimaError) in try box.animator.beginTimeline() }
    }
}

@c @implementation
public func anima_timeline_commit(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_timeline>?) -> anima_status {
    run("anima_timeline_commit") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_timeline") }
        let t = try engine { () throws(AnimaError) in try box.animator.commitTimeline() }
        box.nextTimeline &+= 1
        box.timelines[box.nextTimeline] = t
        out.pointee = box.nextTimeline
    }
}

@c @implementation
public func anima_timeline_seek(_ animator: anima_animator, _ id: anima_timeline, _ time: Double) -> anima_status {
    run("anima_timeline_seek") { () throws(Failure) in
        let (box, t) = try timeline(animator, id)
        try engine { () throws(AnimaError) in try box.animator.seekTimeline(t, to: time) }
    }
}

@c @implementation
public func anima_timeline_play(_ animator: anima_animator, _ id: anima_timeline) -> anima_status {
    run("anima_timeline_play") { () throws(Failure) in
        let (box, t) = try timeline(animator, id)
        box.animator.playTimeline(t)
    }
}

@c @implementation
public func anima_timeline_pause(_ animator: anima_animator, _ id: anima_timeline) -> anima_status {
    run("anima_timeline_pause") { () throws(Failure) in
        let (box, t) = try timeline(animator, id)
        box.animator.pauseTimeline(t)
    }
}

@c @implementation
public func anima_timeline_get_duration(_ animator: anima_animator, _ id: anima_timeline, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_timeline_get_duration") { () throws(Failure) in
        let (_, t) = try timeline(animator, id)
        guard let out else { throw Failure.null("out_seconds") }
        out.pointee = t.duration
    }
}

@c @implementation
public func anima_timeline_release(_ animator: anima_animator, _ id: anima_timeline) -> anima_status {
    run("anima_timeline_release") { () throws(Failure) in
        let (box, _) = try timeline(animator, id)
        box.timelines[id] = nil
    }
}
