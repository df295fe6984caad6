import DataSourceGraphDiffing

/// The shape of a batch's item changes, section by section, in the order
/// `Snapshot.applying(_:)` reads a batch: which items leave each old
/// section (deletes and move sources, by old offset), which arrive in each
/// new section (inserts and move destinations, by new offset), and whether
/// the sections themselves change.
///
/// The one reading of a batch per section: the nodes that replay a batch on
/// their own index structures, the check of a store's index report and the
/// search for moves the other changes imply all read it. It holds
/// positions only, so it is not generic over the batch's types.
package struct BatchShape {
  /// Per old section, the offsets of the items that leave it, ascending.
  package private(set) var removals: [Int: [Int]] = [:]
  /// Per new section, the offsets of the items that arrive in it,
  /// ascending.
  package private(set) var arrivals: [Int: [Int]] = [:]
  /// The number of items that arrive.
  package private(set) var arrivalCount = 0
  /// Whether sections are inserted, deleted or moved.
  package let changesSections: Bool

  /// Reads the shape of item changes given by position.
  ///
  /// - Complexity: O(*k* log *k*) for *k* positions.
  package init(
    deletes: [ItemPath], inserts: [ItemPath], moves: [BatchMove<ItemPath>],
    changesSections: Bool = false
  ) {
    self.changesSections = changesSections
    for path in deletes { removals[path.section, default: []].append(path.item) }
    for path in inserts { arrive(at: path) }
    note(moves)
  }

  /// Reads the shape of `batch`.
  ///
  /// - Complexity: O(*k* log *k*) in the number of operations.
  package init<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>) {
    changesSections =
      !batch.sectionDeletes.isEmpty || !batch.sectionInserts.isEmpty || !batch.sectionMoves.isEmpty
    for path in batch.itemDeletes { removals[path.section, default: []].append(path.item) }
    for insert in batch.itemInserts { arrive(at: insert.path) }
    note(batch.itemMoves)
  }

  /// The arriving positions, ascending.
  ///
  /// - Complexity: O(*a* + *s* log *s*) for *a* arrivals in *s* sections.
  package var arrivalPaths: [ItemPath] {
    var paths: [ItemPath] = []
    paths.reserveCapacity(arrivalCount)
    for section in arrivals.keys.sorted() {
      for item in arrivals[section]! { paths.append(ItemPath(section: section, item: item)) }
    }
    return paths
  }

  /// The old path of the item at new path `path`, an item that stays (no
  /// arrival) in a section that stays; `origins` gives each new section's
  /// old index (`nil` for an inserted one), or is `nil` when the sections
  /// do not change. `nil` for a path in an inserted section.
  ///
  /// - Complexity: O(log *a* + *r*) for the *a* arrivals and *r* removals
  ///   of its section.
  package func oldPath(ofStaying path: ItemPath, origins: [Int?]?) -> ItemPath? {
    var section = path.section
    if let origins {
      guard let origin = origins[path.section] else { return nil }
      section = origin
    }
    var index = path.item - (arrivals[path.section]?.countOfElements(below: path.item) ?? 0)
    for removed in removals[section] ?? [] {
      guard removed <= index else { break }
      index += 1
    }
    return ItemPath(section: section, item: index)
  }

  /// The new paths of `paths`, ascending old paths of items that stay (none
  /// deleted or moved) in sections that stay; `newIndexOfOld` gives each
  /// old section's new index. The *r*-th item of a section that stays
  /// fills the *r*-th position of its new section that no arrival takes.
  ///
  /// - Complexity: O(*k* + *r* + *a*) for *k* paths and the *r* removals
  ///   and *a* arrivals of their sections.
  package func newPaths(ofStaying paths: [ItemPath], newIndexOfOld: [Int]) -> [ItemPath] {
    var result: [ItemPath] = []
    result.reserveCapacity(paths.count)
    var section = -1
    var (removed, arrived) = (0, 0)
    var (leaving, coming): ([Int], [Int]) = ([], [])
    var target = 0
    for path in paths {
      if path.section != section {
        section = path.section
        target = newIndexOfOld[section]
        (removed, arrived) = (0, 0)
        leaving = removals[section] ?? []
        coming = arrivals[target] ?? []
      }
      while removed < leaving.count, leaving[removed] < path.item { removed += 1 }
      let rank = path.item - removed
      while arrived < coming.count, coming[arrived] <= rank + arrived { arrived += 1 }
      result.append(ItemPath(section: target, item: rank + arrived))
    }
    return result
  }

  private mutating func arrive(at path: ItemPath) {
    arrivals[path.section, default: []].append(path.item)
    arrivalCount += 1
  }

  /// Adds the moves, then puts every section's offsets in order.
  private mutating func note(_ moves: [BatchMove<ItemPath>]) {
    for move in moves {
      removals[move.from.section, default: []].append(move.from.item)
      arrive(at: move.to)
    }
    for (section, offsets) in removals where offsets.count > 1 {
      removals[section] = offsets.sorted()
    }
    for (section, offsets) in arrivals where offsets.count > 1 {
      arrivals[section] = offsets.sorted()
    }
  }
}
