import Sections

extension ChangeBatch {
  /// Drops the moves that the other changes already imply (`UIKIT-RULES.md`
  /// R18): a move whose item would land at its destination anyway if it were
  /// left out. A combinator that maps an input's moves (a filter hides the
  /// items between, a flatten turns a section move into item moves) can
  /// produce such moves; the result is the same batch without them, which
  /// applies to the same result.
  ///
  /// A kept item (neither deleted, inserted nor moved) at old index *i*
  /// lands on the (*i* − *removed before i*)-th free slot; a move from *f*
  /// to *t* in the same section is implied when *f* minus the removals
  /// before it equals *t* minus the arrivals before it. Dropping one move
  /// can make another implied, so the check runs until nothing changes.
  ///
  /// - Complexity: O(*k* log *k*) per round for *k* moves; the section
  ///   mapping costs O(*s*) when the batch changes sections.
  mutating func dropImpliedMoves(oldSectionCount: Int) {
    guard !itemMoves.isEmpty || !sectionMoves.isEmpty else { return }
    dropImpliedSectionMoves()
    guard !itemMoves.isEmpty else { return }
    var newSectionOfOld: [Int: Int] = [:]
    let changesSections = !sectionDeletes.isEmpty || !sectionInserts.isEmpty || !sectionMoves.isEmpty
    if changesSections {
      let origins = BatchShape<SectionID, Item>.sectionOrigins(oldCount: oldSectionCount, batch: self)
      for (t, origin) in origins.enumerated() { if let origin { newSectionOfOld[origin] = t } }
    }
    func target(of s: Int) -> Int? { changesSections ? newSectionOfOld[s] : s }
    var leaving: [Int: [Int]] = [:]
    var arriving: [Int: [Int]] = [:]
    for path in itemDeletes { leaving[path.section, default: []].append(path.item) }
    for insert in itemInserts { arriving[insert.path.section, default: []].append(insert.path.item) }
    for move in itemMoves {
      leaving[move.from.section, default: []].append(move.from.item)
      arriving[move.to.section, default: []].append(move.to.item)
    }
    for key in leaving.keys { leaving[key]!.sort() }
    for key in arriving.keys { arriving[key]!.sort() }
    var changed = true
    while changed {
      changed = false
      var kept: [Move<ItemPath>] = []
      for move in itemMoves {
        let (f, t) = (move.from, move.to)
        let fromRank = f.item - Self.count(in: leaving[f.section]!, below: f.item)
        if target(of: f.section) == t.section,
          fromRank == t.item - Self.count(in: arriving[t.section]!, below: t.item)
        {
          leaving[f.section]!.remove(at: Self.count(in: leaving[f.section]!, below: f.item))
          arriving[t.section]!.remove(at: Self.count(in: arriving[t.section]!, below: t.item))
          changed = true
        } else {
          kept.append(move)
        }
      }
      itemMoves = kept
    }
  }

  private mutating func dropImpliedSectionMoves() {
    var changed = true
    while changed && !sectionMoves.isEmpty {
      changed = false
      let leaving = (sectionDeletes + sectionMoves.map(\.from)).sorted()
      let arriving = (sectionInserts.map(\.index) + sectionMoves.map(\.to)).sorted()
      if let index = sectionMoves.firstIndex(where: { move in
        move.from - Self.count(in: leaving, below: move.from) == move.to - Self.count(in: arriving, below: move.to)
      }) {
        sectionMoves.remove(at: index)
        changed = true
      }
    }
  }

  /// The number of elements below `value` in an ascending array.
  private static func count(in ascending: [Int], below value: Int) -> Int {
    var low = 0
    var high = ascending.count
    while low < high {
      let mid = (low + high) / 2
      if ascending[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
