extension String {
  /// The string without the white space (spaces, tabs, line breaks) at its ends.
  ///
  /// ```swift
  /// "  traces/a.jsonl\t".trimmingWhitespace()  // "traces/a.jsonl"
  /// ```
  ///
  /// `trimmingCharacters(in:)` is not part of FoundationEssentials, all `replay` links on Linux.
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
