extension TraceReplay {
  /// The timeline's rows: each id with transitions, in the order its first transition appears, with the
  /// indices of its transitions, and the row of each id.
  ///
  /// ```swift
  /// let rows = replay.rows()
  /// for (row, id) in rows.ids.enumerated() { print(id, rows.transitionsOfRow[row].count) }
  /// ```
  ///
  /// `show` and the SVG timeline both draw one row per id; grouping once keeps them linear in the
  /// transitions (finding each row's transitions again was quadratic on a long or fuzzed trace).
  func rows() -> (ids: [String], rowOfID: [String: Int], transitionsOfRow: [[Int]]) {
    var ids: [String] = []
    var rowOfID: [String: Int] = [:]
    var transitionsOfRow: [[Int]] = []
    for (index, transition) in transitions.enumerated() {
      if let row = rowOfID[transition.id] {
        transitionsOfRow[row].append(index)
      } else {
        rowOfID[transition.id] = ids.count
        ids.append(transition.id)
        transitionsOfRow.append([index])
      }
    }
    return (ids, rowOfID, transitionsOfRow)
  }
}
