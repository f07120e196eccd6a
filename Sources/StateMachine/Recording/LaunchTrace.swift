/// This launch's trace: a new file in a `LaunchTraceStore`'s folder, the sink writing it off the
/// recording thread, and a recorder ready for the UIKit glue.
///
/// ```swift
/// let launch = try LaunchTraceStore(directory: folder).open(metadata: metadata) { error in
///   log("trace recording stopped: \(error)")
/// }
/// launch.recorder.present(card, presenter: feed, animated: true, style: .custom)
/// launch.requestFlush()  // at the end of every transition: never waits
/// try launch.flush()     // in applicationWillTerminate: waits for the file
/// ```
///
/// The recorder writes through `sink`; `requestFlush()`, `flush()` and `close()` are the sink's and the
/// recorder's, gathered here so the glue keeps one value. A write failure reaches the `onError` given to
/// `LaunchTraceStore.open` once, off the recording thread (see `BackgroundFileTraceSink` for what it
/// loses); `flush()` and `close()` throw it again.
public struct LaunchTrace: Sendable {
  /// The trace file of this launch.
  public let path: String
  /// The sink writing `path`.
  public let sink: BackgroundFileTraceSink
  /// The recorder the glue calls, writing through `sink`.
  public let recorder: PresentationRecorder
  /// The earlier launches' trace files removed to keep the store's `keep`, oldest first.
  public let removedTraces: [String]
  /// Whether the folder is marked excluded from backup: `false` on Linux, which has no such mark, and
  /// on an Apple platform when setting the mark failed (the traces then get backed up, nothing else).
  public let isExcludedFromBackup: Bool

  /// Asks the sink's writer to write what was recorded, and returns at once.
  ///
  /// ```swift
  /// launch.requestFlush()
  /// ```
  public func requestFlush() { sink.requestFlush() }

  /// Writes what was recorded and returns once it is in the file; throws the failure that stopped the
  /// recording, if one did.
  ///
  /// ```swift
  /// try launch.flush()
  /// ```
  public func flush() throws(RecordingError) { try recorder.trace.flush() }

  /// Ends the recording: writes what is left and closes the file; later events are dropped.
  ///
  /// ```swift
  /// try launch.close()
  /// ```
  public func close() throws(RecordingError) { try recorder.trace.close() }
}
