import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// Changes requested while observers are being told wait until every
/// observer has been told (review finding B2): a second observer must see
/// each batch against the content it left.
@Suite struct DeliveryTests {
  @Test func anEditDuringDeliveryWaitsForEveryObserver() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
    var seenByLater: [Int] = []
    let reacting = source.observe { event in
      guard case .changed(.batch(let batch)) = event, batch.itemInserts.first?.item.id == 1 else {
        return
      }
      source.insert([Row(id: 2)], at: ItemPath(section: 0, item: 0))
    }
    let later = source.observe { event in
      guard case .changed = event else { return }
      // What the batch left: the content as of this batch, not a later one.
      seenByLater.append(source.numberOfItems)
    }
    source.append([Row(id: 1)], toSection: 0)
    #expect(seenByLater == [1, 2])
    #expect(source.snapshot.allItems.map(\.id) == [2, 1])
    withExtendedLifetime((reacting, later)) {}
  }

  @Test func aDeleteDuringDeliveryKeepsEveryMirrorInStep() {
    let source = MutableDataSource<Int, Row>(sections: [
      RowSection(id: 0, items: (0..<5).map { Row(id: $0) })
    ])
    // The first observer deletes the first item whenever something changes,
    // until one item is left; the mirror after it must never see a batch that
    // does not fit its copy.
    let pruning = source.observe { event in
      guard case .changed = event, source.numberOfItems > 1 else { return }
      source.deleteItems(at: [ItemPath(section: 0, item: 0)])
    }
    let mirror = Mirror(source)
    source.update(Row(id: 4, revision: 1))
    #expect(mirror.failures == 0)
    #expect(mirror.snapshot == source.snapshot)
    #expect(source.numberOfItems == 1)
    withExtendedLifetime(pruning) {}
  }

  @Test func performRunsItsBodyOnTheContentObserversSee() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
    var counts: [Int] = []
    let reacting = source.observe { event in
      guard case .changed = event, source.numberOfItems == 1 else { return }
      source.perform { sections in
        counts.append(sections[0].items.count)
        sections[0].items.append(Row(id: 9))
      }
      counts.append(source.numberOfItems)  // not made yet
    }
    let mirror = Mirror(source)
    source.append([Row(id: 1)], toSection: 0)
    #expect(counts == [1, 1])
    #expect(source.snapshot.allItems.map(\.id) == [1, 9])
    #expect(mirror.snapshot == source.snapshot && mirror.failures == 0)
    withExtendedLifetime(reacting) {}
  }
}

@Suite struct DeliveryAppendTests {
  /// Two appends asked during one delivery both land at the end, each
  /// taking the end when it is made.
  @Test func appendsAskedDuringDeliveryLandAtTheEnd() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
    let reacting = source.observe { event in
      guard case .changed(.batch(let batch)) = event, batch.itemInserts.first?.item.id == 1 else {
        return
      }
      source.append([Row(id: 2)], toSection: 0)
      source.append([Row(id: 3)], toSection: 0)
      source.appendSection(RowSection(id: 1, items: [Row(id: 4)]))
      source.appendSection(RowSection(id: 2, items: [Row(id: 5)]))
    }
    let mirror = Mirror(source)
    source.append([Row(id: 1)], toSection: 0)
    #expect(source.snapshot.sections.map { $0.items.map(\.id) } == [[1, 2, 3], [4], [5]])
    #expect(mirror.snapshot == source.snapshot && mirror.failures == 0)
    withExtendedLifetime(reacting) {}
  }
}
