import DataSourceGraphDiffing
import TestSupport

/// A list row: identity `id`, and `content` that can change under the same identity.
struct Item: Identifiable, Equatable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var content: Int

  init(_ id: Int, _ content: Int = 0) {
    self.id = id
    self.content = content
  }

  var description: String { content == 0 ? "\(id)" : "\(id):\(content)" }
}

/// Shapes of inputs that the property tests draw from.
enum CaseShape: CaseIterable {
  /// Small sides over a tiny alphabet: duplicates on most cases.
  case smallAlphabet
  /// Unique identities with random deletes, inserts, moves and content changes.
  case uniqueEdits
  case empty
  case allEqual
  case reversed
  case rotated
  case interleaved
}

/// A random pair of item arrays of the given shape.
func randomCase(_ shape: CaseShape, size: Int, using rng: inout SplitMix64) -> (
  old: [Item], new: [Item]
) {
  func content() -> Int { Int.random(in: 0..<4, using: &rng) == 0 ? 1 : 0 }
  switch shape {
  case .smallAlphabet:
    let alphabet = Int.random(in: 1...6, using: &rng)
    let old = (0..<Int.random(in: 0...size, using: &rng)).map { _ in
      Item(Int.random(in: 0..<alphabet, using: &rng), content())
    }
    let new = (0..<Int.random(in: 0...size, using: &rng)).map { _ in
      Item(Int.random(in: 0..<alphabet, using: &rng), content())
    }
    return (old, new)
  case .uniqueEdits:
    let old = (0..<Int.random(in: 0...size, using: &rng)).map { Item($0) }.shuffled(using: &rng)
    var new = old
    var fresh = old.count
    for _ in 0..<Int.random(in: 0...Swift.max(1, size / 2), using: &rng) {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0 where !new.isEmpty:
        new.remove(at: Int.random(in: 0..<new.count, using: &rng))
      case 1:
        new.insert(Item(fresh), at: Int.random(in: 0...new.count, using: &rng))
        fresh += 1
      case 2 where !new.isEmpty:
        let item = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
        new.insert(item, at: Int.random(in: 0...new.count, using: &rng))
      case 3 where !new.isEmpty:
        new[Int.random(in: 0..<new.count, using: &rng)].content += 1
      default:
        break
      }
    }
    return (old, new)
  case .empty:
    let items = (0..<Int.random(in: 0...size, using: &rng)).map { Item($0, content()) }
    return Bool.random(using: &rng) ? ([], items) : (items, [])
  case .allEqual:
    let id = Int.random(in: 0..<3, using: &rng)
    let old = (0..<Int.random(in: 0...size, using: &rng)).map { _ in Item(id, content()) }
    let new = (0..<Int.random(in: 0...size, using: &rng)).map { _ in Item(id, content()) }
    return (old, new)
  case .reversed:
    let old = (0..<Int.random(in: 0...size, using: &rng)).map { Item($0) }
    return (old, old.reversed())
  case .rotated:
    let old = (0..<Int.random(in: 0...size, using: &rng)).map { Item($0) }
    let shift = old.isEmpty ? 0 : Int.random(in: 0..<old.count, using: &rng)
    return (old, Array(old[shift...] + old[..<shift]))
  case .interleaved:
    let count = Int.random(in: 0...size, using: &rng)
    let left = (0..<count).map { Item($0) }
    let right = (0..<count).map { Item(count + $0) }
    let new = zip(left, right).flatMap { [$0, $1] }
    return Bool.random(using: &rng) ? (left + right, new) : (new, left + right)
  }
}
