import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// Seeded random trees in a random number of sections of a leaf, under an
/// outline: random edits of the input (items inserted, deleted, moved,
/// updated with new values or new children at any depth; sections
/// inserted, deleted, moved; several at once as one diffed batch),
/// interleaved with random expansions and collapses of items and sections.
/// Some identities repeat (a child that repeats another row, an item of the
/// input, an ancestor). After every batch: it passes the validator and
/// takes the previous snapshot to the outline's; after every step the
/// outline equals one recomputed from scratch, and its reads agree.
@Suite struct OutlinePropertyTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...20, release: 1...200)
  static let steps = PropertyDepth.steps(debug: 60, release: 200)

  /// Makes random trees and edits them.
  struct Forest {
    var rng: SplitMix64
    var nextID = 0
    var nextSection = 100
    var used: [Int] = []
    /// How often an identity is taken again.
    let repeatRate: Double

    mutating func newID() -> Int {
      if !used.isEmpty && rng.chance(repeatRate) { return used[rng.int(0..<used.count)] }
      nextID += 1
      used.append(nextID)
      return nextID
    }

    mutating func tree(depth: Int) -> TreeNode {
      var node = TreeNode(id: newID(), value: rng.int(0..<4))
      if depth > 0 && rng.chance(0.6) {
        node.children = (0..<rng.int(1...3)).map { _ in tree(depth: depth - 1) }
      }
      return node
    }

    mutating func section() -> SnapshotSection<Int, TreeNode> {
      nextSection += 1
      return SnapshotSection(
        id: nextSection, header: "S\(nextSection)",
        items: (0..<rng.int(0...4)).map { _ in tree(depth: 3) })
    }

    /// `node` with one random change somewhere in it.
    mutating func mutate(_ node: TreeNode, depth: Int = 0) -> TreeNode {
      var node = node
      switch rng.int(0..<6) {
      case 0: node.value = rng.int(0..<4)
      case 1: node.children = (0..<rng.int(0...3)).map { _ in tree(depth: max(0, 2 - depth)) }
      case 2 where !node.children.isEmpty:
        node.children.remove(at: rng.int(0..<node.children.count))
      case 3: node.children.insert(tree(depth: 1), at: rng.int(0...node.children.count))
      case 4 where node.children.count > 1:
        let moved = node.children.remove(at: rng.int(0..<node.children.count))
        node.children.insert(moved, at: rng.int(0...node.children.count))
      default:
        guard !node.children.isEmpty else {
          node.value += 1
          break
        }
        let i = rng.int(0..<node.children.count)
        node.children[i] = mutate(node.children[i], depth: depth + 1)
      }
      return node
    }
  }

  static func run(seed: UInt64, steps: Int, repeatRate: Double) -> [String] {
    var forest = Forest(rng: SplitMix64(seed: seed), repeatRate: repeatRate)
    let sections = (0..<forest.rng.int(1...4)).map { _ in forest.section() }
    var expanded = Set<Int>()
    for id in forest.used where forest.rng.chance(0.4) { expanded.insert(id) }
    let harness = OutlineHarness(sections, expanded: expanded)
    let leaf = harness.leaf
    let outline = harness.outline
    var log: [String] = []
    for step in 0..<steps {
      let current = leaf.sections
      let nonEmpty = current.indices.filter { !current[$0].items.isEmpty }
      func randomPath() -> ItemPath? {
        guard let s = nonEmpty.randomElement(using: &forest.rng) else { return nil }
        return ItemPath(section: s, item: forest.rng.int(0..<current[s].items.count))
      }
      func shownParent() -> Int? {
        let rows = outline.snapshot.sections.flatMap(\.items).filter(\.hasChildren)
        return rows.randomElement(using: &forest.rng)?.id
      }
      let kind = forest.rng.int(0..<14)
      switch kind {
      case 0 where !current.isEmpty:
        let s = forest.rng.int(0..<current.count)
        let items = (0..<forest.rng.int(1...3)).map { _ in forest.tree(depth: 3) }
        _ = leaf.insert(
          items, at: ItemPath(section: s, item: forest.rng.int(0...current[s].items.count)))
        log.append("insert \(items) in \(s)")
      case 1:
        if let path = randomPath() {
          leaf.deleteItems(at: [path])
          log.append("delete \(path)")
        }
      case 2:
        if let from = randomPath() {
          let t = forest.rng.int(0..<current.count)
          let count = current[t].items.count - (t == from.section ? 1 : 0)
          let to = ItemPath(section: t, item: forest.rng.int(0...count))
          leaf.moveItem(from: from, to: to)
          log.append("move \(from) → \(to)")
        }
      case 3, 4:
        var updated: [TreeNode] = []
        for _ in 0..<forest.rng.int(1...2) {
          guard let path = randomPath() else { break }
          let item = forest.mutate(current[path.section].items[path.item])
          if !updated.contains(where: { $0.id == item.id }) { updated.append(item) }
        }
        _ = leaf.update(updated)
        log.append("update \(updated)")
      case 5:
        let section = forest.section()
        let at = forest.rng.int(0...current.count)
        _ = leaf.insertSection(section, at: at)
        log.append("insert section \(section.id) at \(at)")
      case 6 where !current.isEmpty:
        let s = forest.rng.int(0..<current.count)
        if forest.rng.chance(0.5) {
          leaf.deleteSection(at: s)
          log.append("delete section \(s)")
        } else {
          let t = forest.rng.int(0..<current.count)
          leaf.moveSection(from: s, to: t)
          log.append("move section \(s) → \(t)")
        }
      case 7:
        // Several changes at once, as one diffed batch.
        leaf.perform { sections in
          if sections.count > 1 && forest.rng.chance(0.3) {
            let moved = sections.remove(at: forest.rng.int(0..<sections.count))
            sections.insert(moved, at: forest.rng.int(0...sections.count))
          }
          if forest.rng.chance(0.2) {
            sections.insert(forest.section(), at: forest.rng.int(0...sections.count))
          }
          guard !sections.isEmpty else { return }
          for _ in 0..<forest.rng.int(0...6) {
            let s = forest.rng.int(0..<sections.count)
            guard !sections[s].items.isEmpty else {
              sections[s].items.append(forest.tree(depth: 2))
              continue
            }
            let i = forest.rng.int(0..<sections[s].items.count)
            switch forest.rng.int(0..<4) {
            case 0: sections[s].items.remove(at: i)
            case 1: sections[s].items[i] = forest.mutate(sections[s].items[i])
            case 2:
              let item = sections[s].items.remove(at: i)
              let t = forest.rng.int(0..<sections.count)
              sections[t].items.insert(item, at: forest.rng.int(0...sections[t].items.count))
            default:
              sections[s].items.insert(forest.tree(depth: 2), at: i)
            }
          }
          // The leaf keeps the first of repeated identities.
          var seen = Set<Int>()
          for s in sections.indices { sections[s].items.removeAll { !seen.insert($0.id).inserted } }
        }
        log.append("perform")
      case 8, 9:
        if let id = shownParent() {
          if outline.isExpanded(id) { outline.collapse(id) } else { outline.expand(id) }
          log.append("toggle \(id)")
        }
      case 10:
        if let id = forest.used.randomElement(using: &forest.rng) {
          if outline.isExpanded(id) { outline.collapse(id) } else { outline.expand(id) }
          log.append("toggle any \(id)")
        }
      case 11 where !current.isEmpty:
        let id = current[forest.rng.int(0..<current.count)].id
        if outline.isCollapsed(section: id) {
          outline.expand(section: id)
        } else {
          outline.collapse(section: id)
        }
        log.append("toggle section \(id)")
      case 12:
        switch forest.rng.int(0..<4) {
        case 0:
          outline.expandAll()
          log.append("expand all")
        case 1:
          outline.collapseAll()
          log.append("collapse all")
        default:
          outline.expandedItems = Set(forest.used.filter { _ in forest.rng.chance(0.3) })
          log.append("set expanded")
        }
      default:
        if let id = shownParent() {
          outline.expand(id)
          log.append("expand \(id)")
        }
      }
      let failures = harness.verify()
      if !failures.isEmpty {
        return failures.prefix(3).map {
          "seed \(seed), step \(step) (\(log.suffix(3).joined(separator: "; "))): \($0)"
        }
      }
    }
    if harness.batches.isEmpty { return ["seed \(seed): no batch"] }
    if harness.reloads > 0 {
      return ["seed \(seed): \(harness.reloads) reloads instead of batches"]
    }
    return []
  }

  /// Unique identities: the common case.
  @Test(.namesTheSeed)
  func randomEditsAndExpansionsKeepTheOutlineExact() async {
    await forEachSeed(Self.seeds, randomEditsAndExpansionsKeepTheOutlineExact(seed:))
  }

  func randomEditsAndExpansionsKeepTheOutlineExact(seed: UInt64) {
    let failures = Self.run(seed: seed, steps: Self.steps, repeatRate: 0)
    #expect(failures.isEmpty, "seed \(seed): \(failures)")
  }

  /// Repeated identities: the first occurrence wins, whatever changes.
  @Test(.namesTheSeed)
  func repeatedIdentitiesKeepTheOutlineExact() async {
    await forEachSeed(Self.seeds, repeatedIdentitiesKeepTheOutlineExact(seed:))
  }

  func repeatedIdentitiesKeepTheOutlineExact(seed: UInt64) {
    let failures = Self.run(seed: seed &+ 10_000, steps: Self.steps, repeatRate: 0.15)
    #expect(failures.isEmpty, "seed \(seed &+ 10_000): \(failures)")
  }
}
