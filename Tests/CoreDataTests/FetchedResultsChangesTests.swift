import DataSourceGraphCoreData
import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// A leaf fed by a fetched results controller's callbacks, on Linux: random
/// changes of the store's content, reported as Core Data reports them
/// (quirks included), reach the leaf through the delta leaf without a diff
/// and without reading the store again, and every batch is valid.
@Suite struct FetchedResultsChangesTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...60, release: 1...400)
  static let steps = PropertyDepth.steps(debug: 25, release: 60)

  /// Right callbacks, in any order and with Core Data's quirks: never
  /// read again, never diffed, at most implied moves dropped; the leaf and
  /// a mirror that applies its batches both hold the store's content
  /// after every transaction.
  @Test(.namesTheSeed)
  func callbacksApplyWithoutADiffOrARead() async {
    var outcomes: [String: Int] = [:]
    await forEachSeed(Self.seeds) { seed in rightCallbacks(seed: seed, outcomes: &outcomes) }
    reportStatistics("fetched results, right: \(outcomes.sorted { $0.key < $1.key })")
  }

  func rightCallbacks(seed: UInt64, outcomes: inout [String: Int]) {
    var store = FetchedResultsSimulator(seed: seed)
    let leaf = MutableDataSource(snapshot: store.content())
    let mirror = CheckingMirror(leaf)
    for step in 0..<Self.steps {
      let change = store.change(of: leaf.snapshot)
      var reads = 0
      let outcome = leaf.apply(change.changes, storeSections: change.storeSections) {
        reads += 1
        return change.content
      }
      outcomes[outcome.kind, default: 0] += 1
      let context = "seed \(seed) step \(step): \(change.changes.rawReport) → \(outcome)"
      #expect(reads == 0, "\(context)")
      guard mirror.expectApplied(outcome, by: leaf, showing: change.content, context) else {
        return
      }
    }
  }

  /// The ways callbacks can be wrong, each made on right ones.
  enum Breakage: CaseIterable {
    case updateOfAnotherObject, outOfRange, leftOut, repeatedInsert, wrongSectionName
  }

  /// Wrong callbacks: the content is read again, the leaf ends with the
  /// store's content, and every batch is valid.
  @Test(.namesTheSeed)
  func wrongCallbacksReadTheContentAgain() async {
    var outcomes: [String: Int] = [:]
    await forEachSeed(Self.seeds) { seed in wrongCallbacks(seed: seed, outcomes: &outcomes) }
    reportStatistics("fetched results, wrong: \(outcomes.sorted { $0.key < $1.key })")
  }

  func wrongCallbacks(seed: UInt64, outcomes: inout [String: Int]) {
    var store = FetchedResultsSimulator(seed: seed)
    let leaf = MutableDataSource(snapshot: store.content())
    let mirror = CheckingMirror(leaf)
    for step in 0..<Self.steps {
      var change = store.change(of: leaf.snapshot)
      let breakage = Breakage.allCases[store.rng.int(0..<Breakage.allCases.count)]
      guard Self.break(&change, breakage, old: leaf.snapshot, rng: &store.rng) else { continue }
      var reads = 0
      let outcome = leaf.apply(change.changes, storeSections: change.storeSections) {
        reads += 1
        // As a store reads it: every object at revision 0.
        return ObjectSnapshot(
          sections: change.content.sections.map { section in
            var section = section
            section.items = .init(section.items.map { Object(id: $0.id) })
            return section
          })
      }
      outcomes["\(breakage): \(outcome.kind)", default: 0] += 1
      let context =
        "seed \(seed) step \(step) \(breakage): \(change.changes.rawReport) → \(outcome)"
      #expect(reads == 1, "\(context)")
      // An object a wrong callback names as updated is shown changed too
      // (one more revision): only what it holds and where is compared then.
      switch breakage {
      case .updateOfAnotherObject, .outOfRange:
        #expect(Self.layout(leaf.snapshot) == Self.layout(change.content), "\(context)")
      case .leftOut, .repeatedInsert, .wrongSectionName:
        #expect(leaf.snapshot == change.content, "\(context)")
      }
      #expect(mirror.snapshot == leaf.snapshot, "\(context)")
      #expect(mirror.problems.isEmpty, "\(context): \(mirror.problems)")
      if !mirror.problems.isEmpty || Self.layout(leaf.snapshot) != Self.layout(change.content) {
        return
      }
    }
  }

  /// The sections and the objects' identities, in order.
  static func layout(_ snapshot: ObjectSnapshot) -> [[String]] {
    snapshot.sections.map { [$0.id] + $0.items.map { "\($0.id)" } }
  }

  /// Breaks `change` in the way `breakage` names; `false` when the change
  /// has nothing to break that way.
  static func `break`(
    _ change: inout FetchedResultsSimulator.Change, _ breakage: Breakage, old: ObjectSnapshot,
    rng: inout SplitMix64
  ) -> Bool {
    let paths = old.sections.indices.flatMap { s in
      old.sections[s].items.indices.map { ItemPath(section: s, item: $0) }
    }
    switch breakage {
    case .updateOfAnotherObject:
      guard paths.count >= 2 else { return false }
      let path = paths[rng.int(0..<paths.count)]
      let other = paths.first { old.item(at: $0).id != old.item(at: path).id }!
      change.changes.recordObject(old.item(at: other).id, .update, at: path, newPath: nil)
    case .outOfRange:
      guard let path = paths.first else { return false }
      change.changes.recordObject(
        old.item(at: path).id, .update,
        at: ItemPath(section: old.numberOfSections + 1, item: 0), newPath: nil)
    case .leftOut:
      // An insertion Core Data did not report: the counts tell.
      guard change.content.numberOfSections > 0 else { return false }
      let object = Object(id: 99_999_000 + Int(rng.next() % 1_000))
      var section = change.content.sections[0]
      section.items = .init([object] + Array(section.items))
      var sections = change.content.sections
      sections[0] = section
      change.content = ObjectSnapshot(sections: sections)
    case .repeatedInsert:
      guard let path = paths.first else { return false }
      change.changes.recordObject(
        old.item(at: path).id, .insert, at: nil, newPath: ItemPath(section: 0, item: 0))
      change.changes.recordObject(
        old.item(at: path).id, .insert, at: nil, newPath: ItemPath(section: 0, item: 0))
    case .wrongSectionName:
      guard change.content.numberOfSections > 0 else { return false }
      var sections = change.content.sections
      sections[0] = ObjectSection(
        id: sections[0].id + "'", header: sections[0].header, items: Array(sections[0].items))
      change.content = ObjectSnapshot(sections: sections)
    }
    return true
  }
}
