#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A pthread mutex in memory of its own (a pthread mutex must not move),
/// for the classes that share state across isolation domains: the lazily
/// built identity table of a snapshot, the buffer of an event stream.
/// `Synchronization.Mutex` would do, but needs iOS 18 and macOS 15.
///
/// `~Copyable`, so no copy can outlive the memory it points at: the mutex is
/// freed once, by `deinit`, when its one owner (a stored `let` of a class)
/// goes away.
struct _Mutex: ~Copyable {
  private let pointer: UnsafeMutablePointer<pthread_mutex_t>

  /// A new, unlocked mutex.
  init() {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: pthread_mutex_t())
    pthread_mutex_init(pointer, nil)
  }

  deinit {
    pthread_mutex_destroy(pointer)
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  /// Waits for the mutex and takes it.
  borrowing func lock() { pthread_mutex_lock(pointer) }

  /// Gives the mutex back.
  borrowing func unlock() { pthread_mutex_unlock(pointer) }

  /// Runs `body` with the mutex held.
  borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
