extension ExportTable {
  /// A transition and the path of the trace it was reconstructed from.
  typealias TransitionRow = (path: String, transition: ReconstructedTransition)

  /// The columns of `transitions`, one row per reconstructed transition (<doc:ExportTables#transitions>).
  static let transitionFields: [ExportField<TransitionRow>] = [
    .schemaVersion,
    .trace { $0.path },
    ExportField(ExportColumn("presentation_id", .varchar, "The presentation's id in the trace.")) {
      .varchar($0.transition.id)
    },
    ExportField(ExportColumn("kind", .varchar, "`presentation` or `dismissal`.")) {
      .varchar($0.transition.kind.rawValue)
    },
    ExportField(
      ExportColumn(
        "style", .varchar, nullable: true,
        "The style its `present` named (a dismissal carries its presentation's); null when none did.")
    ) { .text($0.transition.style) },
    ExportField(
      ExportColumn(
        "source", .varchar,
        "What the app could log: `controller` (a custom presentation controller), `animator` (an animator only) or `observed` (a system style seen from outside)."
      )
    ) { .varchar($0.transition.source.rawValue) },
    ExportField(ExportColumn("animated", .boolean, "Whether the transition was animated.")) {
      .boolean($0.transition.animated)
    },
    ExportField(
      ExportColumn("interactive", .boolean, "Whether an interaction drove it (`startInteractiveTransition`).")
    ) {
      .boolean($0.transition.interactive)
    },
    ExportField(
      ExportColumn("interruptible", .boolean, "Whether the animator vended an interruptible animator.")
    ) {
      .boolean($0.transition.interruptible)
    },
    ExportField(ExportColumn("swipe", .boolean, "A dismissal the user started by swiping the sheet.")) {
      .boolean($0.transition.swipe)
    },
    ExportField(
      ExportColumn("interruptions", .bigint, "How many times the user caught the transition again.")
    ) {
      .bigint($0.transition.interruptions.count)
    },
    ExportField(
      ExportColumn(
        "outcome", .varchar,
        "`completed`, `cancelled`, `never-completed` (reported as a hang, or a present UIKit dropped) or "
          + "`unfinished` (the recording was cut)."
      )
    ) { .varchar($0.transition.outcome.rawValue) },
    ExportField(
      ExportColumn(
        "commit", .varchar, nullable: true, "The interaction's deciding `finish` or `cancel`; null when none."
      )
    ) { .text($0.transition.commit?.kind.rawValue) },
    ExportField(
      ExportColumn(
        "commit_progress", .double, nullable: true, unit: "fraction",
        "The progress at which the user let go (0 to 1); null without a commit.")
    ) { .seconds($0.transition.commit?.progress) },
    ExportField(
      ExportColumn(
        "requested_t", .double, nullable: true, unit: "seconds",
        "When `present` or `dismiss` was called (trace time).")
    ) { .seconds($0.transition.requestedT) },
    ExportField(
      ExportColumn(
        "will_begin_t", .double, nullable: true, unit: "seconds",
        "`*WillBegin`, or the callback that stands for it when the app could not log it.")
    ) { .seconds($0.transition.willBeginT) },
    ExportField(
      ExportColumn(
        "animation_start_t", .double, nullable: true, unit: "seconds",
        "The first of `animateTransition`, `interruptibleAnimator`, `startInteractiveTransition`.")
    ) { .seconds($0.transition.animationStartT) },
    ExportField(
      ExportColumn("complete_t", .double, nullable: true, unit: "seconds", "The first `completeTransition`.")
    ) {
      .seconds($0.transition.completeT)
    },
    ExportField(ExportColumn("did_end_t", .double, nullable: true, unit: "seconds", "`*DidEnd`.")) {
      .seconds($0.transition.didEndT)
    },
    ExportField(
      ExportColumn(
        "ended_t", .double, nullable: true, unit: "seconds",
        "When it left flight, whatever ended it (`*DidEnd`, `completeTransition`, an appearance callback); null for a hang."
      )
    ) { .seconds($0.transition.endedT) },
    ExportField(
      ExportColumn(
        "declared_duration", .double, nullable: true, unit: "seconds",
        "The animator's or the interaction's declared duration.")
    ) { .seconds($0.transition.declaredDuration) },
    ExportField(
      ExportColumn(
        "measured_duration", .double, nullable: true, unit: "seconds",
        "`completeTransition` minus the animation's start: what the animation took.")
    ) { .seconds($0.transition.measuredDuration) },
    ExportField(ExportColumn("layout_passes", .bigint, "Container layout passes during the transition.")) {
      .bigint($0.transition.layoutPasses.count)
    },
    ExportField(ExportColumn("findings", .bigint, "Findings that belong to this transition.")) {
      .bigint($0.transition.findings.count)
    },
    ExportField(ExportColumn("first_line", .bigint, "The trace line of its first event (1-based).")) {
      .bigint($0.transition.firstLine)
    },
    ExportField(ExportColumn("last_line", .bigint, "The trace line of its last event.")) {
      .bigint($0.transition.lastLine)
    },
    // Last rather than next to `style`: a column added at the end keeps the schema version, so queries
    // that name their columns keep working (ExportTables.md, Versions).
    ExportField(
      ExportColumn(
        "resolved_style", .varchar, nullable: true,
        "The style UIKit resolved, as the presented controller's first `viewWillAppear` recorded it (a dismissal carries its presentation's); null when none was recorded."
      )
    ) { .text($0.transition.resolvedStyle) },
  ]
}
