public import DataSourceGraphNodes
public import DataSourceGraphSections

extension FetchedResultsChanges {
  /// What happened to one object in the transaction, its callbacks merged.
  enum Resolved {
    case insert(ItemPath)
    case delete(ItemPath)
    case move(ItemPath, ItemPath)
    case update(ItemPath)
  }

  /// The callbacks of one object, as they came.
  private struct Callbacks {
    var insert: ItemPath?
    var delete: ItemPath?
    var move: (from: ItemPath, to: ItemPath)?
    var update: ItemPath?
    var updateTo: ItemPath?
    var malformed = false
  }

  /// One change per object, in the order the objects were first reported,
  /// or `nil` if an object's callbacks contradict each other (two
  /// insertions, two moves, an update by another old path than its move's
  /// or deletion's) or lack the path their kind needs.
  ///
  /// - Complexity: Expected O(*k*) for *k* callbacks.
  func resolved() -> [(id: ObjectID, change: Resolved)]? {
    var order: [ObjectID] = []
    var callbacks: [ObjectID: Callbacks] = [:]
    for change in objectChanges {
      if callbacks[change.id] == nil { order.append(change.id) }
      var entry = callbacks[change.id] ?? Callbacks()
      switch (change.kind, change.path, change.newPath) {
      case (.insert, _, let to?):
        entry.malformed = entry.malformed || entry.insert != nil
        entry.insert = to
      case (.delete, let from?, _):
        entry.malformed = entry.malformed || entry.delete != nil
        entry.delete = from
      case (.move, let from?, let to?):
        entry.malformed = entry.malformed || entry.move != nil
        entry.move = (from, to)
      case (.update, let from?, let to):
        entry.update = from
        entry.updateTo = to ?? entry.updateTo
      default:
        entry.malformed = true
      }
      callbacks[change.id] = entry
    }
    var result: [(id: ObjectID, change: Resolved)] = []
    result.reserveCapacity(order.count)
    for id in order {
      let entry = callbacks[id]!
      if entry.malformed { return nil }
      // An update beside another change of the object names it by the
      // same old path, or contradicts it.
      if let from = entry.update, let other = entry.move?.from ?? entry.delete, other != from {
        return nil
      }
      switch (entry.insert, entry.delete, entry.move, entry.update) {
      case (nil, nil, let move?, _):
        result.append((id, .move(move.from, move.to)))
      case (let to?, let from?, nil, _):
        // Deleted and inserted: the object moved.
        result.append((id, .move(from, to)))
      case (nil, let from?, nil, _):
        result.append((id, .delete(from)))
      case (let to?, nil, nil, _):
        result.append((id, .insert(to)))
      case (nil, nil, nil, let from?):
        if let to = entry.updateTo, to != from {
          result.append((id, .move(from, to)))
        } else {
          result.append((id, .update(from)))
        }
      default:
        return nil
      }
    }
    return result
  }

  /// The store report and the content after the change, derived from
  /// `old`, the content the leaf shows, and the recorded changes, or `nil`
  /// if they do not fit it (a path out of range, a path that holds another
  /// object than the one reported, an object reported in contradicting
  /// ways, an inserted section whose rows leave gaps).
  ///
  /// The content is `old` with the changes applied as UIKit applies a
  /// batch: the objects deleted and moved leave, the sections deleted
  /// leave and the inserted ones arrive, with their rows, then the objects
  /// inserted and moved arrive at their new paths. Every object updated or
  /// moved gets the next ``FetchedObject/revision``. No object is read:
  /// the identities come from the callbacks, so the content is built
  /// without firing a fault.
  ///
  /// The report is the same changes in the form the leaf checks, with the
  /// rows of inserted and deleted sections folded into the section's
  /// change (see ``FetchedResultsChanges``).
  ///
  /// - Parameter old: The content the changes start from.
  /// - Returns: The report and the content, or `nil`.
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*), where *s* is the number
  ///   of sections, *k* the number of changes and Σ *m* the items of the
  ///   sections they touch (copied, not hashed).
  public func translated(
    over old: Snapshot<String, Item>
  ) -> (report: Report, content: Snapshot<String, Item>)? {
    guard let changes = resolved(),
      sectionDeletions.allSatisfy({ (0..<old.numberOfSections).contains($0) })
    else { return nil }
    // The objects that changed get their next revision where they were.
    var revisions = ChangeBatch<String, Item>()
    for (id, change) in changes {
      let from: ItemPath
      switch change {
      case .insert: continue
      case .delete(let path), .move(let path, _), .update(let path): from = path
      }
      guard old.contains(from), old.item(at: from).id == id else { return nil }
      if case .delete = change { continue }
      var item = old.item(at: from)
      item.revision += 1
      revisions.itemUpdates.append(.init(from: from, to: from, item: item))
    }
    guard let revised = revisions.isEmpty ? old : old.applyingNamed(revisions) else {
      return nil
    }
    return translated(changes, over: revised)
  }

  /// The report and content of `changes` over `old`, whose changed objects
  /// carry their new revisions already.
  private func translated(
    _ changes: [(id: ObjectID, change: Resolved)], over old: Snapshot<String, Item>
  ) -> (report: Report, content: Snapshot<String, Item>)? {
    var batch = ChangeBatch<String, Item>()
    var report = Report()
    batch.sectionDeletes = sectionDeletions.sorted()
    report.sectionDeletions = batch.sectionDeletes
    // The rows that arrive in each inserted section, by their offset.
    var rows: [Int: [(offset: Int, item: Item)]] = [:]
    func gone(_ path: ItemPath) -> Bool { sectionDeletions.contains(path.section) }
    func new(_ path: ItemPath) -> Bool { sectionInsertions[path.section] != nil }
    func leave(_ from: ItemPath) {
      batch.itemDeletes.append(from)
      report.deletions.append(from)
    }
    func arrive(_ item: Item, at to: ItemPath) {
      if new(to) {
        rows[to.section, default: []].append((to.item, item))
      } else {
        batch.itemInserts.append(.init(path: to, item: item))
        report.insertions.append(to)
      }
    }
    for (id, change) in changes {
      switch change {
      case .insert(let to):
        arrive(Item(id: id), at: to)
      case .delete(let from):
        if !gone(from) { leave(from) }
      case .update(let from):
        if !gone(from) { report.modifications.append(from) }
      case .move(let from, let to):
        if !gone(from) && !new(to) {
          batch.itemMoves.append(.init(from: from, to: to))
          report.moves.append(.init(from: from, to: to))
        } else {
          if !gone(from) { leave(from) }
          arrive(old.item(at: from), at: to)
        }
      }
    }
    for (index, name) in sectionInsertions.sorted(by: { $0.key < $1.key }) {
      let arrivals = (rows[index] ?? []).sorted { $0.offset < $1.offset }
      guard arrivals.enumerated().allSatisfy({ $0.offset == $0.element.offset }) else {
        return nil
      }
      let section = SnapshotSection<String, Item>(
        id: name, header: showsSectionNames ? name : nil, items: arrivals.map(\.item))
      batch.sectionInserts.append(.init(index: index, section: section))
      report.sectionInsertions.append(index)
    }
    guard let content = old.applyingNamed(batch) else { return nil }
    return (report, content)
  }
}
