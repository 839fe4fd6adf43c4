#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The arithmetic of fluid interfaces (Apple, "Designing Fluid Interfaces", WWDC 2018): where a
/// flung item would come to rest, and how far past an edge a dragged one may go.
public enum Momentum {
    /// Where a motion starting at `position` with `velocity` (units/s) comes to rest when it slows
    /// as a UIScrollView deceleration of `rate` (fraction of velocity kept per millisecond, 0 < rate
    /// < 1; UIScrollView's normal rate is 0.998): position + velocity / lambda with
    /// lambda = -1000 ln(rate) per second, the rest point of the fling curve (``DecayCurve``).
    /// Apple's sample code sums the per-millisecond series instead, velocity / 1000 x rate /
    /// (1 - rate); for 0.998 the two differ by 0.1 %.
    public static func project(position: Vec2, velocity: Vec2, rate: Double) throws(AnimaError) -> Vec2 {
        guard position.x.isFinite && position.y.isFinite && velocity.x.isFinite && velocity.y.isFinite else {
            throw AnimaError(.invalidArgument, "position and velocity must be finite")
        }
        guard rate > 0 && rate < 1 else {
            throw AnimaError(.invalidArgument, "deceleration rate must be in 0 < rate < 1 (got \(rate))")
        }
        let lambda = -1000 * log(rate)
        return position + velocity / lambda
    }

    /// UIScrollView's rubber band: an offset `x` past an edge shows as (1 - 1 / (x c / d + 1)) d,
    /// with d the dimension of the view along that axis and c the constant (Apple's 0.55). The
    /// result has the sign of `x`, starts with slope c and never reaches d. Throws
    /// `.invalidArgument` for a non-finite offset, a dimension that is not finite and > 0, or a
    /// constant that is not finite and > 0.
    public static func rubberBand(offset x: Double, dimension d: Double, constant c: Double = 0.55) throws(AnimaError) -> Double {
        guard x.isFinite else { throw AnimaError(.invalidArgument, "offset must be finite (got \(x))") }
        guard d.isFinite && d > 0 else { throw AnimaError(.invalidArgument, "dimension must be finite and > 0 (got \(d))") }
        guard c.isFinite && c > 0 else { throw AnimaError(.invalidArgument, "constant must be finite and > 0 (got \(c))") }
        let shown = (1 - 1 / (abs(x) * c / d + 1)) * d
        return x < 0 ? -shown : shown
    }

    /// A value held to `lower...upper` with rubber-banded overflow: inside the range it is
    /// unchanged; past an end it shows as that end plus ``rubberBand(offset:dimension:constant:)``
    /// of the excess.
    public static func rubberBand(_ value: Double, lower: Double, upper: Double, dimension d: Double,
                                  constant c: Double = 0.55) throws(AnimaError) -> Double {
        guard lower.isFinite && upper.isFinite && lower <= upper else {
            throw AnimaError(.invalidArgument, "range must be finite with lower <= upper (got \(lower)...\(upper))")
        }
        if value < lower { return lower + (try rubberBand(offset: value - lower, dimension: d, constant: c)) }
        if value > upper { return upper + (try rubberBand(offset: value - upper, dimension: d, constant: c)) }
        guard value.isFinite else { throw AnimaError(.invalidArgument, "value must be finite (got \(value))") }
        return value
    }
}
