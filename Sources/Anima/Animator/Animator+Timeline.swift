/// Animations placed on one time axis that can be played, paused and sought to any time.
///
/// Record one with ``Animator/beginTimeline()``: each animation committed until
/// ``Animator/commitTimeline()`` becomes a segment starting at its delay. A segment that animates
/// a property some earlier segment also animates starts from that segment's target, so a
/// sequence of moves of one item chains without jumps.
public final class Timeline {
    /// The segments, in the order committed.
    public internal(set) var segments: [ViewAnimation] = []
    /// The time the timeline was last sought to, or 0.
    public internal(set) var seekTime = 0.0
    /// The animator that recorded it.
    public private(set) weak var owner: Animator?

    init(owner: Animator) { self.owner = owner }

    /// When the last segment ends, in seconds (infinity if one repeats for ever).
    public var duration: Double {
        segments.map { $0.definition.delay + $0.endTime }.max() ?? 0
    }

    /// The track of the latest-ending segment that starts at or before `start` and animates the
    /// property (the value a segment starting then begins from).
    func segmentBefore(_ start: Double, _ target: AnimationTarget) -> AnimationTrack? {
        var best: (end: Double, track: AnimationTrack)? = nil
        for segment in segments where segment.definition.delay <= start {
            guard let track = segment.tracks.first(where: { $0.target == target }) else { continue }
            let end = segment.definition.delay + segment.endTime
            if best == nil || end >= best!.end { best = (end, track) }
        }
        return best?.track
    }
}

extension Animator {
    /// Starts recording a timeline: animations committed until ``commitTimeline()`` become its
    /// segments, each starting at its definition's delay. Throws `.invalidState` while a
    /// timeline or an animation is being recorded.
    public func beginTimeline() throws(AnimaError) {
        guard openTimeline == nil else { throw AnimaError(.invalidState, "a timeline is already being recorded") }
        guard capture == nil else { throw AnimaError(.invalidState, "commit the animation being recorded first") }
        openTimeline = Timeline(owner: self)
    }

    /// Ends the timeline recording; its segments are already playing from time 0.
    public func commitTimeline() throws(AnimaError) -> Timeline {
        guard let timeline = openTimeline else { throw AnimaError(.invalidState, "no timeline is being recorded") }
        guard capture == nil else { throw AnimaError(.invalidState, "commit the animation being recorded first") }
        openTimeline = nil
        return timeline
    }

    /// Pauses the timeline at `time` (seconds, 0...duration) and applies every property's
    /// value there at once: for each property, the latest segment already started, or the
    /// first one (at its starting value) before any has. Segments that ended run again from
    /// there when played (their completions do not run twice).
    public func seekTimeline(_ timeline: Timeline, to time: Double) throws(AnimaError) {
        try requireFinite(time, "time")
        let duration = timeline.duration
        guard time >= 0 && (time <= duration || duration.isInfinite) else {
            throw AnimaError(.invalidArgument, "time must be in 0...\(duration) (got \(time))")
        }
        timeline.seekTime = time
        for segment in timeline.segments {
            if !segment.isActive {
                // bring an ended segment back, paused, so the timeline can play through it again
                segment.isActive = true
                segment.position = .current
                segment.pendingCompletion = nil
                finishedAnimations.removeAll { $0 === segment }
                if !animations.contains(where: { $0 === segment }) { animations.append(segment) }
            }
            segment.isPaused = true
            segment.runsBackward = false
            segment.setClock(time)
        }
        // which segment shows each property at `time`
        var shown: [Int: (start: Double, segment: ViewAnimation, track: AnimationTrack)] = [:]
        var keys: [AnimationTarget] = []
        for segment in timeline.segments {
            let start = segment.definition.delay
            for track in segment.tracks {
                let k = keys.firstIndex(of: track.target) ?? { keys.append(track.target); return keys.count - 1 }()
                if let current = shown[k] {
                    let started = start <= time
                    let currentStarted = current.start <= time
                    if (started && (!currentStarted || start >= current.start)) || (!started && !currentStarted && start < current.start) {
                        shown[k] = (start, segment, track)
                    }
                } else {
                    shown[k] = (start, segment, track)
                }
            }
        }
        for k in shown.keys.sorted() {
            let entry = shown[k]!
            let local = min(time - entry.start, entry.segment.endTime)
            write(entry.track, entry.segment.trackValue(entry.track, max(local, 0)))
        }
    }

    /// Plays the timeline from where it is (after ``seekTimeline(_:to:)`` or a pause).
    public func playTimeline(_ timeline: Timeline) {
        for segment in timeline.segments where segment.isActive && segment.isPaused {
            segment.isPaused = false
            segment.setClock(segment.time)
        }
        resume()
    }

    /// Pauses every running segment of the timeline where it is.
    public func pauseTimeline(_ timeline: Timeline) {
        for segment in timeline.segments where segment.isActive && !segment.isPaused {
            segment.isPaused = true
            segment.setClock(segment.time)
        }
    }
}
