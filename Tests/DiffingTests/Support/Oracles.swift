import DataSourceGraphDiffing

/// The length of a longest common subsequence by the O(N·M) dynamic program,
/// independent of every algorithm under test.
func naiveLCSLength<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
  guard !a.isEmpty, !b.isEmpty else { return 0 }
  var previous = [Int](repeating: 0, count: b.count + 1)
  var current = previous
  for x in a {
    for (j, y) in b.enumerated() {
      current[j + 1] = x == y ? previous[j] + 1 : Swift.max(previous[j + 1], current[j])
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}

/// The offsets whose identity occurs more than once in `ids`.
func repeatedOffsets<T: Hashable>(_ ids: [T]) -> [Int] {
  var counts: [T: Int] = [:]
  for id in ids { counts[id, default: 0] += 1 }
  return ids.indices.filter { counts[ids[$0]]! > 1 }
}

/// Every property a difference from `old` to `new` must have, checked without
/// trusting the engine; returns a description of each violation.
func violations(
  of difference: IdentityDifference, from old: [Item], to new: [Item], checkLCS: Bool = true
) -> [String] {
  var problems: [String] = []
  func ascending(_ values: [Int], below bound: Int) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
      && values.allSatisfy { 0 <= $0 && $0 < bound }
  }
  if !ascending(difference.deletes, below: old.count) {
    problems.append("deletes not ascending in range")
  }
  if !ascending(difference.inserts, below: new.count) {
    problems.append("inserts not ascending in range")
  }
  if !ascending(difference.moves.map(\.to), below: new.count) {
    problems.append("moves not sorted by to")
  }
  if !ascending(difference.updates.map(\.old), below: old.count) {
    problems.append("updates not sorted by old")
  }
  let sources = Set(difference.moves.map(\.from))
  if sources.count != difference.moves.count || !sources.isDisjoint(with: difference.deletes) {
    problems.append("a move source repeats or is deleted (R6)")
  }
  if !Set(difference.moves.map(\.to)).isDisjoint(with: difference.inserts) {
    problems.append("a move destination is inserted (R6)")
  }
  // Reproduction (R4): applying gives `new`, content included.
  if difference.applying(to: old, taking: new) != new {
    problems.append("applying does not give new")
  }
  // Moves and updates pair equal identities; updates only where content differs.
  for move in difference.moves where move.from < old.count && move.to < new.count {
    if old[move.from].id != new[move.to].id {
      problems.append("move \(move) pairs different identities")
    }
  }
  for update in difference.updates where update.old < old.count && update.new < new.count {
    if old[update.old] == new[update.new] {
      problems.append("update \(update) without a content change")
    }
  }
  // Identity stability: no identity both deleted and inserted.
  let deletedIDs = Set(difference.deletes.filter { $0 < old.count }.map { old[$0].id })
  let insertedIDs = Set(difference.inserts.filter { $0 < new.count }.map { new[$0].id })
  if !deletedIDs.isDisjoint(with: insertedIDs) {
    problems.append(
      "identities \(deletedIDs.intersection(insertedIDs).sorted()) deleted and inserted")
  }
  // Occurrences of one identity are paired in order.
  let movesByID = Dictionary(grouping: difference.moves.filter { $0.from < old.count }) {
    old[$0.from].id
  }
  for (id, moves) in movesByID {
    let targets = moves.sorted { $0.from < $1.from }.map(\.to)
    if targets != targets.sorted() { problems.append("moves of \(id) not paired in order") }
  }
  // Duplicate report.
  let expected = IdentityDifference.Duplicates(
    old: repeatedOffsets(old.map(\.id)), new: repeatedOffsets(new.map(\.id)))
  if difference.duplicates != expected {
    problems.append("duplicates \(difference.duplicates) != \(expected)")
  }
  // Minimality: the kept elements are a longest common subsequence.
  if checkLCS {
    let kept = old.count - difference.deletes.count - difference.moves.count
    let lcs = naiveLCSLength(old.map(\.id), new.map(\.id))
    if kept != lcs { problems.append("kept \(kept) != LCS \(lcs)") }
  }
  return problems
}
