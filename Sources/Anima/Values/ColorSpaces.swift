#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a value's components mix between two values (and where springs and flings move them).
///
/// A value of `.components` mixes its numbers as they are. The three colour spaces take an sRGB
/// colour (red, green, blue and an optional alpha, each in 0...1, the encoded values a colour
/// picker shows) and mix it as CSS Color 4 does (§12, "Interpolation"): converted into the space,
/// with alpha premultiplied into the colour components, mixed there, and converted back.
public enum ValueSpace: Int32, Sendable, CaseIterable {
    /// The numbers themselves: a scalar, a point, a size, a rect, any vector of up to 4.
    case components = 0
    /// An sRGB colour mixed as its encoded components (CSS `in srgb`): what most UI toolkits do;
    /// a red-to-green mix passes through a dark olive.
    case srgb = 1
    /// An sRGB colour mixed in linear light (CSS `in srgb-linear`): physical light mixing,
    /// which looks too bright in the middle.
    case linearSRGB = 2
    /// An sRGB colour mixed in Oklab (CSS Color 4's default, Björn Ottosson 2020): perceptually
    /// even steps of lightness and hue, no dark or grey middle.
    case oklab = 3

    /// True for the three colour spaces.
    public var isColor: Bool { self != .components }
}

/// sRGB's transfer function and Oklab's matrices.
///
/// The transfer function is IEC 61966-2-1's (the piecewise curve with the 0.04045 / 0.0031308
/// knees). The forward Oklab matrices are Björn Ottosson's ("A perceptual color space for image
/// processing", 2020), from linear sRGB through LMS. The inverse ones are those matrices'
/// exact inverses in double precision rather than the 10-digit ones published with them, so that
/// a colour converted there and back returns within 1e-15, not 2e-8.
enum ColorMath {
    @inline(__always) static func linear(_ c: Double) -> Double {
        let a = abs(c)
        let v = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return c < 0 ? -v : v
    }

    @inline(__always) static func encoded(_ c: Double) -> Double {
        let a = abs(c)
        let v = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return c < 0 ? -v : v
    }

    /// Linear sRGB to Oklab (L, a, b).
    static func oklab(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// Oklab to linear sRGB.
    static func linearSRGB(_ L: Double, _ a: Double, _ b: Double) -> (Double, Double, Double) {
        let l = 0.9999999984505197 * L + 0.3963377921737678 * a + 0.21580375806075877 * b
        let m = 1.0000000088817607 * L - 0.10556134232365633 * a - 0.0638541747717059 * b
        let s = 1.0000000546724108 * L - 0.08948418209496574 * a - 1.2914855378640917 * b
        let l3 = l * l * l, m3 = m * m * m, s3 = s * s * s
        return (4.076741661347994 * l3 - 3.3077115904081933 * m3 + 0.2309699287294279 * s3,
                -1.2684380040921763 * l3 + 2.6097574006633715 * m3 - 0.3413193963102196 * s3,
                -0.004196086541837079 * l3 - 0.7034186144594495 * m3 + 1.7076147009309446 * s3)
    }
}

extension ValueSpace {
    /// A value's components in this space, where they mix: for a colour, its colour components
    /// converted and multiplied by its alpha (the fourth component, 1 when there are three).
    func mixing(_ c: [Double]) -> [Double] {
        if self == .components { return c }
        let alpha = c.count > 3 ? c[3] : 1
        var x: (Double, Double, Double)
        switch self {
        case .components, .srgb: x = (c[0], c[1], c[2])
        case .linearSRGB: x = (ColorMath.linear(c[0]), ColorMath.linear(c[1]), ColorMath.linear(c[2]))
        case .oklab: x = ColorMath.oklab(ColorMath.linear(c[0]), ColorMath.linear(c[1]), ColorMath.linear(c[2]))
        }
        var out = [x.0 * alpha, x.1 * alpha, x.2 * alpha]
        if c.count > 3 { out.append(alpha) }
        return out
    }

    /// Mixing-space components back as the value's own (the inverse of ``mixing(_:)``). Where the
    /// alpha is 0 the colour is undefined: `fallback` (a straight mix of the ends' colours) stands in.
    func value(_ m: [Double], fallback: () -> [Double]) -> [Double] {
        if self == .components { return m }
        let alpha = m.count > 3 ? m[3] : 1
        if !(alpha > 1e-12) {
            var c = fallback()
            if c.count > 3 { c[3] = max(alpha, 0) }
            return c
        }
        let x = (m[0] / alpha, m[1] / alpha, m[2] / alpha)
        var rgb: (Double, Double, Double)
        switch self {
        case .components, .srgb: rgb = x
        case .linearSRGB: rgb = (ColorMath.encoded(x.0), ColorMath.encoded(x.1), ColorMath.encoded(x.2))
        case .oklab:
            let l = ColorMath.linearSRGB(x.0, x.1, x.2)
            rgb = (ColorMath.encoded(l.0), ColorMath.encoded(l.1), ColorMath.encoded(l.2))
        }
        var out = [rgb.0, rgb.1, rgb.2]
        if m.count > 3 { out.append(alpha) }
        return out
    }
}
