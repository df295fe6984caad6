import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport

/// The values a row can take (0 to 9) as a bit mask, and what the random
/// graphs' map does to them: the generator of DAGs uses masks to keep every
/// composite's and splice's inputs free of shared items while they share
/// leaves.
enum ValueMask {
  /// Every value.
  static let all: UInt16 = 0x3FF

  /// The map of the random graphs: a permutation of the values, of order 4.
  static func permute(_ value: Int) -> Int { (value * 7 + 3) % 10 }

  /// Whether `mask` holds `value`.
  static func contains(_ mask: UInt16, _ value: Int) -> Bool { mask & (1 << value) != 0 }

  /// The values `permute` makes of the values in `mask`.
  static func image(_ mask: UInt16) -> UInt16 {
    var out: UInt16 = 0
    for value in 0..<10 where contains(mask, value) { out |= 1 << permute(value) }
    return out
  }

  /// The leaf values that `shift` maps take into `mask`.
  static func preimage(_ mask: UInt16, shift: Int) -> UInt16 {
    // The permutation has order 4: its inverse is its cube.
    var out = mask
    for _ in 0..<((4 - shift % 4) % 4) { out = image(out) }
    return out
  }

  /// The values in `mask`, for messages.
  static func describe(_ mask: UInt16) -> String {
    "{" + (0..<10).filter { contains(mask, $0) }.map(String.init).joined(separator: ",") + "}"
  }
}

/// Which items a node can show: for each leaf and each number of maps on
/// the way from it (modulo 4), the values those items can have at the node.
/// An over-approximation, fixed when the node is built: filters are given a
/// fixed universe their predicates stay within.
struct LeafSupport: CustomStringConvertible {
  struct Key: Hashable {
    var leaf: Int
    var shift: Int
  }

  private(set) var masks: [Key: UInt16] = [:]

  init() {}

  /// A leaf's support: all of its items, any value.
  static func leaf(_ id: Int) -> LeafSupport {
    var support = LeafSupport()
    support.masks[Key(leaf: id, shift: 0)] = ValueMask.all
    return support
  }

  var isEmpty: Bool { masks.isEmpty }

  /// The items that pass a filter whose predicate stays within `universe`.
  func filtered(_ universe: UInt16) -> LeafSupport {
    var out = LeafSupport()
    for (key, mask) in masks where mask & universe != 0 { out.masks[key] = mask & universe }
    return out
  }

  /// The items after the map.
  func mapped() -> LeafSupport {
    var out = LeafSupport()
    for (key, mask) in masks {
      out.masks[Key(leaf: key.leaf, shift: (key.shift + 1) % 4)] = ValueMask.image(mask)
    }
    return out
  }

  /// The items of either.
  func union(_ other: LeafSupport) -> LeafSupport {
    var out = self
    for (key, mask) in other.masks { out.masks[key, default: 0] |= mask }
    return out
  }

  /// For each leaf, the leaf values of the items that can reach the node.
  var leafValues: [Int: UInt16] {
    var out: [Int: UInt16] = [:]
    for (key, mask) in masks {
      out[key.leaf, default: 0] |= ValueMask.preimage(mask, shift: key.shift)
    }
    return out
  }

  /// Whether no item can reach both nodes.
  func isDisjoint(from other: LeafSupport) -> Bool {
    let mine = leafValues
    for (leaf, values) in other.leafValues where (mine[leaf] ?? 0) & values != 0 {
      return false
    }
    return true
  }

  var description: String {
    leafValues.sorted { $0.key < $1.key }.map { "L\($0.key)\(ValueMask.describe($0.value))" }
      .joined(separator: " ")
  }
}

/// Options of the DAG generator.
struct DAGOptions {
  /// The chance that a node asked for reuses a node already built (of the
  /// same section identity type, and free of items the caller must avoid).
  var reuse = 0.35
  /// The chance that a shape is built around one shared input (two filters
  /// of one source in a composite, a fallback over its primary's input, a
  /// splice of a source into a filter of itself, tabs over one source).
  var shapes = 0.45
  /// No new combinator beyond this many nodes: the rest are leaves or reused.
  var maxNodes = 7
  /// No new leaf beyond this many leaves, when a node can be reused instead.
  var maxLeaves = 2
  /// No insert beyond this many items in a leaf: an insert op deletes instead.
  var maxItems = 5
  /// The chance that a node merging inputs (a composite, a splice) takes
  /// inputs that may show the same items: two views of one source whose
  /// universes overlap, or any node built earlier. Each identity is then
  /// shown once, by the earlier input.
  var overlaps = 0.35
}

/// A filter's predicate for the DAG generator: the values it keeps, always
/// within a universe fixed when it is built.
final class MaskBox {
  let universe: UInt16
  /// The mask last applied to the filter: what the oracle uses.
  var mask: UInt16

  init(universe: UInt16, mask: UInt16) {
    self.universe = universe
    self.mask = mask
  }
}

/// A parameter the oracle reads (a selection, a switch): set when the
/// change is made, not when it is asked for (see `GraphCheck.commit(_:)`).
final class ParameterBox<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

extension SplitMix64 {
  /// A random subset of `universe` (maybe empty, maybe all of it).
  mutating func subset(of universe: UInt16) -> UInt16 {
    if chance(0.25) { return universe }
    var out: UInt16 = 0
    for value in 0..<10 where ValueMask.contains(universe, value) && chance(0.5) {
      out |= 1 << value
    }
    return out
  }

  /// A partition of the ten values into `count` masks (some maybe empty).
  mutating func partition(into count: Int) -> [UInt16] {
    var parts = [UInt16](repeating: 0, count: count)
    for value in 0..<10 { parts[int(0..<count)] |= 1 << value }
    return parts
  }
}

/// Short descriptions for failure messages: `[0/3: 1:5 2:7 | 0/4: –]`.
enum Brief {
  static func snapshot<S>(_ snapshot: Snapshot<S, Row>) -> String {
    sections(snapshot.sections)
  }

  static func sections<S>(_ sections: [SnapshotSection<S, Row>]) -> String {
    let sections: [String] = sections.map { section in
      let items = section.items.map(\.description).joined(separator: " ")
      return "\(section.id): " + (items.isEmpty ? "–" : items)
    }
    return "[" + sections.joined(separator: " | ") + "]"
  }

  /// A state, with whether a partial state is refreshing (its description
  /// leaves that out, while `isSameState(as:)` compares it).
  static func state(_ state: ContentState) -> String {
    if case .partial(let partial) = state, partial.isRefreshing { return "\(state) refreshing" }
    return "\(state)"
  }

  static func change<S>(_ change: SnapshotChange<S, Row>) -> String {
    switch change {
    case .reloadAll(let snapshot): return "reloadAll(\(Self.snapshot(snapshot)))"
    case .batch(let batch): return self.batch(batch)
    }
  }

  static func batch<S>(_ batch: ChangeBatch<S, Row>) -> String {
    var parts: [String] = []
    func add(_ name: String, _ list: [String]) {
      if !list.isEmpty { parts.append("\(name) \(list.joined(separator: ","))") }
    }
    add("sectionDeletes", batch.sectionDeletes.map(String.init))
    add("sectionInserts", batch.sectionInserts.map { "\($0.index):\($0.section.id)" })
    add("sectionMoves", batch.sectionMoves.map { "\($0.from)→\($0.to)" })
    add("sectionUpdates", batch.sectionUpdates.map { "\($0.from)→\($0.to)" })
    add("itemDeletes", batch.itemDeletes.map(\.description))
    add("itemInserts", batch.itemInserts.map { "\($0.path)=\($0.item)" })
    add("itemMoves", batch.itemMoves.map { "\($0.from)→\($0.to)" })
    add("itemUpdates", batch.itemUpdates.map { "\($0.from)→\($0.to)=\($0.item)" })
    return "batch(" + parts.joined(separator: "; ") + ")"
  }
}
