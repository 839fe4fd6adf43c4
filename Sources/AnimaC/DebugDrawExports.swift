import Anima
import CAnima

// The debug drawing: the engine's state handed to C callbacks as polygons, circles, segments and points.

@c @implementation
public func anima_default_debug_draw() -> anima_debug_draw {
    anima_debug_draw(draw_polygon: nil, draw_circle: nil, draw_segment: nil, draw_point: nil,
                     flags: UInt32(ANIMA_DEBUG_DRAW_STANDARD.rawValue), context: nil)
}

@c @implementation
public func anima_animator_debug_draw(_ animator: anima_animator, _ draw: UnsafePointer<anima_debug_draw>?) -> anima_status {
    run("anima_animator_debug_draw") { () throws(Failure) in
        let box = try resolve(animator)
        guard let draw else { throw Failure.null("draw") }
        let d = draw.pointee
        guard d.flags <= UInt32(ANIMA_DEBUG_DRAW_ALL.rawValue) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "flags must be a set of ANIMA_DEBUG_DRAW_* bits, 0...31 (got \(d.flags))")
        }
        let primitives = try engine { () throws(AnimaError) in
            try box.animator.debugPrimitives(DebugDrawOptions(rawValue: Int32(d.flags)))
        }
        // every primitive is gathered: the callbacks may call the library, even destroy the animator
        for primitive in primitives {
            switch primitive {
            case let .polygon(vertices, color):
                guard let f = d.draw_polygon else { continue }
                let points = vertices.map { anima_vec2(x: $0.x, y: $0.y) }
                points.withUnsafeBufferPointer { f(d.context, $0.baseAddress, Int32(points.count), color) }
            case let .circle(center, radius, angle, color):
                d.draw_circle?(d.context, anima_vec2(x: center.x, y: center.y), radius, angle, color)
            case let .segment(from, to, color):
                d.draw_segment?(d.context, anima_vec2(x: from.x, y: from.y), anima_vec2(x: to.x, y: to.y), color)
            case let .point(p, size, color):
                d.draw_point?(d.context, anima_vec2(x: p.x, y: p.y), size, color)
            }
        }
    }
}
