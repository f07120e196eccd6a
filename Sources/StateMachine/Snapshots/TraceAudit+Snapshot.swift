// Resuming needs the snapshot's state, and snapshots are written from reports: the loop (below them)
// leaves resuming to them.
extension TraceAudit {
  /// An audit that resumes where `snapshot` stopped (a new one without it), with the header's `ignore`
  /// and the unknown event names noted then.
  init(path: String, configuration: AuditConfiguration, resumingFrom snapshot: AuditSnapshot?) {
    self.path = path
    driver = AuditDriver(
      configuration: configuration, resuming: snapshot?.auditor, ignore: snapshot?.ignore ?? [],
      notedUnknownEvents: Set(snapshot?.reportedUnknownEvents ?? []))
    lines = snapshot?.line ?? 0
  }
}
