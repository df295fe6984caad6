import DataSourceGraphDiffing

extension ChangeBatch {
  /// Drops the moves that the other changes already imply (R18 of the
  /// article "UIKit's batch-update rules" in the DataSourceGraphSections
  /// documentation): moves whose items would land at their destinations
  /// anyway if they were left out. A combinator that maps an input's moves (a filter
  /// hides the items between, a flatten turns a section move into item
  /// moves) can produce such moves; the result is the same batch without
  /// them, which applies to the same result.
  ///
  /// Items that neither leave nor arrive (the *kept* ones) fill the free
  /// slots of their section in order. Call *a* the number of kept items
  /// before a move's source and *b* the number of free slots before its
  /// destination, both counted with every move in place. Leaving out a set
  /// *D* of moves (within one section, old and new) is exact if and only if
  /// every move of *D* has *a* = *b* and *D* is a chain: its sources and its
  /// destinations are in the same order (a kept item never overtakes
  /// another). A move with *a* ≠ *b* never becomes implied by leaving out
  /// others, so the moves dropped are a longest chain among those with
  /// *a* = *b*: the longest increasing subsequence of their destinations
  /// ordered by source (patience sorting; Schensted 1961). Repeating the
  /// check on the result drops nothing more.
  ///
  /// - Complexity: O(*k* log *k*), where *k* is the number of operations;
  ///   plus O(*s*) in the number of sections when the batch inserts,
  ///   deletes or moves sections.
  package mutating func dropImpliedMoves(oldSectionCount: Int) {
    guard !itemMoves.isEmpty || !sectionMoves.isEmpty else { return }
    dropImpliedSectionMoves()
    guard !itemMoves.isEmpty else { return }
    let shape = BatchShape(self)
    var newSectionOfOld: [Int: Int] = [:]
    let changesSections = shape.changesSections
    if changesSections {
      let origins = sectionOrigins(oldCount: oldSectionCount)
      for (t, origin) in origins.enumerated() { if let origin { newSectionOfOld[origin] = t } }
    }
    func target(of s: Int) -> Int? { changesSections ? newSectionOfOld[s] : s }
    // Candidates (a = b), grouped by destination section.
    var candidates: [Int: [ImpliedMoveCandidate]] = [:]
    for (k, move) in itemMoves.enumerated() where target(of: move.from.section) == move.to.section {
      let (f, t) = (move.from, move.to)
      if f.item - shape.removals[f.section]!.countOfElements(below: f.item)
        == t.item - shape.arrivals[t.section]!.countOfElements(below: t.item)
      {
        candidates[t.section, default: []].append(
          ImpliedMoveCandidate(move: k, from: f.item, to: t.item))
      }
    }
    guard !candidates.isEmpty else { return }
    var implied = [Bool](repeating: false, count: itemMoves.count)
    for group in candidates.values {
      for k in ImpliedMoveCandidate.longestChain(group) { implied[k] = true }
    }
    itemMoves = itemMoves.indices.compactMap { implied[$0] ? nil : itemMoves[$0] }
  }

  private mutating func dropImpliedSectionMoves() {
    guard !sectionMoves.isEmpty else { return }
    let leaving = (sectionDeletes + sectionMoves.map { $0.from }).sorted()
    let arriving = (sectionInserts.map { $0.index } + sectionMoves.map { $0.to }).sorted()
    var candidates: [ImpliedMoveCandidate] = []
    for (k, move) in sectionMoves.enumerated()
    where move.from - leaving.countOfElements(below: move.from) == move.to
      - arriving.countOfElements(below: move.to)
    {
      candidates.append(ImpliedMoveCandidate(move: k, from: move.from, to: move.to))
    }
    guard !candidates.isEmpty else { return }
    var implied = [Bool](repeating: false, count: sectionMoves.count)
    for k in ImpliedMoveCandidate.longestChain(candidates) { implied[k] = true }
    sectionMoves = sectionMoves.indices.compactMap { implied[$0] ? nil : sectionMoves[$0] }
  }
}

/// A move that the other changes imply on its own: its index in the batch,
/// its source and its destination within one section (or among sections).
struct ImpliedMoveCandidate {
  var move: Int
  var from: Int
  var to: Int

  /// The moves of a longest chain of `candidates`: sources and destinations
  /// in the same order, so a longest increasing subsequence of the
  /// destinations ordered by source.
  ///
  /// - Complexity: O(*m* log *m*) for *m* candidates.
  static func longestChain(_ candidates: [ImpliedMoveCandidate]) -> [Int] {
    guard candidates.count > 1 else { return candidates.map { $0.move } }
    let sorted = candidates.sorted { $0.from < $1.from }
    return longestIncreasingSubsequence(sorted.map { $0.to }).map { sorted[$0].move }
  }
}
