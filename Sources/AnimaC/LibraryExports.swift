import Anima
import CAnima

// The library section of anima.h: version, status names and the last error, null handles.

private let versionString: StaticString = "0.1.0"

@c @implementation
public func anima_version() -> UInt32 {
    (UInt32(ANIMA_VERSION_MAJOR) << 16) | (UInt32(ANIMA_VERSION_MINOR) << 8) | UInt32(ANIMA_VERSION_PATCH)
}

@c @implementation
public func anima_version_string() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let statusNames: [StaticString] = [
    "ok", "invalid argument", "invalid handle", "wrong kind", "out of memory", "busy", "not found",
    "invalid state", "buffer too small", "interrupted",
]

@c @implementation
public func anima_status_string(_ status: anima_status) -> UnsafePointer<CChar>? {
    let raw = Int(status.rawValue)
    let name: StaticString = raw < statusNames.count ? statusNames[raw] : "unknown status"
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func anima_last_error_message() -> UnsafePointer<CChar>? { lastErrorPointer() }

@c @implementation
public func anima_clear_error() { clearLastError() }

@c @implementation
public func anima_testing_fail_allocation(_ n: Int32) -> anima_status {
    run("anima_testing_fail_allocation") { () throws(Failure) in
        try engine { () throws(AnimaError) in try AllocationFaults.failAllocation(after: Int(n)) }
    }
}

@c @implementation
public func anima_testing_get_allocation_count(_ out: UnsafeMutablePointer<UInt64>?) -> anima_status {
    run("anima_testing_get_allocation_count") { () throws(Failure) in
        guard let out else { throw Failure.null("out_count") }
        out.pointee = UInt64(AllocationFaults.allocationCount)
    }
}

@c @implementation
public func anima_animator_null() -> anima_animator { anima_animator() }

@c @implementation
public func anima_item_null() -> anima_item { anima_item() }

@c @implementation
public func anima_behavior_null() -> anima_behavior { anima_behavior() }
