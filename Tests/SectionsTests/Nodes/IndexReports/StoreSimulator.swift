import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport

typealias RowReport = MutableDataSource<Int, Row>.IndexReport

/// A store that reports each change as a store does: what it deleted,
/// inserted, moved and modified, by index (old paths for deletions, moves'
/// sources and modifications, new paths for insertions and moves'
/// destinations), beside the content it holds after the change. Its reports
/// are right by construction: the items that stay keep their order, and
/// every other position is named.
struct StoreSimulator {
  var rng: SplitMix64
  private var nextItem = 1_000
  private var nextSection = 100

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  /// One change: the report, the content after it, and the items that
  /// stay where the report does not name them (old path, new path).
  struct Change {
    var report: RowReport
    var content: RowSnapshot
    var untouched: [(from: ItemPath, to: ItemPath)]
  }

  mutating func freshItem() -> Row {
    nextItem += 1
    return Row(id: nextItem)
  }

  mutating func freshSection(items: Int) -> RowSection {
    nextSection += 1
    return RowSection(
      id: nextSection, header: "h\(nextSection)", items: (0..<items).map { _ in freshItem() })
  }

  /// Random content: up to four sections of up to twelve items.
  mutating func content() -> RowSnapshot {
    RowSnapshot(sections: (0..<rng.int(0...4)).map { _ in freshSection(items: rng.int(0...12)) })
  }

  private enum Origin {
    case old(Int, moved: Bool)
    case inserted(RowSection)
  }

  private enum Arrival {
    case moved(from: ItemPath, Row)
    case inserted(Row)
  }

  /// A random change of `old`, as a store reports it.
  mutating func change(of old: RowSnapshot) -> Change {
    var report = RowReport()
    // Sections: some leave, some move, some arrive.
    var staying: [Int] = []
    var movers: [Int] = []
    for s in old.sections.indices {
      if rng.chance(0.1) {
        report.sectionDeletions.append(s)
      } else if rng.chance(0.15) {
        movers.append(s)
      } else {
        staying.append(s)
      }
    }
    var order: [Origin] = staying.map { .old($0, moved: false) }
    for s in movers { order.insert(.old(s, moved: true), at: rng.int(0...order.count)) }
    for _ in 0..<(rng.chance(0.3) ? rng.int(1...2) : 0) {
      order.insert(.inserted(freshSection(items: rng.int(0...4))), at: rng.int(0...order.count))
    }
    var newIndexOfOld: [Int: Int] = [:]
    for (t, origin) in order.enumerated() {
      switch origin {
      case .old(let s, let moved):
        newIndexOfOld[s] = t
        if moved { report.sectionMoves.append(.init(from: s, to: t)) }
      case .inserted: report.sectionInsertions.append(t)
      }
    }
    // Items of the sections that stay: some leave, some move (maybe to
    // another section), some change.
    var stayers: [Int: [(from: ItemPath, row: Row, modified: Bool)]] = [:]
    var arrivals: [Int: [Arrival]] = [:]
    let targets = Array(newIndexOfOld.values)
    for s in old.sections.indices {
      guard let t = newIndexOfOld[s] else { continue }
      for (i, row) in old.sections[s].items.enumerated() {
        let path = ItemPath(section: s, item: i)
        if rng.chance(0.12) {
          report.deletions.append(path)
        } else if rng.chance(0.1) {
          var moved = row
          if rng.chance(0.3) {
            moved.revision += 1
            if rng.chance(0.5) { report.modifications.append(path) }
          }
          let target = rng.chance(0.6) ? t : targets[rng.int(0..<targets.count)]
          arrivals[target, default: []].append(.moved(from: path, moved))
        } else {
          var kept = row
          let modified = rng.chance(0.15)
          if modified {
            kept.revision += 1
            report.modifications.append(path)
          }
          stayers[t, default: []].append((path, kept, modified))
        }
      }
    }
    var sections: [RowSection] = []
    var untouched: [(from: ItemPath, to: ItemPath)] = []
    for (t, origin) in order.enumerated() {
      guard case .old(let s, _) = origin else {
        if case .inserted(let section) = origin { sections.append(section) }
        continue
      }
      var section = old.sections[s]
      if rng.chance(0.15) {
        section.header = "h\(section.id)'\(rng.int(0..<1_000))"
        if rng.chance(0.7) { report.sectionModifications.append(s) }
      }
      var rows: [(row: Row, arrival: Arrival?, from: ItemPath?, modified: Bool)] =
        (stayers[t] ?? []).map { ($0.row, nil, $0.from, $0.modified) }
      var coming = arrivals[t] ?? []
      for _ in 0..<(rng.chance(0.4) ? rng.int(1...3) : 0) { coming.append(.inserted(freshItem())) }
      for arrival in coming {
        let row: Row
        switch arrival {
        case .moved(_, let moved): row = moved
        case .inserted(let inserted): row = inserted
        }
        rows.insert((row, arrival, nil, false), at: rng.int(0...rows.count))
      }
      for (i, entry) in rows.enumerated() {
        let to = ItemPath(section: t, item: i)
        switch entry.arrival {
        case .moved(let from, _)?: report.moves.append(.init(from: from, to: to))
        case .inserted?: report.insertions.append(to)
        case nil: if !entry.modified, let from = entry.from { untouched.append((from, to)) }
        }
      }
      section.items = RowSection.Items(rows.map(\.row))
      sections.append(section)
    }
    // A store's lists come in no particular order.
    report.deletions.shuffle(using: &rng)
    report.insertions.shuffle(using: &rng)
    report.moves.shuffle(using: &rng)
    report.modifications.shuffle(using: &rng)
    return Change(report: report, content: RowSnapshot(sections: sections), untouched: untouched)
  }
}
