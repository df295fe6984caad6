import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import TestSupport
import Testing

/// Random small graphs (a composite of leaves, filtered) under random edits
/// and loads: after every step, the model equals its node, and its last
/// change takes the previous content to the current one. A failure names
/// its seed and step, to replay.
@MainActor
@Suite struct RandomModelTests {
  nonisolated static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...40, release: 1...200)
  nonisolated static let steps = PropertyDepth.steps(debug: 80, release: 300)

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.namesTheSeed)
  func theModelMirrorsARandomGraph() async {
    await forEachSeed(Self.seeds, theModelMirrorsARandomGraph(seed:))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  func theModelMirrorsARandomGraph(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var nextID = 0
    func newRow() -> Row {
      nextID += 1
      return Row(id: nextID, value: rng.int(0..<10))
    }
    func newSection(_ name: String) -> SnapshotSection<String, Row> {
      SnapshotSection(
        id: name, header: rng.chance(0.5) ? name : nil,
        items: (0..<rng.int(0...4)).map { _ in newRow() })
    }
    var nextSection = 0
    func sectionName() -> String {
      nextSection += 1
      return "s\(nextSection)"
    }

    let leaves = (0..<rng.int(1...3)).map { index in
      MutableDataSource<String, Row>(
        snapshot: Snapshot(sections: (0..<rng.int(0...2)).map { _ in newSection(sectionName()) }),
        name: "leaf \(index)")
    }
    let threshold = rng.int(0...4)
    let screen = CompositeDataSource(leaves).filter { $0.value >= threshold }
    let model = DataSourceModel(screen)
    var tokens: [LoadToken<String, Row>?] = Array(repeating: nil, count: leaves.count)

    var failures = model.differences(from: screen)
    #expect(failures.isEmpty, "seed \(seed), start: \(failures)")
    guard failures.isEmpty else { return }
    var changes = 0
    for step in 0..<Self.steps {
      let previous = model.snapshot
      let changeCount = model.changeCount
      let leafIndex = rng.int(0..<leaves.count)
      let leaf = leaves[leafIndex]
      let sections = leaf.numberOfSections
      let action = rng.int(0..<12)
      switch action {
      case 0 where sections > 0:
        let s = rng.int(0..<sections)
        let at = rng.int(0...leaf.numberOfItems(inSection: s))
        _ = leaf.insert([newRow(), newRow()], at: ItemPath(section: s, item: at))
      case 1 where leaf.numberOfItems > 0:
        let s = (0..<sections).filter { leaf.numberOfItems(inSection: $0) > 0 }.randomElement(
          using: &rng)!
        leaf.deleteItems(at: [
          ItemPath(section: s, item: rng.int(0..<leaf.numberOfItems(inSection: s)))
        ])
      case 2 where leaf.numberOfItems > 0:
        let s = (0..<sections).filter { leaf.numberOfItems(inSection: $0) > 0 }.randomElement(
          using: &rng)!
        var row = leaf.item(
          at: ItemPath(section: s, item: rng.int(0..<leaf.numberOfItems(inSection: s))))
        row.value = rng.int(0..<10)
        _ = leaf.update(row)
      case 3 where leaf.numberOfItems > 1:
        let from = (0..<sections).filter { leaf.numberOfItems(inSection: $0) > 0 }.randomElement(
          using: &rng)!
        let to = rng.int(0..<sections)
        let fromItem = rng.int(0..<leaf.numberOfItems(inSection: from))
        let toCount = leaf.numberOfItems(inSection: to) - (from == to ? 1 : 0)
        leaf.moveItem(
          from: ItemPath(section: from, item: fromItem),
          to: ItemPath(section: to, item: rng.int(0...toCount)))
      case 4:
        leaf.insertSection(newSection(sectionName()), at: rng.int(0...sections))
      case 5 where sections > 0:
        leaf.deleteSection(at: rng.int(0..<sections))
      case 6 where sections > 1:
        leaf.moveSection(from: rng.int(0..<sections), to: rng.int(0..<sections))
      case 7 where sections > 0:
        leaf.updateSection(at: rng.int(0..<sections), header: "h\(rng.int(0..<3))", footer: nil)
      case 8:
        // A load that answers later (or never, if replaced by another).
        leaf.load { tokens[leafIndex] = $0 }
      case 9:
        // The pending load answers: new content (items of the leaf kept
        // or changed, some new), or nothing changed.
        if rng.chance(0.7) {
          let kept = leaf.snapshot.sections.filter { _ in rng.chance(0.7) }.map {
            var section = $0
            section.items = .init(
              section.items.filter { _ in rng.chance(0.8) }.map {
                Row(id: $0.id, value: rng.chance(0.3) ? rng.int(0..<10) : $0.value)
              })
            return section
          }
          _ = tokens[leafIndex]?.succeed(
            with: Snapshot(sections: kept.shuffled(using: &rng) + [newSection(sectionName())]))
        } else {
          _ = tokens[leafIndex]?.succeed()
        }
      case 10:
        _ = tokens[leafIndex]?.fail(Offline())
      default:
        if rng.chance(0.3) {
          leaf.reset()
        } else {
          _ = leaf.appendSection(newSection(sectionName()))
        }
      }
      // One change: it leads from the previous content to the current one.
      let changed = model.changeCount - changeCount
      failures = model.differences(from: screen, previous: changed == 1 ? previous : nil)
      if changed == 0 && model.snapshot != previous {
        failures.append("the content changed without a change")
      }
      #expect(failures.isEmpty, "seed \(seed), step \(step), action \(action): \(failures)")
      if !failures.isEmpty { return }
      changes += changed
    }
    #expect(changes > 0, "seed \(seed): the content never changed")
  }
}
