import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

@Suite struct ObservationTests {
  private func source() -> MutableDataSource<Int, Row> {
    MutableDataSource(sections: [RowSection(id: 0)])
  }

  @Test func observersAreToldInOrderAfterTheNodeUpdated() {
    let source = source()
    var log: [String] = []
    let first = source.observe { event in
      if case .changed = event { log.append("first sees \(source.numberOfItems)") }
    }
    let second = source.observe { event in
      if case .changed = event { log.append("second sees \(source.numberOfItems)") }
    }
    source.append([Row(id: 1)], toSection: 0)
    #expect(log == ["first sees 1", "second sees 1"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func changesMadeDuringDeliveryAreQueuedInOrder() {
    let source = source()
    var mirrors: [[RowBatch]] = [[], []]
    var copies = [source.snapshot, source.snapshot]
    var ok = true
    let reacting = source.observe { event in
      guard case .changed(.batch(let batch)) = event else { return }
      mirrors[0].append(batch)
      if let next = copies[0].applying(batch) { copies[0] = next } else { ok = false }
      // React to the first insert by inserting again, during delivery.
      if source.numberOfItems == 1 { source.append([Row(id: 2)], toSection: 0) }
    }
    let watching = source.observe { event in
      guard case .changed(.batch(let batch)) = event else { return }
      mirrors[1].append(batch)
      if let next = copies[1].applying(batch) { copies[1] = next } else { ok = false }
    }
    source.append([Row(id: 1)], toSection: 0)
    #expect(ok)
    #expect(mirrors[0].count == 2 && mirrors[1].count == 2)
    #expect(mirrors[1].map { $0.itemInserts.map(\.item.id) } == [[1], [2]])
    #expect(copies[0] == source.snapshot && copies[1] == source.snapshot)
    withExtendedLifetime((reacting, watching)) {}
  }

  @Test func cancellingOrDroppingTheTokenEndsTheObservation() {
    let source = source()
    var count = 0
    let token = source.observe { _ in count += 1 }
    source.append([Row(id: 1)], toSection: 0)
    let seen = count
    token.cancel()
    #expect(token.isCancelled)
    source.append([Row(id: 2)], toSection: 0)
    #expect(count == seen)

    var dropped = 0
    do {
      let scoped = source.observe { _ in dropped += 1 }
      withExtendedLifetime(scoped) {}
    }
    source.append([Row(id: 3)], toSection: 0)
    #expect(dropped == 0)
  }

  @Test func anObserverCancelledDuringDeliveryHearsNothingMore() {
    let source = source()
    var second: ObservationToken?
    var heard = 0
    let first = source.observe { _ in second?.cancel() }
    second = source.observe { _ in heard += 1 }
    source.append([Row(id: 1)], toSection: 0)
    #expect(heard == 0)
    withExtendedLifetime(first) {}
  }

  @Test func aSourceDoesNotKeepItsObserversAlive() {
    final class Screen {
      var observation: ObservationToken?
      var items = 0
    }
    let source = source()
    weak var weakScreen: Screen?
    do {
      let screen = Screen()
      weakScreen = screen
      screen.observation = source.observe { [weak screen] _ in screen?.items += 1 }
      source.append([Row(id: 1)], toSection: 0)
      #expect(screen.items >= 1)
    }
    #expect(weakScreen == nil)
    source.append([Row(id: 2)], toSection: 0)
  }

  @Test func aDroppedSourceIsFreedWhileObserved() {
    weak var weakSource: MutableDataSource<Int, Row>?
    var token: ObservationToken?
    do {
      let source = source()
      weakSource = source
      token = source.observe { _ in }
    }
    #expect(weakSource == nil)
    token?.cancel()
  }
}
