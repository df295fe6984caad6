import DataSourceGraphCoreData
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport

typealias Object = FetchedObject<Int>
typealias ObjectSnapshot = Snapshot<String, Object>
typealias ObjectSection = SnapshotSection<String, Object>
typealias Changes = FetchedResultsChanges<Int>
typealias ObjectReport = MutableDataSource<String, Object>.IndexReport

/// A fetched results controller's store: each random change of its content
/// comes as the delegate callbacks Core Data makes for it, quirks
/// included (rows of inserted and deleted sections reported one by one,
/// moves where only an update happened, updates by their old path and
/// sometimes with a new one, a move reported as a deletion and an
/// insertion), in a random order, beside the content after the change:
/// every object updated or moved has its next revision.
struct FetchedResultsSimulator {
  var rng: SplitMix64
  private var nextObject = 1_000
  private var nextSection = 100

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  /// One change: Core Data's callbacks and the content after them.
  struct Change {
    var changes: Changes
    var content: ObjectSnapshot
    var storeSections: [(name: String, count: Int)] {
      content.sections.map { ($0.id, $0.items.count) }
    }
  }

  mutating func freshObject() -> Object {
    nextObject += 1
    return Object(id: nextObject)
  }

  mutating func freshSection(items: Int) -> ObjectSection {
    nextSection += 1
    let name = "s\(nextSection)"
    return ObjectSection(id: name, header: name, items: (0..<items).map { _ in freshObject() })
  }

  /// Random content: up to four sections of up to twelve objects.
  mutating func content() -> ObjectSnapshot {
    ObjectSnapshot(sections: (0..<rng.int(0...4)).map { _ in freshSection(items: rng.int(0...12)) })
  }

  /// What a callback says about one object.
  private enum Callback {
    case insert(Int, ItemPath)
    case delete(Int, ItemPath)
    case move(Int, ItemPath, ItemPath)
    case update(Int, ItemPath, ItemPath?)
  }

  /// Where an object of the new content comes from.
  private enum Origin {
    case stayed(ItemPath, updated: Bool)
    case moved(ItemPath)
    case inserted
  }

  /// A random change of `old`, as Core Data reports it.
  mutating func change(of old: ObjectSnapshot) -> Change {
    var changes = Changes()
    var callbacks: [Callback] = []
    // Sections: some leave; the rest keep their order (a controller's
    // sections follow its sort), new ones arrive between them.
    var kept: [Int] = []
    var deleted: [Int] = []
    for s in old.sections.indices {
      if rng.chance(0.12) { deleted.append(s) } else { kept.append(s) }
    }
    var order: [ObjectSection?] = kept.map { _ in nil }
    var fresh: [Int: ObjectSection] = [:]
    for _ in 0..<(rng.chance(0.3) ? rng.int(1...2) : 0) {
      order.insert(freshSection(items: 0), at: rng.int(0...order.count))
    }
    var keptIndex = 0
    var newIndexOfOld: [Int: Int] = [:]
    for (t, section) in order.enumerated() {
      if let section {
        fresh[t] = section
        changes.recordSection(.insert, at: t, name: section.id)
      } else {
        newIndexOfOld[kept[keptIndex]] = t
        keptIndex += 1
      }
    }
    for s in deleted {
      changes.recordSection(.delete, at: s, name: old.sections[s].id)
    }
    // Objects: per new section, what it holds, in order.
    var rows: [[(Object, Origin)]] = Array(repeating: [], count: order.count)
    var movers: [(Object, ItemPath)] = []
    for s in old.sections.indices {
      for (i, object) in old.sections[s].items.enumerated() {
        let path = ItemPath(section: s, item: i)
        guard let t = newIndexOfOld[s] else {
          // In a deleted section: gone (reported or not), or moved out.
          if !order.isEmpty, rng.chance(0.15) {
            movers.append((object, path))
          } else if rng.chance(0.7) {
            callbacks.append(.delete(object.id, path))
          }
          continue
        }
        if rng.chance(0.12) {
          callbacks.append(.delete(object.id, path))
        } else if rng.chance(0.12) {
          movers.append((object, path))
        } else {
          let updated = rng.chance(0.15)
          var object = object
          if updated { object.revision += 1 }
          rows[t].append((object, .stayed(path, updated: updated)))
        }
      }
    }
    if !order.isEmpty {
      for (object, from) in movers {
        var object = object
        object.revision += 1
        let t = rng.int(0..<order.count)
        rows[t].insert((object, .moved(from)), at: rng.int(0...rows[t].count))
      }
      for _ in 0..<rng.int(0...3) {
        let t = rng.int(0..<order.count)
        rows[t].insert((freshObject(), .inserted), at: rng.int(0...rows[t].count))
      }
    }
    var sections: [ObjectSection] = []
    var keptCursor = 0
    for (t, entries) in rows.enumerated() {
      var section: ObjectSection
      if let inserted = fresh[t] {
        section = inserted
      } else {
        section = old.sections[kept[keptCursor]]
        keptCursor += 1
      }
      section.items = .init(entries.map(\.0))
      sections.append(section)
      for (i, (object, origin)) in entries.enumerated() {
        let to = ItemPath(section: t, item: i)
        switch origin {
        case .inserted:
          callbacks.append(.insert(object.id, to))
        case .moved(let from):
          if rng.chance(0.2) {
            callbacks.append(.delete(object.id, from))
            callbacks.append(.insert(object.id, to))
          } else {
            callbacks.append(.move(object.id, from, to))
            // An update reported beside the move, now and then.
            if rng.chance(0.2) { callbacks.append(.update(object.id, from, nil)) }
          }
        case .stayed(let from, let updated):
          guard updated else { continue }
          switch rng.int(0..<4) {
          case 0: callbacks.append(.move(object.id, from, to))  // a move where it stayed
          case 1: callbacks.append(.update(object.id, from, to))  // both paths
          default: callbacks.append(.update(object.id, from, nil))  // the old path
          }
        }
      }
    }
    callbacks.shuffle(using: &rng)
    for callback in callbacks {
      switch callback {
      case .insert(let id, let to): changes.recordObject(id, .insert, at: nil, newPath: to)
      case .delete(let id, let from): changes.recordObject(id, .delete, at: from, newPath: nil)
      case .move(let id, let from, let to): changes.recordObject(id, .move, at: from, newPath: to)
      case .update(let id, let from, let to):
        changes.recordObject(id, .update, at: from, newPath: to)
      }
    }
    return Change(changes: changes, content: ObjectSnapshot(sections: sections))
  }
}
