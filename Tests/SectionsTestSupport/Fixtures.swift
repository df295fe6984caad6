package import DataSourceGraphSections
package import TestSupport

/// The item type of the Sections tests: an identity and a content revision.
package struct Row: Identifiable, Hashable, Sendable, CustomStringConvertible {
  package var id: Int
  package var revision: Int = 0

  package init(id: Int, revision: Int = 0) {
    self.id = id
    self.revision = revision
  }

  package var description: String { revision == 0 ? "\(id)" : "\(id)'\(revision)" }
}

package typealias RowSnapshot = Snapshot<Int, Row>
package typealias RowSection = SnapshotSection<Int, Row>
package typealias RowBatch = ChangeBatch<Int, Row>

/// Random sectioned snapshots biased toward the cases that break batches:
/// empty sections, one huge section, many tiny ones, small identity pools
/// (so items move between sections), header changes.
package struct SnapshotGenerator {
  package var rng: SplitMix64
  /// How many distinct section identities may appear.
  package var sectionPool = 6
  /// How many distinct item identities may appear.
  package var itemPool = 30

  package init(seed: UInt64, sectionPool: Int = 6, itemPool: Int = 30) {
    rng = SplitMix64(seed: seed)
    self.sectionPool = sectionPool
    self.itemPool = itemPool
  }

  package mutating func int(_ range: Range<Int>) -> Int { rng.int(range) }
  package mutating func chance(_ p: Double) -> Bool { rng.chance(p) }

  /// A snapshot with unique identities drawn from the pools.
  package mutating func snapshot() -> RowSnapshot {
    var sectionIDs = Array(0..<sectionPool)
    sectionIDs.shuffle(using: &rng)
    sectionIDs = Array(sectionIDs.prefix(int(0..<(sectionPool + 1))))
    var itemIDs = Array(0..<itemPool)
    itemIDs.shuffle(using: &rng)
    itemIDs = Array(itemIDs.prefix(int(0..<(itemPool + 1))))
    var sections = sectionIDs.map {
      RowSection(id: $0, header: chance(0.3) ? "h\(int(0..<2))" : nil, items: [])
    }
    guard !sections.isEmpty else { return RowSnapshot() }
    let huge = chance(0.2) ? int(0..<sections.count) : nil
    for id in itemIDs {
      let s = huge.map { chance(0.8) ? $0 : int(0..<sections.count) } ?? int(0..<sections.count)
      sections[s].items.append(Row(id: id, revision: chance(0.15) ? int(1..<3) : 0))
    }
    return RowSnapshot(sections: sections)
  }

  /// A snapshot close to `base`: a few edits of every kind.
  package mutating func variation(of base: RowSnapshot) -> RowSnapshot {
    var sections = base.sections
    for _ in 0..<int(0..<6) {
      switch int(0..<8) {
      case 0 where !sections.isEmpty:
        sections.remove(at: int(0..<sections.count))
      case 1:
        let id = int(0..<sectionPool)
        if !sections.contains(where: { $0.id == id }) {
          sections.insert(RowSection(id: id, items: []), at: int(0..<(sections.count + 1)))
        }
      case 2 where sections.count > 1:
        let s = sections.remove(at: int(0..<sections.count))
        sections.insert(s, at: int(0..<(sections.count + 1)))
      case 3 where !sections.isEmpty:
        let s = int(0..<sections.count)
        sections[s].header = chance(0.5) ? nil : "h\(int(0..<3))"
      default:
        guard !sections.isEmpty else { continue }
        // Item edits: move across sections, insert, delete, update.
        let s = int(0..<sections.count)
        if !sections[s].items.isEmpty && chance(0.5) {
          var item = sections[s].items.remove(at: int(0..<sections[s].items.count))
          if chance(0.5) {
            if chance(0.3) { item.revision += 1 }
            let t = int(0..<sections.count)
            sections[t].items.insert(item, at: int(0..<(sections[t].items.count + 1)))
          }
        } else {
          let id = int(0..<itemPool)
          if sections[s].items.contains(where: { $0.id == id }) {
            continue
          }
          sections[s].items.insert(Row(id: id), at: int(0..<(sections[s].items.count + 1)))
        }
      }
    }
    // Re-validate identities: an inserted id may exist elsewhere; keep first.
    return RowSnapshot(sections: sections)
  }
}
