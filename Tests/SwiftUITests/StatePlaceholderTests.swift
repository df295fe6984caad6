import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import TestSupport
import Testing

/// What `contentStatePlaceholder(for:)` shows over a list, the same over a
/// `List` and over a `DataSourceCollectionView`: a spinner, the empty
/// message or the error while there is nothing to show, nothing while there
/// is content.
@MainActor
@Suite struct StatePlaceholderTests {
  /// An error with a description of its own.
  struct Timeout: Error, CustomStringConvertible {
    var attempt: Int
    var description: String { "timeout \(attempt)" }
  }

  @Test func everyStateWithContentShowsNothingOverIt() {
    let partial = ContentState.Partial(
      missing: [.init(child: 1, name: "Archive", reason: .failed(Timeout(attempt: 1)))])
    let states: [ContentState] = [
      .initial, .loading, .refreshing, .content, .contentWithFailure(Timeout(attempt: 2)),
      .empty, .error(Timeout(attempt: 3)), .partial(partial),
    ]
    for state in states {
      let shown = StatePlaceholder(state)
      // Content stays visible: a placeholder only where there is none.
      #expect((shown == .none) == (state.hasContent || state.kind == .initial), "\(state)")
    }
    #expect(StatePlaceholder(.error(Timeout(attempt: 3))) == .error("timeout 3"))
  }

  /// A leaf that loads, succeeds with some rows or none, and fails, at
  /// random: after every step the placeholder over its model is the one
  /// that what happened calls for.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.namesTheSeed) func thePlaceholderFollowsTheLoadsOfANode() async {
    await forEachSeed(1...40, thePlaceholderFollowsTheLoads(seed:))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  func thePlaceholderFollowsTheLoads(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let leaf = MutableDataSource<String, Row>(name: "Rows")
    let model = DataSourceModel(leaf)
    #expect(StatePlaceholder(model.state) == .none, "nothing before any load")
    var token: LoadToken<String, Row>?
    var hasContent = false
    for step in 0..<30 {
      let expected: StatePlaceholder
      if let pending = token, random.chance(0.6) {
        token = nil
        if random.chance(0.5) {
          let count = random.int(0...3)
          let rows = (0..<count).map { Row(id: $0, value: step) }
          _ = pending.succeed(with: Snapshot(id: "rows", items: rows))
          hasContent = count > 0
          expected = hasContent ? .none : .emptyMessage
        } else {
          let error = Timeout(attempt: step)
          _ = pending.fail(error)
          expected = hasContent ? .none : .error("timeout \(step)")
        }
      } else {
        leaf.load { token = $0 }
        expected = hasContent ? .none : .progress
      }
      #expect(StatePlaceholder(model.state) == expected, "step \(step): \(model.state)")
    }
  }
}
