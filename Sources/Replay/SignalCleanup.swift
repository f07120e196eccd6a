import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files to remove if the process is killed by SIGINT, SIGTERM, SIGPIPE or SIGXFSZ while it writes them:
/// a part file's temporary, which must not outlive an export stopped half way.
///
/// ```swift
/// let token = SignalCleanup.register(temporary)   // handlers installed with the first path
/// defer { SignalCleanup.unregister(token) }       // previous handlers back with the last one
/// ```
///
/// The handler may run on any thread at any moment, so it only reads the registered paths (C strings
/// made before they are registered) and calls what POSIX lists as async-signal-safe: `unlink` for each
/// path, then `signal` to restore the default action and `raise` to die of the signal as if nothing had
/// caught it (the exit status a shell or a batch engine expects). A signal the process ignored when the
/// first path was registered (`nohup`, a background job's SIGINT) stays ignored.
enum SignalCleanup {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGPIPE, SIGXFSZ]
  static let capacity = 64

  /// What `register` gives back: the slot to clear.
  struct Token: Sendable {
    fileprivate var slot: Int
  }

  /// The paths the handler removes: `capacity` slots of C strings, allocated once and never freed, so
  /// the handler never reads freed memory. A slot is written whole (one pointer) while the handler may
  /// read it; `registry` serializes the writers.
  nonisolated(unsafe) fileprivate static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    return slots
  }()

  /// The handlers replaced while paths are registered, to put back when none is left.
  private final class Registry: @unchecked Sendable {
    // `count` and `previous` are read and written only while holding `lock`, as the slots are written.
    let lock = DispatchSemaphore(value: 1)
    var count = 0
    var previous: [Int32: SignalHandler?] = [:]
  }
  private static let registry = Registry()

  /// Registers `path` for removal on a fatal signal; `nil` when every slot is taken (the export then
  /// still works, and a stale temporary is removed by the next export into its directory).
  static func register(_ path: SystemPath) -> Token? {
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: path.bytes.count + 1)
    for (index, byte) in path.bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
    copy[path.bytes.count] = 0
    registry.lock.wait()
    defer { registry.lock.signal() }
    guard let slot = (0..<capacity).first(where: { slots[$0] == nil }) else {
      copy.deallocate()
      return nil
    }
    if registry.count == 0 { install() }
    registry.count += 1
    slots[slot] = copy
    return Token(slot: slot)
  }

  /// Stops removing the path (it was renamed, or removed already).
  static func unregister(_ token: Token) {
    registry.lock.wait()
    defer { registry.lock.signal() }
    // The path's bytes are left allocated, a few per part file: a handler that read the slot just before
    // may still be using them.
    guard slots[token.slot] != nil else { return }
    slots[token.slot] = nil
    registry.count -= 1
    if registry.count == 0 { restore() }
  }

  /// Installs the handler for every signal the process does not ignore (with the lock held).
  private static func install() {
    for number in signals {
      let previous: SignalHandler? = signal(number, removeRegisteredPaths)
      if isIgnored(previous) {
        signal(number, SIG_IGN)
      } else {
        registry.previous[number] = previous
      }
    }
  }

  /// Puts back the handlers `install` replaced (with the lock held).
  private static func restore() {
    for (number, previous) in registry.previous { signal(number, previous) }
    registry.previous = [:]
  }

  /// A C signal handler, as `signal` takes and returns it (spelt out: `sighandler_t` is glibc's name).
  typealias SignalHandler = @convention(c) (Int32) -> Void

  private static func isIgnored(_ handler: SignalHandler?) -> Bool {
    // Function pointers are not Equatable: compared by their bits.
    let ignore: SignalHandler? = SIG_IGN
    return withUnsafeBytes(of: handler) { lhs in withUnsafeBytes(of: ignore) { lhs.elementsEqual($0) } }
  }
}

/// The handler: removes every registered path, then dies of the signal by its default action.
private func removeRegisteredPaths(_ number: Int32) {
  let slots = SignalCleanup.slots
  for index in 0..<SignalCleanup.capacity {
    if let path = slots[index] { unlink(path) }
  }
  signal(number, SIG_DFL)
  raise(number)
}
