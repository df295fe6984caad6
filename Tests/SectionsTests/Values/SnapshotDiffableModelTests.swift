import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Diffable's snapshot calls against a plain model: sections as an array
/// of arrays, edited the naive way, with the documented safe behaviour
/// for identities that are unknown or already present.
@Suite struct SnapshotDiffableModelTests {
  /// A section of the model.
  struct ModelSection: Equatable {
    var id: Int
    var header: String?
    var items: [Row]
  }

  /// The model: what the calls should leave, what they should say they
  /// left out, and what they mark.
  struct Model {
    var sections: [ModelSection]
    var duplicates = RowSnapshot.Skipped()
    var markedItems = Set<Int>()
    var markedSections = Set<Int>()

    init(_ snapshot: RowSnapshot) {
      sections = snapshot.sections.map {
        ModelSection(id: $0.id, header: $0.header, items: $0.items.array)
      }
    }

    var snapshot: RowSnapshot {
      RowSnapshot(
        sections: sections.map { SnapshotSection(id: $0.id, header: $0.header, items: $0.items) })
    }

    var itemIDs: [Int] { sections.flatMap { $0.items.map(\.id) } }

    func sectionIndex(_ id: Int) -> Int? { sections.firstIndex { $0.id == id } }

    func path(_ id: Int) -> (section: Int, item: Int)? {
      for (s, section) in sections.enumerated() {
        if let i = section.items.firstIndex(where: { $0.id == id }) { return (s, i) }
      }
      return nil
    }

    /// Inserts the items not present (nor repeated) at `item` of section `s`.
    mutating func insert(_ items: [Row], section s: Int, item: Int) -> [Int] {
      var dropped: [Int] = []
      var kept: [Row] = []
      for row in items {
        if path(row.id) != nil || kept.contains(where: { $0.id == row.id }) {
          dropped.append(row.id)
        } else {
          kept.append(row)
        }
      }
      sections[s].items.insert(contentsOf: kept, at: item)
      duplicates.itemIDs += dropped
      return dropped
    }

    /// Inserts the sections not present (nor repeated) at `index`.
    mutating func insertSections(_ ids: [Int], at index: Int) -> [Int] {
      var dropped: [Int] = []
      var kept: [ModelSection] = []
      for id in ids {
        if sectionIndex(id) != nil || kept.contains(where: { $0.id == id }) {
          dropped.append(id)
        } else {
          kept.append(ModelSection(id: id, items: []))
        }
      }
      sections.insert(contentsOf: kept, at: index)
      duplicates.sectionIDs += dropped
      return dropped
    }
  }

  /// Random diffable calls on random snapshots (identities drawn from
  /// pools larger than the content, so unknown ones come often), each
  /// checked against the model: the content, what the call says it left
  /// out, `duplicates`, and every query. At the end, the diff from the
  /// start reports as updates exactly the items whose content changed or
  /// that were marked, and the sections marked or changed; it applies; its
  /// UIKit plan keeps every update; and a leaf that takes the snapshot
  /// emits them and keeps no marks.
  @Test(.namesTheSeed)
  func diffableCallsMatchTheModel() async {
    await forEachSeed(1...300 as ClosedRange<UInt64>, diffableCallsMatchTheModel(seed:))
  }

  func diffableCallsMatchTheModel(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed, sectionPool: 6, itemPool: 24)
    let start = generator.snapshot()
    var rng = SplitMix64(seed: seed &* 31 &+ 7)
    var snapshot = start
    var model = Model(start)
    let sectionPool = 0..<8
    let itemPool = 0..<30
    func anySection() -> Int { rng.int(sectionPool) }
    func anyItem() -> Int { rng.int(itemPool) }
    func rows(_ count: ClosedRange<Int>) -> [Row] {
      (0..<rng.int(count)).map { _ in Row(id: anyItem(), revision: rng.int(0..<3)) }
    }

    for step in 0..<rng.int(1...25) {
      let skipped: RowSnapshot.Skipped
      var expected = RowSnapshot.Skipped()
      let call: String
      switch rng.int(0..<13) {
      case 0:
        let ids = (0..<rng.int(0...2)).map { _ in anySection() }
        call = "appendSections(\(ids))"
        skipped = snapshot.appendSections(ids)
        expected.sectionIDs = model.insertSections(ids, at: model.sections.count)
      case 1:
        let ids = (0..<rng.int(0...2)).map { _ in anySection() }
        let anchor = anySection()
        let after = rng.chance(0.5)
        call = "insertSections(\(ids), \(after ? "after" : "before"): \(anchor))"
        skipped =
          after
          ? snapshot.insertSections(ids, afterSection: anchor)
          : snapshot.insertSections(ids, beforeSection: anchor)
        if let a = model.sectionIndex(anchor) {
          expected.sectionIDs = model.insertSections(ids, at: after ? a + 1 : a)
        } else {
          expected.sectionIDs = ids
        }
      case 2:
        let id = anySection()
        let anchor = anySection()
        let after = rng.chance(0.5)
        call = "moveSection(\(id), \(after ? "after" : "before"): \(anchor))"
        skipped =
          after
          ? snapshot.moveSection(id, afterSection: anchor)
          : snapshot.moveSection(id, beforeSection: anchor)
        if let from = model.sectionIndex(id), model.sectionIndex(anchor) != nil {
          if id != anchor {
            let section = model.sections.remove(at: from)
            let a = model.sectionIndex(anchor)!
            model.sections.insert(section, at: after ? a + 1 : a)
          }
        } else {
          expected.sectionIDs = [id]
        }
      case 3:
        let ids = (0..<rng.int(0...2)).map { _ in anySection() }
        call = "deleteSections(\(ids))"
        skipped = snapshot.deleteSections(ids)
        expected.sectionIDs = ids.filter { model.sectionIndex($0) == nil }
        model.sections.removeAll { ids.contains($0.id) }
      case 4:
        let items = rows(0...3)
        let target: Int? = rng.chance(0.3) ? nil : anySection()
        call = "appendItems(\(items), toSection: \(target.map(String.init) ?? "nil"))"
        skipped = snapshot.appendItems(items, toSection: target)
        let s = target.map { model.sectionIndex($0) } ?? (model.sections.indices.last)
        if let s {
          expected.itemIDs = model.insert(items, section: s, item: model.sections[s].items.count)
        } else {
          expected.itemIDs = items.map(\.id)
        }
      case 5:
        let items = rows(0...3)
        let anchor = anyItem()
        let after = rng.chance(0.5)
        call = "insertItems(\(items), \(after ? "after" : "before")Item: \(anchor))"
        skipped =
          after
          ? snapshot.insertItems(items, afterItem: anchor)
          : snapshot.insertItems(items, beforeItem: anchor)
        if let p = model.path(anchor) {
          expected.itemIDs = model.insert(
            items, section: p.section, item: after ? p.item + 1 : p.item)
        } else {
          expected.itemIDs = items.map(\.id)
        }
      case 6:
        let id = anyItem()
        let anchor = anyItem()
        let after = rng.chance(0.5)
        call = "moveItem(\(id), \(after ? "after" : "before")Item: \(anchor))"
        skipped =
          after
          ? snapshot.moveItem(id, afterItem: anchor) : snapshot.moveItem(id, beforeItem: anchor)
        if let from = model.path(id), model.path(anchor) != nil {
          if id != anchor {
            let row = model.sections[from.section].items.remove(at: from.item)
            let a = model.path(anchor)!
            model.sections[a.section].items.insert(row, at: after ? a.item + 1 : a.item)
          }
        } else {
          expected.itemIDs = [id]
        }
      case 7:
        let ids = (0..<rng.int(0...3)).map { _ in anyItem() }
        call = "deleteItems(\(ids))"
        skipped = snapshot.deleteItems(ids)
        expected.itemIDs = ids.filter { model.path($0) == nil }
        for s in model.sections.indices {
          model.sections[s].items.removeAll { ids.contains($0.id) }
        }
      case 8:
        let ids = (0..<rng.int(0...3)).map { _ in anyItem() }
        let reload = rng.chance(0.5)
        call = "\(reload ? "reloadItems" : "reconfigureItems")(ids: \(ids))"
        skipped = reload ? snapshot.reloadItems(ids) : snapshot.reconfigureItems(ids)
        expected.itemIDs = ids.filter { model.path($0) == nil }
        model.markedItems.formUnion(ids.filter { model.path($0) != nil })
      case 9:
        let items = rows(0...3)
        let reload = rng.chance(0.5)
        call = "\(reload ? "reloadItems" : "reconfigureItems")(\(items))"
        skipped = reload ? snapshot.reloadItems(items) : snapshot.reconfigureItems(items)
        for row in items {
          if let p = model.path(row.id) {
            model.sections[p.section].items[p.item] = row
            model.markedItems.insert(row.id)
          } else {
            expected.itemIDs.append(row.id)
          }
        }
      case 10:
        let ids = (0..<rng.int(0...2)).map { _ in anySection() }
        call = "reloadSections(\(ids))"
        skipped = snapshot.reloadSections(ids)
        expected.sectionIDs = ids.filter { model.sectionIndex($0) == nil }
        for id in ids {
          guard let s = model.sectionIndex(id) else { continue }
          model.markedSections.insert(id)
          model.markedItems.formUnion(model.sections[s].items.map(\.id))
        }
      case 11 where rng.chance(0.2):
        call = "deleteAllItems()"
        snapshot.deleteAllItems()
        skipped = RowSnapshot.Skipped()
        model.sections = []
        model.markedItems = []
        model.markedSections = []
      default:
        // Edits by index in between keep the marks too.
        call = "modifySections(swap)"
        snapshot.modifySections { sections in
          if sections.count > 1 { sections.swapAt(0, sections.count - 1) }
        }
        if model.sections.count > 1 { model.sections.swapAt(0, model.sections.count - 1) }
        skipped = RowSnapshot.Skipped()
      }
      let at = Comment(rawValue: "step \(step): \(call)")
      #expect(snapshot == model.snapshot, at)
      #expect(skipped == expected, at)
      #expect(snapshot.duplicates == model.duplicates, at)
      checkQueries(of: snapshot, against: model, at)
    }

    // The diff from the start reports the marks.
    let batch = snapshot.difference(from: start)
    #expect(start.applying(batch) == snapshot)
    let startItems = Dictionary(uniqueKeysWithValues: start.allItems.map { ($0.id, $0) })
    let expectedUpdates = Set(
      snapshot.allItems.filter { item in
        guard let before = startItems[item.id],
          let from = start.sectionID(containingItem: item.id),
          let to = snapshot.sectionID(containingItem: item.id),
          start.sectionIndex(for: to) != nil, snapshot.sectionIndex(for: from) != nil
        else { return false }
        return before != item || model.markedItems.contains(item.id)
      }.map(\.id))
    #expect(Set(batch.itemUpdates.map(\.item.id)) == expectedUpdates)
    let expectedSectionUpdates = Set(
      snapshot.sections.filter { section in
        guard let s = start.sectionIndex(for: section.id) else { return false }
        return start.sections[s].header != section.header
          || model.markedSections.contains(section.id)
      }.map(\.id))
    #expect(Set(batch.sectionUpdates.map { snapshot.sections[$0.to].id }) == expectedSectionUpdates)

    // Its UIKit plan keeps every update, staged or merged.
    if let plan = try? batch.uikitPlan(from: start, to: snapshot), !plan.isReload {
      var planned = Set<Int>()
      for step in plan.steps {
        if case .batch(let stepBatch) = step.change {
          planned.formUnion(stepBatch.itemUpdates.map(\.item.id))
        }
      }
      #expect(planned == expectedUpdates)
    } else {
      Issue.record("no UIKit plan for \(batch)")
    }

    // A leaf takes the snapshot: it emits the updates, and keeps no marks.
    let leaf = MutableDataSource(snapshot: start)
    var emitted: [RowBatch] = []
    let token = leaf.observe { event in
      if case .changed(.batch(let change)) = event { emitted.append(change) }
    }
    leaf.replace(with: snapshot)
    #expect(emitted == [batch] || (batch.isEmpty && emitted.allSatisfy(\.isEmpty)))
    #expect(leaf.snapshot == snapshot)
    #expect(leaf.snapshot.markedItemIDs.isEmpty && leaf.snapshot.markedSectionIDs.isEmpty)
    token.cancel()
  }

  /// Every query a diffable snapshot answers, against the model.
  func checkQueries(of snapshot: RowSnapshot, against model: Model, _ at: Comment) {
    let itemIDs = model.itemIDs
    #expect(snapshot.itemIDs == itemIDs, at)
    #expect(snapshot.sectionIDs == model.sections.map(\.id), at)
    #expect(snapshot.numberOfSections == model.sections.count, at)
    #expect(snapshot.numberOfItems == itemIDs.count, at)
    for id in 0..<8 {
      let s = model.sectionIndex(id)
      #expect(snapshot.sectionIndex(for: id) == s, at)
      #expect(
        snapshot.itemIDs(inSectionWithID: id)
          == (s.map { model.sections[$0].items.map(\.id) } ?? []), at)
      #expect(
        snapshot.numberOfItems(inSectionWithID: id)
          == (s.map { model.sections[$0].items.count } ?? 0), at)
    }
    for id in 0..<30 {
      let path = model.path(id)
      #expect(
        snapshot.itemPath(for: id) == path.map { ItemPath(section: $0.section, item: $0.item) }, at)
      #expect(
        snapshot.sectionID(containingItem: id) == path.map { model.sections[$0.section].id }, at)
      #expect(snapshot.itemOffset(for: id) == itemIDs.firstIndex(of: id), at)
    }
    // Marks stay until the snapshot is taken in, even those of identities
    // gone since (the diff ignores them).
    #expect(snapshot.markedSectionIDs == model.markedSections, at)
    #expect(snapshot.markedItemIDs == model.markedItems, at)
  }
}
