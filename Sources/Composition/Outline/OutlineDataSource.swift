public import DataSourceGraphNodes
public import DataSourceGraphSections

/// The items of an input as expandable trees, in the manner of
/// `NSDiffableDataSourceSectionSnapshot`: every item of the input is a row
/// of depth 0, and an expanded item is followed by the rows of its children
/// (and theirs, while they are expanded too).
///
/// ```swift
/// let outline = folders.outlined(children: { $0.subfolders })
/// outline.expand(folderID)           // inserts its children's rows after it
/// outline.collapse(section: "Shared")  // deletes the section's rows, keeps its header
/// ```
///
/// ## Expansion
/// Expansion is kept by identity, in ``expandedItems`` (item identities)
/// and ``collapsedSections`` (section identities), not by position: an item
/// that is updated, moved, or deleted and inserted again keeps it, and
/// collapsing an item keeps the expansion of its descendants, so they come
/// back as they were when it is expanded again. Identities that leave the
/// input stay in both sets (so a re-insert finds its state) until they are
/// removed from them: set the properties, or call ``collapseAll()``.
/// Expanding an identity that is not shown, or whose item has no children,
/// remembers it and changes no row: the item shows expanded when it appears
/// or gets children.
///
/// ## Batches
/// Every change is one exact batch, computed from the change: expanding or
/// collapsing an item inserts or deletes its visible descendants and
/// updates its row; collapsing or expanding a section deletes or inserts
/// its rows (the section, its header and footer stay). An input batch keeps
/// its section operations; an item of the input deleted, inserted or moved
/// takes its whole block (its row and its visible descendants) with it,
/// and an update of an item updates its row if the row changed and diffs
/// only its block's descendants (the identity diff of the library).
///
/// The outline keeps, per section, the rows of each block and a Fenwick
/// tree over the block sizes: reading a row costs O(log *m*) for *m* items
/// of the input in its section. A change of the block of one item costs
/// O(*b* + log *m*) for a block of *b* rows (plus the diff of that block
/// for an input update); an item of the input inserted or deleted also
/// rebuilds its section's tree, O(*m*).
///
/// ## Repeated identities
/// Rows have unique identities, whatever `children` returns. The first
/// occurrence of an identity in the outline's order wins and the later
/// ones are left out with their subtrees, and an item of the input always
/// wins (even in a collapsed section) over a descendant with its identity.
/// So a child that repeats its parent's or an ancestor's identity (a
/// cycle) is left out, and a tree whose children never end is shown only as
/// deep as it is expanded. When the winner leaves (collapsed, deleted), the
/// next occurrence appears, in the same batch. (The outline's order is the
/// rows' order: sections, then items, each followed depth first by its
/// shown descendants.) Sorting out repeated identities costs O(*b*) for
/// each block involved; without them, nothing.
///
/// ## State, name, look-ups
/// The content state, ``hasContent`` and the name are the input's (a
/// collapsed section still shows its header). A row of depth 0 maps to its
/// input item for `leafLocation(at:)`;
/// a descendant row has no position in the input, and look-ups return `nil`
/// for it.
public final class OutlineDataSource<SectionID: Hashable, Base: Identifiable & Equatable>:
  DataSource
{
  /// A row of the outline.
  public typealias Item = OutlineRow<Base>

  /// The input.
  public let input: any DataSource<SectionID, Base>
  /// The children of an item, in order; an empty array for a leaf of the
  /// tree. Called when a row is made, so it should be cheap and pure.
  public let children: (Base) -> [Base]
  /// The name of the outline: the one set, else the input's (see
  /// `DataSource.name`). Setting `nil` reports the input's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? input.name }
    set { ownName = newValue }
  }
  private var ownName: String?

  /// The rows of one item of the input: its row, then its visible
  /// descendants in order. Empty in a collapsed section.
  final class Block {
    let rootID: Base.ID
    var rows: [Item] = []
    /// The identities this block would show but another row has.
    var blocked: [Base.ID] = []
    /// Whether the block has left the outline.
    var isDetached = false
    /// Whether the block waits to be made again in the change under way.
    var isDirty = false
    /// Whether the block lies in a section the change inserts.
    var inInsertedSection = false
    /// What the block was before the change under way, once touched.
    var touch: Touch?

    init(rootID: Base.ID) { self.rootID = rootID }
  }

  /// A section of the outline: the blocks of the input section's items.
  struct Section {
    var id: SectionID
    var isCollapsed: Bool
    var blocks: [Block]
    /// The number of rows of each block.
    var sizes: FenwickTree
  }

  /// A block before the change under way.
  struct Touch {
    /// The old section index; `nil` for a block the change creates.
    var oldSection: Int?
    /// The old position of the block's first row.
    var oldOffset: Int
    var oldRows: [Item]
    /// Whether the input moved the item.
    var moved: Bool
    /// How the block changed, when it is known without a diff.
    var patch: Patch
  }

  /// A change of one block made in place.
  enum Patch {
    /// Made again: diff the old and new rows.
    case remade
    /// The rows `at + 1 ..< at + 1 + count` were inserted after the row at
    /// `at`, which changed.
    case expanded(at: Int, count: Int)
    /// The rows `at + 1 ..< at + 1 + count` were removed after the row at
    /// `at`, which changed.
    case collapsed(at: Int, count: Int)
  }

  /// Expansion changes requested together.
  struct ExpansionDelta {
    var expand: [Base.ID] = []
    var collapse: [Base.ID] = []
    var collapseSections: [SectionID] = []
    var expandSections: [SectionID] = []
  }

  var sections: [Section] = []
  /// The block that shows each descendant row (rows of depth > 0).
  var owner: [Base.ID: Block] = [:]
  /// The blocks that would show an identity another row has.
  var wanters: [Base.ID: [Block]] = [:]
  /// The expanded items, as applied.
  var expanded: Set<Base.ID>
  /// The collapsed sections, as applied.
  var collapsed: Set<SectionID>
  private var requestedExpanded: Set<Base.ID>
  private var requestedCollapsed: Set<SectionID>
  /// The state of the change under way.
  var change = ChangeContext()
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, OutlineRow<Base>>(state: .initial)

  /// Creates the outline of `input`.
  ///
  /// - Parameters:
  ///   - input: The items of depth 0, in their sections.
  ///   - children: The children of an item; `[]` for none.
  ///   - expandedItems: The items expanded at first.
  ///   - collapsedSections: The sections collapsed at first.
  /// - Complexity: O(*n*) `children` calls and hash look-ups for the *n*
  ///   rows shown.
  public init(
    _ input: any DataSource<SectionID, Base>, children: @escaping (Base) -> [Base],
    expandedItems: Set<Base.ID> = [], collapsedSections: Set<SectionID> = []
  ) {
    self.input = input
    self.children = children
    expanded = expandedItems
    requestedExpanded = expandedItems
    collapsed = collapsedSections
    requestedCollapsed = collapsedSections
    rebuild()
    output.publish(nil, state: input.contentState)
    observation = followInput()
  }

  // MARK: Expansion

  /// The expanded items, by identity, including identities not shown now.
  ///
  /// Setting it expands and collapses the differences in one batch. Set
  /// while observers are being told of a change (from an observer), the
  /// change is made after the whole delivery, like an edit of a leaf (see
  /// `ObserverList`); reading returns the value last set. The same holds
  /// for every method that expands or collapses.
  ///
  /// - Complexity: Setting costs O(*e*) for *e* identities in the two sets,
  ///   plus O(*b*) for each block of *b* rows that changes.
  public var expandedItems: Set<Base.ID> {
    get { requestedExpanded }
    set {
      let delta = ExpansionDelta(
        expand: Array(newValue.subtracting(requestedExpanded)),
        collapse: Array(requestedExpanded.subtracting(newValue)))
      requestedExpanded = newValue
      request(delta)
    }
  }

  /// The collapsed sections, by identity, including identities not in the
  /// input now. Setting it collapses and expands the differences in one
  /// batch (see ``expandedItems`` for a change made during delivery).
  ///
  /// - Complexity: Setting costs O(*c*) for *c* identities in the two sets,
  ///   plus O(*r*) for the *r* rows of the sections that change.
  public var collapsedSections: Set<SectionID> {
    get { requestedCollapsed }
    set {
      let delta = ExpansionDelta(
        collapseSections: Array(newValue.subtracting(requestedCollapsed)),
        expandSections: Array(requestedCollapsed.subtracting(newValue)))
      requestedCollapsed = newValue
      request(delta)
    }
  }

  /// Whether the item with identity `id` is expanded (whether or not it is
  /// shown or has children).
  ///
  /// - Complexity: O(1).
  public func isExpanded(_ id: Base.ID) -> Bool { requestedExpanded.contains(id) }

  /// Expands the item with identity `id`: if it is shown and has children,
  /// one batch inserts its visible descendants right after its row (with
  /// the descendants that were expanded before) and updates its row.
  /// Otherwise the identity is remembered and nothing is emitted.
  ///
  /// - Complexity: O(*k* + *b* + log *m*) for *k* rows inserted into a block
  ///   of *b* rows (finding the row in its block, moving the rows after it).
  public func expand(_ id: Base.ID) {
    guard requestedExpanded.insert(id).inserted else { return }
    request(ExpansionDelta(expand: [id]))
  }

  /// Collapses the item with identity `id`: if it is shown and expanded,
  /// one batch deletes its visible descendants and updates its row. Its
  /// descendants stay expanded, to show again when it is expanded.
  ///
  /// - Complexity: O(*b* + log *m*) for a block of *b* rows.
  public func collapse(_ id: Base.ID) {
    guard requestedExpanded.remove(id) != nil else { return }
    request(ExpansionDelta(collapse: [id]))
  }

  /// Expands every item that has children, at every depth, in one batch.
  /// The trees must be finite: every identity is visited once.
  ///
  /// - Complexity: O(*t*) `children` calls for the *t* items of all the
  ///   trees, plus the rows inserted.
  public func expandAll() {
    var all = requestedExpanded
    var visited = Set<Base.ID>()
    var stack: [Base] = []
    for s in 0..<input.numberOfSections {
      for i in 0..<input.numberOfItems(inSection: s) {
        stack.append(input.item(at: ItemPath(section: s, item: i)))
      }
    }
    while let item = stack.popLast() {
      guard visited.insert(item.id).inserted else { continue }
      let kids = children(item)
      if !kids.isEmpty {
        all.insert(item.id)
        stack.append(contentsOf: kids)
      }
    }
    expandedItems = all
  }

  /// Collapses every item and forgets every expanded identity, in one
  /// batch.
  ///
  /// - Complexity: O(*e*) for *e* expanded identities, plus the rows
  ///   deleted.
  public func collapseAll() { expandedItems = [] }

  /// Collapses the section with identity `id`: one batch deletes its rows;
  /// the section stays, with its header and footer. A section not in the
  /// input now is collapsed when it arrives.
  ///
  /// - Complexity: O(*r*) for the *r* rows of the section.
  public func collapse(section id: SectionID) {
    guard requestedCollapsed.insert(id).inserted else { return }
    request(ExpansionDelta(collapseSections: [id]))
  }

  /// Expands the section with identity `id`: one batch inserts its rows.
  ///
  /// - Complexity: O(*r*) for the *r* rows of the section.
  public func expand(section id: SectionID) {
    guard requestedCollapsed.remove(id) != nil else { return }
    request(ExpansionDelta(expandSections: [id]))
  }

  /// Whether the section with identity `id` is collapsed.
  ///
  /// - Complexity: O(1).
  public func isCollapsed(section id: SectionID) -> Bool { requestedCollapsed.contains(id) }

  private func request(_ delta: ExpansionDelta) {
    if DeliveryWave.postpone({ self.applyExpansion(delta) }) { return }
    applyExpansion(delta)
  }

  // MARK: Reads

  /// The input's sections, collapsed or not.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { sections.count }
  /// - Complexity: O(1).
  public func sectionID(at index: Int) -> SectionID { sections[index].id }
  /// The input's header and footer, also for a collapsed section.
  ///
  /// - Complexity: The input's read.
  public func supplements(ofSection index: Int) -> SectionSupplements {
    input.supplements(ofSection: index)
  }
  /// - Complexity: The input's look-up.
  public func sectionIndex(for id: SectionID) -> Int? { input.sectionIndex(for: id) }

  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int { sections[section].sizes.total }

  /// - Complexity: O(log *m*) for *m* items of the input in the section.
  public func item(at path: ItemPath) -> Item {
    let sizes = sections[path.section].sizes
    require(
      path.item >= 0 && path.item < sizes.total,
      "item index \(path.item) out of range: section \(path.section) has \(sizes.total) rows")
    let (j, before) = sizes.locate(path.item)
    return sections[path.section].blocks[j].rows[path.item - before]
  }

  /// - Complexity: O(log *m*) plus the input's look-up for an item of the
  ///   input; O(*b*) more for a descendant in a block of *b* rows.
  public func itemPath(for id: Base.ID) -> ItemPath? {
    guard let (_, path, index) = locate(id) else { return nil }
    return ItemPath(
      section: path.section, item: sections[path.section].sizes.prefixSum(path.item) + index)
  }

  /// The rows of the section, block after block.
  ///
  /// - Complexity: O(*m*) for *m* rows.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    var items: [Item] = []
    items.reserveCapacity(sections[section].sizes.total)
    for block in sections[section].blocks { items.append(contentsOf: block.rows) }
    return .init(items)
  }

  /// - Complexity: O(*n*) for *n* rows.
  public var snapshot: Snapshot<SectionID, Item> {
    Snapshot(
      sections: sections.indices.map { s in
        SnapshotSection(
          id: sections[s].id, supplements: input.supplements(ofSection: s),
          items: items(inSection: s))
      })
  }

  /// The input's: a collapsed section still shows its header, and its
  /// items are one tap away.
  ///
  /// - Complexity: The input's.
  public var hasContent: Bool { input.hasContent }

  /// The block that shows `id`, the block's path in the input, and the
  /// row's index in the block; `nil` if no row has `id`.
  func locate(_ id: Base.ID) -> (block: Block, path: ItemPath, index: Int)? {
    if let path = input.itemPath(for: id) {
      guard !sections[path.section].isCollapsed else { return nil }
      return (sections[path.section].blocks[path.item], path, 0)
    }
    guard let block = owner[id], let path = input.itemPath(for: block.rootID),
      let index = block.rows.firstIndex(where: { $0.id == id })
    else { return nil }
    return (block, path, index)
  }

  // MARK: Propagation

  func inputChanged(_ event: DataSourceEvent<SectionID, Base>) {
    switch event {
    case .changed(.batch(let batch)):
      publish(translate(batch))
    case .changed(.reloadAll):
      rebuild()
      output.publish(.reloadAll(snapshot), state: input.contentState)
    case .stateChanged:
      output.publish(nil, state: input.contentState)
    }
  }

  /// Applies `delta` to the expansion now, and publishes its batch.
  private func applyExpansion(_ delta: ExpansionDelta) { publish(expansionBatch(delta)) }

  /// Publishes `batch`, or rebuilds and reloads when there is none.
  private func publish(_ batch: ChangeBatch<SectionID, Item>?) {
    guard let batch else {
      rebuild()
      output.publish(.reloadAll(snapshot), state: input.contentState)
      return
    }
    output.publish(batch, state: input.contentState)
  }
}
