import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// The README's code prints what it shows; the tests here check those
/// values themselves, so its output stays out of the test log.
private func print(_ items: Any..., separator: String = " ") {}

// The README's "Snapshots and change batches" code, verbatim between the
// markers: if it stops compiling or its assertions fail, the README is wrong.

// README: snapshots — begin
struct Contact: Identifiable, Equatable {
  var id: String
  var name: String
}

func contactsExample() throws {
  let old = Snapshot(sections: [
    SnapshotSection(
      id: "A", header: "A",
      items: [
        Contact(id: "ada", name: "Ada"), Contact(id: "alan", name: "Alan"),
      ]),
    SnapshotSection(id: "G", header: "G", items: [Contact(id: "grace", name: "Grace")]),
  ])
  let new = Snapshot(sections: [
    SnapshotSection(id: "A", header: "A", items: [Contact(id: "alan", name: "Alan Turing")]),
    SnapshotSection(
      id: "G", header: "G",
      items: [
        Contact(id: "grace", name: "Grace"), Contact(id: "ada", name: "Ada"),
      ]),
  ])

  // The minimal batch, in UIKit's index semantics.
  let batch = new.difference(from: old)
  // Ada changes section: a move from (0 - 0) in `old` to (1 - 1) in `new`.
  assert(
    batch.itemMoves == [
      .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))
    ])
  // Alan's name changed: an update, old path (0 - 1), new path (0 - 0).
  assert(batch.itemUpdates.map(\.from) == [ItemPath(section: 0, item: 1)])
  assert(batch.itemUpdates.map(\.to) == [ItemPath(section: 0, item: 0)])

  // The central property, and every rule UIKit enforces.
  assert(old.applying(batch) == new)
  try batch.validate(from: old, to: new)

  // Reading like a table view, in O(1).
  assert(new.numberOfItems(inSection: 1) == 2)
  assert(new.itemPath(for: "ada") == ItemPath(section: 1, item: 1))

  // A leaf source emits exact batches for edits, minimal ones for a replace.
  let source = MutableDataSource(snapshot: old)
  let observation = source.observe { event in
    if case .changed(.batch(let batch)) = event { print(batch.count, "change(s)") }
  }
  source.append([Contact(id: "gus", name: "Gus")], toSection: 1)  // 1 change(s)
  source.replace(with: new)  // 3 change(s): the move, the update, Gus deleted
  observation.cancel()

  // Identities stay unique: repeats are dropped (first kept) and reported.
  let messy = Snapshot(
    id: "all", items: [Contact(id: "ada", name: "Ada"), Contact(id: "ada", name: "Ada²")])
  assert(messy.numberOfItems == 1 && messy.duplicates.itemIDs == ["ada"])
}
// README: snapshots — end

@Suite struct ReadmeSnapshotsExampleTests {
  @Test func snapshotsAndChangeBatchesExampleRuns() throws {
    try contactsExample()
  }

  /// The example's claims, checked by the test runner (asserts are compiled
  /// out of release test builds).
  @Test func snapshotsAndChangeBatchesExampleClaims() {
    let old = Snapshot(sections: [
      SnapshotSection(
        id: "A", items: [Contact(id: "ada", name: "Ada"), Contact(id: "alan", name: "Alan")]),
      SnapshotSection(id: "G", items: [Contact(id: "grace", name: "Grace")]),
    ])
    let new = Snapshot(sections: [
      SnapshotSection(id: "A", items: [Contact(id: "alan", name: "Alan Turing")]),
      SnapshotSection(
        id: "G", items: [Contact(id: "grace", name: "Grace"), Contact(id: "ada", name: "Ada")]),
    ])
    let batch = new.difference(from: old)
    #expect(batch.count == 2)
    #expect(batch.itemMoves.count == 1 && batch.itemUpdates.count == 1)
    #expect(old.applying(batch) == new)
    #expect(batch.violations(from: old, to: new).isEmpty)

    let source = MutableDataSource(snapshot: old)
    var counts: [Int] = []
    let observation = source.observe { event in
      if case .changed(.batch(let batch)) = event { counts.append(batch.count) }
    }
    source.append([Contact(id: "gus", name: "Gus")], toSection: 1)
    source.replace(with: new)
    #expect(counts == [1, 3])
    observation.cancel()
  }
}
