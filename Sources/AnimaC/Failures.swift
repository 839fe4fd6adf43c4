import Anima
import CAnima
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// How a call of the C interface fails: a status and a sentence naming the function and the
// argument, kept per thread for anima_last_error_message(). Nothing here traps on any input a C
// caller can give: engine errors become status codes.

/// A failed call: the status to return and the sentence for anima_last_error_message().
struct Failure: Error {
    var status: anima_status
    var message: String

    init(_ status: anima_status, _ message: String) {
        self.status = status
        self.message = message
    }

    init(_ error: AnimaError) {
        self.status = anima_status(rawValue: UInt32(error.code.rawValue))
        self.message = error.message
    }

    static func null(_ argument: String) -> Failure {
        Failure(ANIMA_ERR_INVALID_ARGUMENT, "\(argument) must not be NULL")
    }
}

// MARK: thread-local last error

private let errorKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { p in free(p) }
    return key
}()

private let emptyMessage: StaticString = ""

func setLastError(_ message: String) {
    let old = pthread_getspecific(errorKey)
    let copy = strdup(message)
    pthread_setspecific(errorKey, copy)
    free(old)
}

func lastErrorPointer() -> UnsafePointer<CChar> {
    if let p = pthread_getspecific(errorKey) { return UnsafePointer(p.assumingMemoryBound(to: CChar.self)) }
    return UnsafeRawPointer(emptyMessage.utf8Start).assumingMemoryBound(to: CChar.self)
}

func clearLastError() {
    let old = pthread_getspecific(errorKey)
    pthread_setspecific(errorKey, nil)
    free(old)
}

/// Runs the body of an export that answers a question with a bool and no status
/// (anima_item_is_valid and the like): true when it throws nothing. A false that comes from
/// another thread being inside the animator (ANIMA_ERR_BUSY) also sets the last-error message,
/// so that a caller can tell it from a plain no.
func answer(_ function: StaticString, _ body: () throws(Failure) -> Void) -> Bool {
    guarded {
        do throws(Failure) {
            try body()
            return true
        } catch {
            if error.status == ANIMA_ERR_BUSY { setLastError("\(function): \(error.message)") }
            return false
        }
    }
}

/// Calls into the engine, turning its error into a Failure.
@inline(__always)
func engine<T>(_ body: () throws(AnimaError) -> T) throws(Failure) -> T {
    do { return try body() } catch { throw Failure(error) }
}
