#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of presentation traces, one file per app launch, of which it keeps the newest `keep`: how an
/// app records in production.
///
/// ```swift
/// let support = try FileManager.default.url(
///   for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
/// let store = LaunchTraceStore(directory: support.appendingPathComponent("PresentationTraces").path)
/// let launch = try store.open(metadata: metadata) { error in log("trace recording stopped: \(error)") }
/// // The UIKit glue records through launch.recorder and calls launch.requestFlush() after each transition.
/// ```
///
/// `open` creates the folder and its missing parents, creates a new file for this launch and writes its
/// header, then removes the oldest trace files beyond `keep` (this launch's file counts as one of them).
/// A file is named `trace-<UTC yyyyMMdd-HHmmss.SSS>-<pid>-<8 random hex digits>.jsonl`, so names sort by
/// creation time (on the wall clock: after it is set back, files named in its future are kept longer),
/// and is created
/// with `O_CREAT | O_EXCL`, a taken name being retried with new random digits: an earlier launch's file
/// is never truncated, appended to or reused. Pruning removes only files of exactly that naming (any
/// other file in the folder stays), never this launch's file, and never fails the launch: a file it
/// cannot remove is left for the next launch to try again.
///
/// On Apple platforms `open` marks the folder excluded from iCloud and computer backups
/// (`URLResourceValues.isExcludedFromBackup`), which covers every file in it; on Linux, which has no
/// such mark, that step does nothing (`LaunchTrace.isExcludedFromBackup` is `false`).
///
/// Each process that records needs a folder of its own (the app, each app extension): pruning cannot
/// tell another running process's file from an old one, and deletes it when it is among the oldest.
public struct LaunchTraceStore: Sendable {
  /// How many launches' traces a store keeps unless told otherwise.
  public static let defaultKeep = 5
  /// How many taken names `open` tries before giving up (each has 32 new random bits).
  static let nameAttempts = 16

  /// The folder holding the traces.
  public let directory: String
  /// How many trace files remain after `open`, this launch's included (at least 1).
  public let keep: Int

  /// A store of the traces in `directory` (created by `open` when missing), keeping `keep` of them.
  ///
  /// ```swift
  /// let store = LaunchTraceStore(directory: folder, keep: 10)
  /// ```
  public init(directory: String, keep: Int = LaunchTraceStore.defaultKeep) {
    self.directory = directory
    self.keep = max(keep, 1)
  }

  /// The paths of the folder's trace files, oldest first: the files `open` creates and prunes, and no
  /// other. Empty when the folder does not exist or cannot be read.
  ///
  /// ```swift
  /// for path in store.traces().dropLast() { upload(path) }  // every launch but this one
  /// ```
  public func traces() -> [String] {
    traceNames().map { TraceFolder.join(directory, $0) }
  }

  /// Starts this launch's trace: creates the folder when missing (and marks it excluded from backup),
  /// creates a new trace file with a header carrying `metadata`, removes the oldest files beyond `keep`,
  /// and returns a recorder writing the file through a `BackgroundFileTraceSink`.
  ///
  /// ```swift
  /// let launch = try store.open(metadata: metadata, liveAuditor: LiveAuditor { log("\($0)") }) { error in
  ///   log("trace recording stopped: \(error)")
  /// }
  /// ```
  ///
  /// `onError` hears of every write failure once, on a background queue, never on the recording thread;
  /// it also hears of events the recorder refuses (`RecordingError.Kind.invalidEvent`, a bug in the
  /// caller), which are reported at the call, on the recording thread, as `TraceRecorder` does. `naming`
  /// and `liveAuditor` are `PresentationRecorder`'s and `TraceRecorder`'s. Throws `cannotOpen` when the
  /// folder or the file cannot be created, and `writeFailed` when the header cannot be written; nothing
  /// is pruned then.
  public func open(
    metadata: LaunchTrace.Metadata, liveAuditor: LiveAuditor? = nil,
    naming: (@Sendable (AnyObject) -> String?)? = nil,
    onError: @escaping @Sendable (RecordingError) -> Void
  ) throws(RecordingError) -> LaunchTrace {
    try open(
      metadata: metadata, liveAuditor: liveAuditor, naming: naming, time: WallClockTime.now(),
      random: { UInt32.random(in: .min ... .max) }, onError: onError)
  }

  /// `open` with the wall clock, the random digits and the sink's writer hook given (for tests).
  func open(
    metadata: LaunchTrace.Metadata, liveAuditor: LiveAuditor? = nil,
    naming: (@Sendable (AnyObject) -> String?)? = nil, time: WallClockTime, random: () -> UInt32,
    beforeWrite: (@Sendable () -> Void)? = nil, onError: @escaping @Sendable (RecordingError) -> Void
  ) throws(RecordingError) -> LaunchTrace {
    try TraceFolder.create(directory)
    let excluded = BackupExclusion.exclude(folder: directory)
    let header = metadata.header(recordedAt: time.iso8601)
    var created: (name: String, sink: BackgroundFileTraceSink)?
    for _ in 0..<Self.nameAttempts where created == nil {
      let name = LaunchTraceName.make(time: time, pid: getpid(), random: random())
      do throws(RecordingError) {
        let sink = try BackgroundFileTraceSink(
          creatingNew: TraceFolder.join(directory, name), header: header, bufferCapacity: 64 << 10,
          flushDelay: 0.5, backlogLimit: 4 << 20, onError: onError, beforeWrite: beforeWrite)
        created = (name, sink)
      } catch let error where error.kind == .cannotOpen && error.code == EEXIST {
        continue
      }
    }
    guard let (name, sink) = created else {
      throw RecordingError(
        kind: .cannotOpen, code: EEXIST, path: directory,
        message: "cannot create a trace file in \(directory): \(Self.nameAttempts) new names were all taken")
    }
    let removed = prune(keeping: name)
    // The sink reports its own failures; the recorder's handler passes on only what the sink does not.
    let trace = TraceRecorder(sink: sink, liveAuditor: liveAuditor) { error in
      switch error.kind {
      case .writeFailed, .fileRemoved, .fileReplaced: break
      default: onError(error)
      }
    }
    return LaunchTrace(
      path: TraceFolder.join(directory, name), sink: sink,
      recorder: PresentationRecorder(trace, naming: naming), removedTraces: removed,
      isExcludedFromBackup: excluded)
  }

  /// The folder's trace file names, oldest first: regular files of the store's naming.
  private func traceNames() -> [String] {
    (TraceFolder.names(in: directory) ?? []).filter { name in
      LaunchTraceName.isLaunchTrace(name) && TraceFolder.isRegularFile(TraceFolder.join(directory, name))
    }
    .sorted()
  }

  /// Removes the oldest trace files beyond `keep`, never `current`; the paths removed.
  private func prune(keeping current: String) -> [String] {
    let others = traceNames().filter { $0 != current }
    let excess = others.count - (keep - 1)
    guard excess > 0 else { return [] }
    return others.prefix(excess).map { TraceFolder.join(directory, $0) }.filter(TraceFolder.removeFile)
  }
}
