/// How a pointer holds an item (``Animator/beginDrag(_:at:time:definition:)``).
public struct DragDefinition: Sendable, Equatable {
    /// The attachment's spring frequency in Hz; 0 (the default) holds the touched point rigidly
    /// on the pointer, as UIKit's pan recipe's attachment of length 0 does.
    public var frequency: Double = 0
    /// The spring's damping ratio when `frequency` > 0 (1 = critical). Default 1.
    public var damping: Double = 1
    /// The largest acceleration the pointer gives the item, in pt/s^2: the attachment's max force
    /// is this times the item's mass when grabbed. Default 300 000 pt/s^2 (300 times gravity 1.0):
    /// a flick from rest to 2000 pt/s within a 60 Hz frame needs 120 000, and a held item pushed
    /// into a wall with this force stops within 2 pt of it.
    public var maxAcceleration: Double = 300_000

    public init(frequency: Double = 0, damping: Double = 1, maxAcceleration: Double = 300_000) {
        self.frequency = frequency
        self.damping = damping
        self.maxAcceleration = maxAcceleration
    }
}

/// A pointer holding an item: an anchor attachment from the touched point of the item to the
/// pointer, and the pointer's samples. Made by ``Animator/beginDrag(_:at:time:definition:)``.
public final class Drag {
    /// The item held.
    public let item: ItemID
    /// The attachment that holds it (an anchor attachment of length 0 whose anchor is the
    /// pointer), added to the animator while the drag lasts.
    public let attachment: AttachmentBehavior
    /// The pointer's samples.
    public internal(set) var tracker = VelocityTracker()
    /// False once the drag has ended.
    public internal(set) var isActive = true

    init(item: ItemID, attachment: AttachmentBehavior) {
        self.item = item
        self.attachment = attachment
    }
}
