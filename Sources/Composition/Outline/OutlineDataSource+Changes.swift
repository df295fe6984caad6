import DataSourceGraphDiffing
import DataSourceGraphNodes
import DataSourceGraphSections

// How the outline makes its batches. A change (an input batch, an
// expansion change) first changes the structure (which blocks exist, in
// which section), then makes again the blocks it marks dirty, in the
// outline's order, then emits, for every block it touched, the change from
// what the block was to what it is. Blocks whose rows are claimed by an
// earlier row elsewhere (repeated identities) are marked dirty when the
// claim changes, so the first occurrence always wins.

extension OutlineDataSource {
  /// Where an old block was, for a block found dirty during a change.
  struct IndexMap {
    /// For every new section, its old index (`nil`: inserted); `nil` when
    /// the change keeps the sections.
    var origins: [Int?]?
    /// Which items leave each old section and arrive in each new one.
    var shape = BatchShape(deletes: [], inserts: [], moves: [])

    /// The old path of the block at new `path`, which neither arrived nor
    /// lies in an inserted section; `nil` for an inserted section.
    ///
    /// - Complexity: O(log *a* + *r*) for the *a* arrivals and *r* removals
    ///   of its section.
    func oldPath(of path: ItemPath) -> ItemPath? {
      shape.oldPath(ofStaying: path, origins: origins)
    }
  }

  /// The state of one change under way.
  struct ChangeContext {
    var dirty: [Block] = []
    var touched: [Block] = []
    /// The sizes of old sections before the change changed them, by old
    /// index.
    var savedSizes: [Int: FenwickTree] = [:]
    var map = IndexMap()
  }

  // MARK: Building

  /// Builds every block from the input, in order.
  ///
  /// - Complexity: O(*n*) for *n* rows.
  func rebuild() {
    owner = [:]
    wanters = [:]
    sections = (0..<input.numberOfSections).map { s in
      let id = input.sectionID(at: s)
      let isCollapsed = collapsed.contains(id)
      var blocks: [Block] = []
      var sizes: [Int] = []
      for i in 0..<input.numberOfItems(inSection: s) {
        let path = ItemPath(section: s, item: i)
        let root = input.item(at: path)
        let block = Block(rootID: root.id)
        if !isCollapsed { flatten(block, root: root, at: path) }
        blocks.append(block)
        sizes.append(block.rows.count)
      }
      return Section(id: id, isCollapsed: isCollapsed, blocks: blocks, sizes: FenwickTree(sizes))
    }
    change = ChangeContext()
  }

  /// Makes the rows of `block` (whose claims are released) from `root`, at
  /// `path` in the input, claiming its descendants' identities.
  ///
  /// - Complexity: O(*b*) `children` calls and hash look-ups.
  func flatten(_ block: Block, root: Base, at path: ItemPath) {
    var blocked: [Base.ID] = []
    let (row, kids) = self.row(for: root, depth: 0)
    // Never stopped: a descendant this block may not show is left out.
    let descendants = shownDescendants(row.isExpanded ? kids : [], depth: 1) { child in
      if admit(child.id, into: block, at: path) { return .show }
      blocked.append(child.id)
      return .leaveOut
    }
    block.rows = [row] + (descendants ?? [])
    for id in blocked { wanters[id, default: []].append(block) }
    block.blocked = blocked
  }

  /// What a walk over an item's descendants does with one of them.
  enum Admission {
    /// Shows its row, and its descendants' if it is expanded.
    case show
    /// Leaves it out, with its subtree.
    case leaveOut
    /// Ends the walk: it cannot be decided here.
    case stop
  }

  /// The row of `value` at `depth`, and its children: expanded if it has
  /// children and its identity is in `expanded`.
  private func row(for value: Base, depth: Int) -> (Item, children: [Base]) {
    let kids = children(value)
    let open = !kids.isEmpty && expanded.contains(value.id)
    return (Item(item: value, depth: depth, hasChildren: !kids.isEmpty, isExpanded: open), kids)
  }

  /// The rows of `kids` (children at `depth`) and of their expanded
  /// descendants, depth first, each offered to `admit` before its row is
  /// made; `nil` if `admit` stopped the walk.
  ///
  /// - Complexity: O(*b*) `children` calls for the *b* rows shown, plus
  ///   what `admit` costs.
  private func shownDescendants(
    _ kids: [Base], depth: Int, _ admit: (Base) -> Admission
  ) -> [Item]? {
    var rows: [Item] = []
    var stack: [(children: [Base], next: Int, depth: Int)] = [(kids, 0, depth)]
    while let top = stack.indices.last {
      let next = stack[top].next
      guard next < stack[top].children.count else {
        stack.removeLast()
        continue
      }
      stack[top].next = next + 1
      let child = stack[top].children[next]
      let depth = stack[top].depth
      switch admit(child) {
      case .show:
        let (row, grandchildren) = self.row(for: child, depth: depth)
        rows.append(row)
        if row.isExpanded { stack.append((grandchildren, 0, depth + 1)) }
      case .leaveOut: continue
      case .stop: return nil
      }
    }
    return rows
  }

  /// Whether `block`, at `path`, may show a descendant with identity `id`
  /// now, claiming it if so: not if an item of the input has it, nor a row
  /// of this block, nor a block before this one; a block after this one
  /// loses it and is made again. The blocks that wait for it are made
  /// again too: one of them may come first now (the input moved it, or
  /// this block).
  private func admit(_ id: Base.ID, into block: Block, at path: ItemPath) -> Bool {
    if input.itemPath(for: id) != nil { return false }
    if let other = owner[id] {
      if other === block { return false }
      if let otherPath = input.itemPath(for: other.rootID), otherPath < path { return false }
      markDirty(other)
    }
    if let waiting = wanters[id] {
      for other in waiting where other !== block { markDirty(other) }
    }
    owner[id] = block
    return true
  }

  /// Gives up every claim of `block` (its descendants, the identities it
  /// waits for); returns the identities it gave up.
  func release(_ block: Block) -> [Base.ID] {
    var released: [Base.ID] = []
    for row in block.rows where row.depth > 0 && owner[row.id] === block {
      owner[row.id] = nil
      released.append(row.id)
    }
    for id in block.blocked {
      guard var list = wanters[id] else { continue }
      list.removeAll { $0 === block }
      wanters[id] = list.isEmpty ? nil : list
    }
    block.blocked = []
    return released
  }

  /// Marks dirty the blocks that wait for `ids`, which nobody shows now,
  /// but `block`.
  private func notifyWanters(of ids: [Base.ID], except block: Block?) {
    guard !wanters.isEmpty else { return }
    for id in ids where owner[id] == nil {
      for waiting in wanters[id] ?? [] where waiting !== block { markDirty(waiting) }
    }
  }

  func markDirty(_ block: Block) {
    guard !block.isDetached, !block.isDirty else { return }
    block.isDirty = true
    change.dirty.append(block)
  }

  // MARK: Sizes and touches

  /// The sizes of old section `s` before the change.
  private func oldSizes(_ s: Int) -> FenwickTree { change.savedSizes[s] ?? sections[s].sizes }

  /// Keeps the old sizes of new section `t` before they change.
  private func sizesWillChange(_ t: Int) {
    guard change.map.origins == nil, change.savedSizes[t] == nil else { return }
    change.savedSizes[t] = sections[t].sizes
  }

  private func setSize(of block: Block, at path: ItemPath) {
    sizesWillChange(path.section)
    sections[path.section].sizes.set(block.rows.count, at: path.item)
  }

  /// Records what `block` was, at old `path`, before the structure changes.
  private func touch(_ block: Block, oldPath path: ItemPath, moved: Bool) {
    guard block.touch == nil else {
      if moved { block.touch!.moved = true }
      return
    }
    block.touch = Touch(
      oldSection: path.section, oldOffset: sections[path.section].sizes.prefixSum(path.item),
      oldRows: block.rows, moved: moved, patch: .remade)
    change.touched.append(block)
  }

  /// Records `block` as made by the change.
  private func touchNew(_ block: Block, inInsertedSection: Bool) {
    block.inInsertedSection = inInsertedSection
    block.touch = Touch(oldSection: nil, oldOffset: 0, oldRows: [], moved: false, patch: .remade)
    change.touched.append(block)
  }

  /// Records what `block`, now at `path`, was before the change, if not
  /// recorded yet.
  private func touch(_ block: Block, at path: ItemPath) {
    guard block.touch == nil else { return }
    guard let old = change.map.oldPath(of: path) else {
      touchNew(block, inInsertedSection: true)
      return
    }
    block.touch = Touch(
      oldSection: old.section, oldOffset: oldSizes(old.section).prefixSum(old.item),
      oldRows: block.rows, moved: false, patch: .remade)
    change.touched.append(block)
  }

  // MARK: Making blocks again

  /// Makes the dirty blocks again, earliest first, until none is dirty;
  /// `false` if that took implausibly many passes (never seen: each block
  /// settles once the blocks before it have), and the caller rebuilds.
  private func settleDirtyBlocks() -> Bool {
    var budget = 64 + 8 * sections.reduce(0) { $0 + $1.blocks.count }
    while !change.dirty.isEmpty {
      budget -= change.dirty.count
      guard budget >= 0 else { return false }
      let batch = change.dirty
      change.dirty = []
      var located: [(path: ItemPath, block: Block)] = []
      located.reserveCapacity(batch.count)
      for block in batch {
        block.isDirty = false
        guard !block.isDetached, let path = input.itemPath(for: block.rootID) else { continue }
        located.append((path, block))
      }
      if located.count > 1 { located.sort { $0.path < $1.path } }
      for (_, block) in located where !block.isDetached {
        guard let path = input.itemPath(for: block.rootID) else { continue }
        remake(block, at: path)
      }
    }
    return true
  }

  /// Makes `block`, at `path` in the input, again from the input.
  private func remake(_ block: Block, at path: ItemPath) {
    touch(block, at: path)
    block.touch!.patch = .remade
    let released = release(block)
    if sections[path.section].isCollapsed {
      block.rows = []
    } else {
      flatten(block, root: input.item(at: path), at: path)
    }
    notifyWanters(of: released, except: block)
    setSize(of: block, at: path)
  }

  // MARK: Emitting

  /// Adds, for every block touched, the change from what it was to what it
  /// is, and ends the change.
  private func emitTouched(into out: inout ChangeBatch<SectionID, Item>) {
    for block in change.touched {
      defer { block.touch = nil }
      guard let touch = block.touch, !block.isDetached, !block.inInsertedSection,
        let path = input.itemPath(for: block.rootID)
      else { continue }
      let section = path.section
      let newOffset = sections[section].sizes.prefixSum(path.item)
      let rows = block.rows
      guard let oldSection = touch.oldSection else {
        for (j, row) in rows.enumerated() {
          out.itemInserts.append(
            .init(path: ItemPath(section: section, item: newOffset + j), item: row))
        }
        continue
      }
      let from = { ItemPath(section: oldSection, item: touch.oldOffset + $0) }
      let to = { ItemPath(section: section, item: newOffset + $0) }
      switch touch.patch {
      case .expanded(let at, let count):
        out.itemUpdates.append(.init(from: from(at), to: to(at), item: rows[at]))
        for j in at + 1..<at + 1 + count {
          out.itemInserts.append(.init(path: to(j), item: rows[j]))
        }
      case .collapsed(let at, let count):
        out.itemUpdates.append(.init(from: from(at), to: to(at), item: rows[at]))
        for j in at + 1..<at + 1 + count { out.itemDeletes.append(from(j)) }
      case .remade:
        Self.emitDifference(
          from: touch.oldRows, to: rows, moved: touch.moved, from: from, to: to, into: &out)
      }
    }
    change.touched = []
  }

  /// The change of one block's rows from `old` (at `from`) to `new` (at
  /// `to`); when the input moved the block, every row that stays moves.
  ///
  /// - Complexity: O(*b*) for equal or one-sided blocks, else the identity
  ///   diff's.
  static func emitDifference(
    from old: [Item], to new: [Item], moved: Bool, from: (Int) -> ItemPath,
    to: (Int) -> ItemPath, into out: inout ChangeBatch<SectionID, Item>
  ) {
    if old.isEmpty || new.isEmpty {
      for i in old.indices { out.itemDeletes.append(from(i)) }
      for (j, row) in new.enumerated() { out.itemInserts.append(.init(path: to(j), item: row)) }
      return
    }
    if old == new {
      if moved {
        for i in old.indices { out.itemMoves.append(.init(from: from(i), to: to(i))) }
      }
      return
    }
    let difference = new.identityDifference(from: old)
    for i in difference.deletes { out.itemDeletes.append(from(i)) }
    for j in difference.inserts { out.itemInserts.append(.init(path: to(j), item: new[j])) }
    for move in difference.moves {
      out.itemMoves.append(.init(from: from(move.from), to: to(move.to)))
    }
    for update in difference.updates {
      out.itemUpdates.append(
        .init(from: from(update.old), to: to(update.new), item: new[update.new]))
    }
    guard moved else { return }
    // The rows the diff keeps in place move with the block.
    var leaving = [Bool](repeating: false, count: old.count)
    var arriving = [Bool](repeating: false, count: new.count)
    for i in difference.deletes { leaving[i] = true }
    for j in difference.inserts { arriving[j] = true }
    for move in difference.moves {
      leaving[move.from] = true
      arriving[move.to] = true
    }
    _ = forEachStaying(leaving: leaving, arriving: arriving) { i, j in
      out.itemMoves.append(.init(from: from(i), to: to(j)))
    }
  }

  // MARK: Expansion changes

  /// Applies `delta` to the applied expansion and returns its batch;
  /// `nil` when the outline was rebuilt instead (see `settleDirtyBlocks`).
  func expansionBatch(_ delta: ExpansionDelta) -> ChangeBatch<SectionID, Item>? {
    change = ChangeContext()
    var items: [Base.ID] = []
    for id in delta.expand where expanded.insert(id).inserted { items.append(id) }
    for id in delta.collapse where expanded.remove(id) != nil { items.append(id) }
    var changedSections: [SectionID] = []
    for id in delta.collapseSections where collapsed.insert(id).inserted {
      changedSections.append(id)
    }
    for id in delta.expandSections where collapsed.remove(id) != nil { changedSections.append(id) }

    var patched = false
    if changedSections.isEmpty, items.count == 1 {
      patched = patch(items[0])
    }
    if !patched {
      for id in changedSections {
        guard let t = input.sectionIndex(for: id) else { continue }
        sections[t].isCollapsed = collapsed.contains(id)
        for block in sections[t].blocks { markDirty(block) }
      }
      for id in items {
        if let (block, _, _) = locate(id) { markDirty(block) }
      }
    }
    guard settleDirtyBlocks() else { return nil }
    var out = ChangeBatch<SectionID, Item>()
    emitTouched(into: &out)
    out.dropImpliedMoves(oldSectionCount: sections.count)
    change = ChangeContext()
    return out
  }

  /// Expands or collapses the row of `id` (as `expanded` now says) in
  /// place; `false` when its block must be made again instead.
  private func patch(_ id: Base.ID) -> Bool {
    guard let (block, path, at) = locate(id) else { return true }
    let row = block.rows[at]
    let open = row.hasChildren && expanded.contains(id)
    guard open != row.isExpanded else { return true }
    if open {
      // The subtree, checked against every claim before claiming any.
      var blocked: [Base.ID] = []
      var local = Set<Base.ID>()
      let shown = shownDescendants(children(row.item), depth: row.depth + 1) { child in
        if local.contains(child.id) || input.itemPath(for: child.id) != nil {
          blocked.append(child.id)
          return .leaveOut
        }
        if let other = owner[child.id] {
          guard other !== block, let otherPath = input.itemPath(for: other.rootID),
            otherPath < path
          else { return .stop }
          blocked.append(child.id)
          return .leaveOut
        }
        // A block waits for it: making the blocks again sorts out who
        // comes first.
        if wanters[child.id] != nil { return .stop }
        local.insert(child.id)
        return .show
      }
      guard let rows = shown else { return false }
      touch(block, at: path)
      block.touch!.patch = .expanded(at: at, count: rows.count)
      block.rows[at].isExpanded = true
      block.rows.insert(contentsOf: rows, at: at + 1)
      for row in rows { owner[row.id] = block }
      for id in blocked { wanters[id, default: []].append(block) }
      block.blocked += blocked
    } else {
      var end = at + 1
      while end < block.rows.count && block.rows[end].depth > row.depth { end += 1 }
      touch(block, at: path)
      block.touch!.patch = .collapsed(at: at, count: end - at - 1)
      let removed = block.rows[at + 1..<end]
      block.rows[at].isExpanded = false
      var released: [Base.ID] = []
      for row in removed where owner[row.id] === block {
        owner[row.id] = nil
        released.append(row.id)
      }
      block.rows.removeSubrange(at + 1..<end)
      // The block itself may wait for one of them, further down.
      notifyWanters(of: released, except: nil)
    }
    setSize(of: block, at: path)
    return true
  }

  // MARK: Input batches

  /// The outline's batch for the input's `batch`; updates the blocks.
  /// `nil` when the outline was rebuilt instead (see `settleDirtyBlocks`).
  ///
  /// - Complexity: O(*k* log *m* + Σ *b*) for *k* operations on blocks of
  ///   *b* rows (plus the diff of each updated block), O(*m*) for each
  ///   section of *m* items that gains or loses items, O(*s*) when the
  ///   sections change.
  func translate(_ batch: ChangeBatch<SectionID, Base>) -> ChangeBatch<SectionID, Item>? {
    change = ChangeContext()
    var out = ChangeBatch<SectionID, Item>()
    let oldSectionCount = sections.count
    out.sectionDeletes = batch.sectionDeletes
    out.sectionMoves = batch.sectionMoves.map { .init(from: $0.from, to: $0.to) }
    out.sectionUpdates = batch.sectionUpdates.map { $0.moved(from: $0.from, to: $0.to) }
    let shape = BatchShape(batch)
    let hasConflicts = !wanters.isEmpty
    var map = IndexMap()
    map.shape = shape
    if shape.changesSections {
      map.origins = batch.sectionOrigins(oldCount: oldSectionCount)
      for s in sections.indices { change.savedSizes[s] = sections[s].sizes }
    }
    change.map = map

    let (deletedRoots, arriving) = takeLeavingBlocks(of: batch, into: &out)
    let insertedRoots = placeBlocks(
      of: batch, shape: shape, arriving: arriving, hasConflicts: hasConflicts)

    // Claims that the change of the items of the input changes.
    for id in insertedRoots { if let block = owner[id] { markDirty(block) } }
    for id in deletedRoots { for block in wanters[id] ?? [] { markDirty(block) } }
    if hasConflicts {
      for move in batch.sectionMoves { sections[move.to].blocks.forEach(markDirty) }
    }

    guard settleDirtyBlocks() else { return nil }

    // New side.
    emitTouched(into: &out)
    for insert in batch.sectionInserts {
      var items: [Item] = []
      for block in sections[insert.index].blocks { items.append(contentsOf: block.rows) }
      out.sectionInserts.append(
        .init(
          index: insert.index,
          section: insert.section.withSupplements(id: insert.section.id, items: items)))
    }
    for insert in batch.sectionInserts {
      for block in sections[insert.index].blocks { block.inInsertedSection = false }
    }
    out.dropImpliedMoves(oldSectionCount: oldSectionCount)
    change = ChangeContext()
    return out
  }

  /// The old side of `batch`: detaches the blocks it deletes (their rows'
  /// deletes go to `out`) and touches those it moves or updates.
  ///
  /// - Returns: The roots of the deleted blocks, and the moved blocks by
  ///   their destination.
  private func takeLeavingBlocks(
    of batch: ChangeBatch<SectionID, Base>, into out: inout ChangeBatch<SectionID, Item>
  ) -> (deletedRoots: [Base.ID], arriving: [ItemPath: Block]) {
    var deletedRoots: [Base.ID] = []
    func detach(_ block: Block) {
      notifyWanters(of: release(block), except: block)
      block.isDetached = true
      deletedRoots.append(block.rootID)
    }
    for s in batch.sectionDeletes { sections[s].blocks.forEach(detach) }
    for path in batch.itemDeletes {
      let block = sections[path.section].blocks[path.item]
      let offset = sections[path.section].sizes.prefixSum(path.item)
      for j in block.rows.indices {
        out.itemDeletes.append(ItemPath(section: path.section, item: offset + j))
      }
      detach(block)
    }
    var arriving: [ItemPath: Block] = [:]
    for move in batch.itemMoves {
      let block = sections[move.from.section].blocks[move.from.item]
      touch(block, oldPath: move.from, moved: true)
      arriving[move.to] = block
    }
    for update in batch.itemUpdates {
      touch(
        sections[update.from.section].blocks[update.from.item], oldPath: update.from, moved: false)
    }
    return (deletedRoots, arriving)
  }

  /// The structure after `batch`: removes the leaving blocks, places the
  /// sections, puts the moved blocks (`arriving`) and new blocks at their
  /// destinations, and resizes the sections that changed.
  ///
  /// - Returns: The roots of the new blocks.
  private func placeBlocks(
    of batch: ChangeBatch<SectionID, Base>, shape: BatchShape,
    arriving: [ItemPath: Block], hasConflicts: Bool
  ) -> [Base.ID] {
    var resized = Set<Int>()
    for (s, indices) in shape.removals {
      for i in indices.reversed() { sections[s].blocks.remove(at: i) }
      resized.insert(s)
    }
    var insertedRoots: [Base.ID] = []
    if let origins = change.map.origins {
      var inserts: [Int: ChangeBatch<SectionID, Base>.SectionInsert] = [:]
      for insert in batch.sectionInserts { inserts[insert.index] = insert }
      let old = sections
      var resizedNew = Set<Int>()
      sections = origins.enumerated().map { t, origin in
        if let origin {
          if resized.contains(origin) { resizedNew.insert(t) }
          return old[origin]
        }
        let insert = inserts[t]!
        let blocks = insert.section.items.map { item in
          insertedRoots.append(item.id)
          let block = Block(rootID: item.id)
          touchNew(block, inInsertedSection: true)
          markDirty(block)
          return block
        }
        return Section(
          id: insert.section.id, isCollapsed: collapsed.contains(insert.section.id), blocks: blocks,
          sizes: FenwickTree([Int](repeating: 0, count: blocks.count)))
      }
      resized = resizedNew
    }
    if shape.arrivalCount > 0 {
      var insertedIDs: [ItemPath: Base.ID] = [:]
      for insert in batch.itemInserts { insertedIDs[insert.path] = insert.item.id }
      for path in shape.arrivalPaths {
        let block: Block
        if let moved = arriving[path] {
          block = moved
          let wasShown = !moved.touch!.oldRows.isEmpty
          if hasConflicts || wasShown == sections[path.section].isCollapsed { markDirty(block) }
        } else {
          block = Block(rootID: insertedIDs[path]!)
          insertedRoots.append(block.rootID)
          touchNew(block, inInsertedSection: false)
          markDirty(block)
        }
        sections[path.section].blocks.insert(block, at: path.item)
        resized.insert(path.section)
      }
    }
    for t in resized {
      sizesWillChange(t)
      sections[t].sizes = FenwickTree(sections[t].blocks.map(\.rows.count))
    }
    for update in batch.itemUpdates {
      markDirty(sections[update.to.section].blocks[update.to.item])
    }
    return insertedRoots
  }
}
