import DataSourceGraphCore
import Testing

extension _HashedIDs {
  /// Adds the identities of `items` with `appendEachIfAbsent` and checks
  /// what became of each against `model` (each identity's entry), which it
  /// brings up to date. `context` names the seed and step in a failure.
  mutating func appendEach<Item: Identifiable>(
    _ items: [Item], checkedAgainst model: inout [ID: Int], _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where Item.ID == ID {
    var outcomes = [Int](repeating: 0, count: items.count)
    items.withUnsafeBufferPointer { items in
      outcomes.withUnsafeMutableBufferPointer { outcomes in
        appendEachIfAbsent(identitiesOf: items, outcomes: outcomes)
      }
    }
    for (item, outcome) in zip(items, outcomes) {
      if let entry = model[item.id] {
        #expect(outcome == -1 - entry, "\(context)", sourceLocation: sourceLocation)
      } else {
        #expect(outcome == model.count, "\(context)", sourceLocation: sourceLocation)
        model[item.id] = model.count
      }
    }
  }
}
