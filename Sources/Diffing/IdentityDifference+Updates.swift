extension IdentityDifference {
  /// Fills `updates` with every matched pair, kept in place or moved, whose
  /// content differs, sorted by old offset.
  ///
  /// Kept pairs are found by walking both collections while skipping deletes and
  /// move sources on the old side and inserts and move destinations on the new.
  ///
  /// - Complexity: O(*N* + *M* + *k* log *k*) for *k* moves, plus one
  ///   `contentEquals` call per matched pair.
  @inlinable
  internal mutating func _computeUpdates<Old: RandomAccessCollection, New: RandomAccessCollection>(
    old: Old, new: New, contentEquals: (Old.Element, Old.Element) throws -> Bool
  ) rethrows where New.Element == Old.Element {
    let movesByOld = moves.sorted { $0.from < $1.from }
    var updates: [IdentityDifference.Update] = []
    var deleteCursor = 0
    var moveCursor = 0
    var insertCursor = 0
    var destinationCursor = 0
    var j = 0
    var oldIndex = old.startIndex
    var newIndex = new.startIndex
    for i in 0..<old.count {
      defer { old.formIndex(after: &oldIndex) }
      if deleteCursor < deletes.count && deletes[deleteCursor] == i {
        deleteCursor += 1
        continue
      }
      if moveCursor < movesByOld.count && movesByOld[moveCursor].from == i {
        let to = movesByOld[moveCursor].to
        moveCursor += 1
        if try !contentEquals(old[oldIndex], new[new.index(new.startIndex, offsetBy: to)]) {
          updates.append(IdentityDifference.Update(old: i, new: to))
        }
        continue
      }
      // The next new offset that is neither inserted nor a move destination.
      while true {
        if insertCursor < inserts.count && inserts[insertCursor] == j {
          insertCursor += 1
        } else if destinationCursor < moves.count && moves[destinationCursor].to == j {
          destinationCursor += 1
        } else {
          break
        }
        j += 1
        new.formIndex(after: &newIndex)
      }
      if try !contentEquals(old[oldIndex], new[newIndex]) {
        updates.append(IdentityDifference.Update(old: i, new: j))
      }
      j += 1
      new.formIndex(after: &newIndex)
    }
    self.updates = updates
  }
}
