public import DataSourceGraphNodes
public import DataSourceGraphSections

extension DataSource {
  /// Moves the row at `source` so that it ends at `destination`, its path
  /// in this node after the move (as `UITableView`'s `moveRow(at:to:)` and
  /// a table view data source's `moveRowAt` read it), by moving the item in
  /// the leaf that owns it: what a screen's drag to reorder calls.
  ///
  /// ```swift
  /// let screen = CompositeDataSource(favorites, recents).filter { !$0.isHidden }
  /// do {
  ///   try screen.reorderItem(from: dragged, to: dropped)
  /// } catch {
  ///   print(error)  // "The move would take the row from one part of the list to another."
  /// }
  /// ```
  ///
  /// The move goes down the inputs the rows come from (as
  /// ``leafLocation(at:)`` walks), each combinator turning it into a move
  /// of one input that makes it show the row at `destination` with every
  /// other row in its order: through a filter, a composite's duplicates,
  /// a map, a remove-empty, a flatten (a move across the flattened
  /// sections is a move between sections of the input), a switch, a
  /// segmented source's selected child, a fallback's shown source, and a
  /// splice (within its base, or within its spliced source). The leaf, a
  /// `ReorderableDataSource`, makes one move; the node emits it as one
  /// batch through the graph, as any change.
  ///
  /// After the call the node shows the moved row at `destination`, every
  /// other row in the order it had, and the same sections. A move to the
  /// same place does nothing. A refused move changes nothing; the
  /// `ReorderRefusal` says why: a path outside the node, a sort on the
  /// way (it would put the row back), a move from one child of a composite
  /// (or one input of a splice) to another, a row a composite also hides
  /// in another child (children that read one source), a leaf that cannot
  /// move items,
  /// a row a combinator made up, a place a splice cannot reach, or a move
  /// that would empty a section a remove-empty hides (which would take
  /// the section away). A splice keeps every other base row on its side of
  /// the spliced rows, even one a node above hides, so it refuses a move
  /// that only a hidden row crossing the spliced rows could make.
  ///
  /// Call it outside a delivery (not from an observer of the graph): the
  /// leaf makes a move asked during a delivery after it, when the paths
  /// may mean other rows.
  ///
  /// - Parameters:
  ///   - source: The row's path in this node.
  ///   - destination: The row's path in this node after the move.
  /// - Throws: Why the move is refused; then nothing changed.
  /// - Complexity: O(*d* log *n*) through *d* combinators to find the
  ///   leaf's move, plus the leaf's move and its propagation. A filter, a
  ///   composite or a flatten that hides rows between the row's new
  ///   neighbours offers its input both places (next to either
  ///   neighbour), and the walk tries the second when the first is
  ///   refused below: at most 2^*k* walks through *k* such nodes.
  public func reorderItem(from source: ItemPath, to destination: ItemPath) throws(ReorderRefusal) {
    switch reorderPlan(from: source, to: destination) {
    case .failure(let refusal): throw refusal
    case .success(nil): return
    case .success(let plan?): plan.leaf.moveItem(from: plan.source, to: plan.destination)
    }
  }

  /// Why ``reorderItem(from:to:)`` would refuse to move the row at `source`
  /// so that it ends at `destination`, or `nil` if it would make the move
  /// (or do nothing, for a move to the same place). Nothing changes: what
  /// a drag asks before it drops (a collection view's
  /// `targetIndexPathForMoveOfItemFromOriginalIndexPath`, say).
  ///
  /// ```swift
  /// if let refusal = screen.reorderRefusal(from: dragged, to: proposed) {
  ///   print(refusal)  // "The rows of “Inbox” are sorted: a moved row would be put back."
  /// }
  /// ```
  ///
  /// - Complexity: That of finding the leaf's move in
  ///   ``reorderItem(from:to:)``.
  public func reorderRefusal(from source: ItemPath, to destination: ItemPath) -> ReorderRefusal? {
    switch reorderPlan(from: source, to: destination) {
    case .failure(let refusal): refusal
    case .success: nil
    }
  }

  /// Whether the row at `path` can be moved at all: it is a row of this
  /// node, no sort orders it, a leaf holds it as an item, and that leaf is
  /// a `ReorderableDataSource`. What a table view data source's
  /// `canMoveRowAt` answers. A row that can move may still have nowhere to
  /// go (the only row of its composite child, say): the move itself says
  /// so with ``reorderRefusal(from:to:)``.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  public func canReorderItem(at path: ItemPath) -> Bool {
    var node: AnyObject = self
    var path = path
    while true {
      guard let source = node as? any DataSource, source.holdsRow(at: path) else { return false }
      if let mapping = node as? any MoveMapping {
        guard mapping.rowRefusal == nil,
          let (input, inputPath) = (mapping as? any PathMapping)?.inputLocation(of: path)
        else { return false }
        (node, path) = (input, inputPath)
      } else {
        return node is any ReorderableDataSource
      }
    }
  }

  /// The leaf's move that makes this node show the row at `source` at
  /// `destination`; `nil` for a move to the same place.
  func reorderPlan(from source: ItemPath, to destination: ItemPath) -> Result<
    LeafMove?, ReorderRefusal
  > {
    guard holdsRow(at: source) else { return .failure(.outside(source)) }
    guard holdsPlace(destination, from: source) else { return .failure(.outside(destination)) }
    guard source != destination else { return .success(nil) }
    let move = RowMove(source: source, destination: destination)
    // Refusals name the paths of this node, not those of an input.
    return leafMove(for: move, in: self, rowOnScreen: source).map { $0 }.mapError { refusal in
      switch refusal {
      case .outside: .outside(source)
      case .unreachable(_, let node): .unreachable(destination, node: node)
      default: refusal
      }
    }
  }

  /// Whether `path` names a row of this node.
  func holdsRow(at path: ItemPath) -> Bool {
    (0..<numberOfSections).contains(path.section)
      && (0..<numberOfItems(inSection: path.section)).contains(path.item)
  }

  /// Whether `destination` is a place for the row at `source` (a row of
  /// this node) once it has left it: UIKit's reading of a move's
  /// destination.
  func holdsPlace(_ destination: ItemPath, from source: ItemPath) -> Bool {
    guard (0..<numberOfSections).contains(destination.section) else { return false }
    let room =
      numberOfItems(inSection: destination.section)
      - (destination.section == source.section ? 1 : 0)
    return (0...room).contains(destination.item)
  }
}

/// The leaf's move that makes `node` show `move` (a valid move of one of
/// its rows to another place), walking down the inputs: where a combinator
/// offers two moves of its input (the row's new neighbours in the node are
/// not neighbours in the input), the first that reaches a leaf wins, else
/// the first one's refusal is the answer.
///
/// - Parameter rowOnScreen: The row's path where the walk started, for a
///   refusal that names it.
private func leafMove(for move: RowMove, in node: any DataSource, rowOnScreen: ItemPath)
  -> Result<LeafMove, ReorderRefusal>
{
  if let mapping = node as? any MoveMapping {
    switch mapping.inputMoves(for: move) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let (input, moves)):
      var firstRefusal: ReorderRefusal?
      for next in moves {
        // Each move is built to be a valid move of the input; checked
        // again so a wrong one refuses instead of stopping the leaf.
        guard let input = input as? any DataSource, input.holdsRow(at: next.source),
          input.holdsPlace(next.destination, from: next.source)
        else {
          firstRefusal = firstRefusal ?? .notReorderable(node: node.name)
          continue
        }
        switch leafMove(for: next, in: input, rowOnScreen: rowOnScreen) {
        case .success(let found): return .success(found)
        case .failure(let refusal): firstRefusal = firstRefusal ?? refusal
        }
      }
      return .failure(firstRefusal ?? .notReorderable(node: node.name))
    }
  }
  if let leaf = node as? any ReorderableDataSource {
    return .success(LeafMove(leaf: leaf, source: move.source, destination: move.destination))
  }
  if let mapping = node as? any PathMapping, mapping.inputLocation(of: move.source) == nil {
    return .failure(.noSourceItem(rowOnScreen))
  }
  return .failure(.notReorderable(node: node.name))
}

/// The move a leaf makes for a move on screen.
struct LeafMove {
  let leaf: any ReorderableDataSource
  let source: ItemPath
  let destination: ItemPath
}

/// A move of a row of one node: from `source` to `destination`, its path
/// after the move.
struct RowMove {
  var source: ItemPath
  var destination: ItemPath
}

/// How a combinator turns a move of one of its rows into a move of one of
/// its inputs; ``DataSource/reorderItem(from:to:)`` walks the graph
/// through it.
///
/// Each move a step offers must make the node show exactly the move asked
/// (the row at its destination, every other row in its order, the same
/// sections) once the input shows exactly the move offered.
protocol MoveMapping: AnyObject {
  /// Why no row of the node can move (a sort), or `nil`.
  var rowRefusal: ReorderRefusal? { get }
  /// The input, and its moves (one, or two to try in order) that make this
  /// node show `move`: a valid move of a row of the node, to another place.
  func inputMoves(for move: RowMove) -> Result<(input: AnyObject, moves: [RowMove]), ReorderRefusal>
}

extension MoveMapping {
  var rowRefusal: ReorderRefusal? { nil }
}

/// The moves in the input that make the node show `move`, for a node that
/// shows an input section's items in their order, some of them left out
/// (a filter, a composite's hidden duplicates): the row goes from
/// `inputSource` into `inputSection`, just before the row that will follow
/// it in the node, then (a second move to try) just after the row that will
/// precede it, when those differ (items the node leaves out lie between
/// them); anywhere (the end) when the node shows no other row there.
///
/// - Parameters:
///   - move: The move in the node.
///   - inputSource: The moved row's path in the input.
///   - inputSection: The input's section of the destination.
///   - inputCount: The number of items in that section of the input.
///   - rows: The number of rows of the node's destination section.
///   - inputIndex: The input's item index of the row at an index of the
///     node's destination section.
private func anchoredMoves(
  for move: RowMove, inputSource: ItemPath, inputSection: Int, inputCount: Int, rows: Int,
  inputIndex: (Int) -> Int
) -> [RowMove] {
  let sameSection = move.source.section == move.destination.section
  let others = rows - (sameSection ? 1 : 0)
  let sameInputSection = inputSource.section == inputSection
  // The node's index of the k-th other row of the destination section.
  func row(_ k: Int) -> Int { sameSection && k >= move.source.item ? k + 1 : k }
  // An input index once the moved row has left the input's section.
  func leaving(_ index: Int) -> Int {
    sameInputSection && inputSource.item < index ? index - 1 : index
  }
  let k = move.destination.item
  let before = k < others ? leaving(inputIndex(row(k))) : nil
  let after = k > 0 ? leaving(inputIndex(row(k - 1))) + 1 : nil
  let items: [Int]
  switch (before, after) {
  case (let before?, let after?): items = before == after ? [before] : [before, after]
  case (let before?, nil): items = [before]
  case (nil, let after?): items = [after]
  case (nil, nil): items = [inputCount - (sameInputSection ? 1 : 0)]
  }
  return items.map {
    RowMove(source: inputSource, destination: ItemPath(section: inputSection, item: $0))
  }
}

// MARK: - Combinators

extension FilteredDataSource: MoveMapping {
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    let source = ItemPath(
      section: move.source.section,
      item: bits.sections[move.source.section].select(move.source.item))
    let section = move.destination.section
    let moves = anchoredMoves(
      for: move, inputSource: source, inputSection: section,
      inputCount: input.numberOfItems(inSection: section),
      rows: numberOfItems(inSection: section), inputIndex: { bits.sections[section].select($0) })
    return .success((input, moves))
  }
}

/// A move stays in one child: the child's sections, its shown rows. A row
/// whose identity the composite also hides elsewhere (children that read
/// one source) would move there too, changing what that child shows, so
/// it does not move.
extension CompositeDataSource: MoveMapping {
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    let (c, before) = layout.sectionCounts.locate(move.source.section)
    let (target, targetBefore) = layout.sectionCounts.locate(move.destination.section)
    guard c == target else { return .failure(.crossesInputs(node: name)) }
    if !hidden.isEmpty, hidden[item(at: move.source).id]?.isEmpty == false {
      return .failure(.sharedRow(node: name))
    }
    let child = self.child(c)
    let source = childPath(
      ofShown: ItemPath(section: move.source.section - before, item: move.source.item),
      inChildAt: c)
    let section = move.destination.section - targetBefore
    let moves = anchoredMoves(
      for: move, inputSource: source, inputSection: section,
      inputCount: child.numberOfItems(inSection: section),
      rows: numberOfItems(inSection: move.destination.section),
      inputIndex: { childPath(ofShown: ItemPath(section: section, item: $0), inChildAt: c).item })
    return .success((child, moves))
  }
}

/// The one section is the input's sections one after the other: the row
/// lands just before the row that will follow it, or just after the one
/// that will precede it when that is in another input section.
extension FlattenedDataSource: MoveMapping {
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    func inputPath(_ item: Int) -> ItemPath {
      let (s, before) = counts.locate(item)
      return ItemPath(section: s, item: item - before)
    }
    let source = inputPath(move.source.item)
    // The other rows: the row leaves first (the node has one section).
    func row(_ k: Int) -> Int { k >= move.source.item ? k + 1 : k }
    func leaving(_ path: ItemPath) -> ItemPath {
      guard path.section == source.section, source.item < path.item else { return path }
      return ItemPath(section: path.section, item: path.item - 1)
    }
    let others = numberOfItems(inSection: 0) - 1
    let k = move.destination.item
    var destinations: [ItemPath] = []
    if k < others { destinations.append(leaving(inputPath(row(k)))) }
    if k > 0 {
      let anchor = leaving(inputPath(row(k - 1)))
      let after = ItemPath(section: anchor.section, item: anchor.item + 1)
      if destinations.first != after { destinations.append(after) }
    }
    let moves = destinations.map {
      RowMove(source: source, destination: $0)
    }
    return .success((input, moves))
  }
}

extension MappedDataSource: MoveMapping {
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    .success((input, [move]))
  }
}

/// A sort orders its rows: none moves (a move would be undone at once).
extension SortedDataSource: MoveMapping {
  var rowRefusal: ReorderRefusal? { .sorted(node: name) }
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    .failure(.sorted(node: name))
  }
}

/// A move that empties a section takes the section away, so it is refused,
/// even under a flatten: the remove-empty may be shown along another way
/// too, where its sections show.
extension NonEmptySectionsDataSource: MoveMapping {
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    if move.source.section != move.destination.section,
      numberOfItems(inSection: move.source.section) == 1
    {
      return .failure(.removesSection(node: name))
    }
    let source = ItemPath(section: visible.select(move.source.section), item: move.source.item)
    let destination = ItemPath(
      section: visible.select(move.destination.section), item: move.destination.item)
    let next = RowMove(source: source, destination: destination)
    return .success((input, [next]))
  }
}

extension SwitchableDataSource: MoveMapping {
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    showsInput ? .success((input, [move])) : .failure(.outside(move.source))
  }
}

/// The spliced rows sit after the first `index` base rows of the target
/// section (or at its end): a spliced row moves among them; a base row
/// moves anywhere in the base where the spliced rows stay after the same
/// other base rows.
extension SplicedDataSource: MoveMapping {
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    let count = splicedCount
    guard let target else { return .success((base, [move])) }
    let start = start(in: target)
    let splicedRows = start..<(start + count)
    if move.source.section == target, splicedRows.contains(move.source.item) {
      guard move.destination.section == target, splicedRows.contains(move.destination.item) else {
        return .failure(.crossesInputs(node: name))
      }
      let next = splicedMove(from: move.source.item - start, to: move.destination.item - start)
      return .success((spliced, [next]))
    }
    var source = move.source
    if source.section == target, source.item >= start { source.item -= count }
    var destination = move.destination
    let leaves = source.section == target
    let enters = destination.section == target
    if leaves || enters {
      // The base rows of the target section after the move, and where the
      // spliced rows then start.
      let newCount = base.numberOfItems(inSection: target) - (leaves ? 1 : 0) + (enters ? 1 : 0)
      let newStart = min(index, newCount)
      if enters {
        let item = destination.item < newStart ? destination.item : destination.item - count
        let lands = item < newStart ? item : item + count
        guard (0..<newCount).contains(item), lands == destination.item else {
          return .failure(.unreachable(move.destination, node: name))
        }
        destination.item = item
      }
      // The other base rows before the spliced rows must stay the same.
      let othersBefore = start - (leaves && source.item < start ? 1 : 0)
      let othersAfter = newStart - (enters && destination.item < newStart ? 1 : 0)
      guard othersBefore == othersAfter else {
        return .failure(.unreachable(move.destination, node: name))
      }
    }
    let next = RowMove(source: source, destination: destination)
    return .success((base, [next]))
  }
}

extension SplicedDataSource {
  /// The move in the spliced source that shows its `k`-th shown item as
  /// the `j`-th: the item goes just before the shown item that is to
  /// follow it, or just after the last one (hidden items keep their
  /// places).
  fileprivate func splicedMove(from k: Int, to j: Int) -> RowMove {
    let source = splicedPath(ofShown: k)
    guard splicedCount > 1, k != j else { return RowMove(source: source, destination: source) }
    // The shown items other than the moved one, by their index before the
    // move; the moved one lands next to the j-th (or the last) of them.
    func other(_ r: Int) -> Int { splicedPath(ofShown: r < k ? r : r + 1).item }
    let neighbour = j < splicedCount - 1 ? other(j) : other(j - 1)
    // Its index once the moved item has left.
    let afterRemoval = neighbour > source.item ? neighbour - 1 : neighbour
    let destination = j < splicedCount - 1 ? afterRemoval : afterRemoval + 1
    return RowMove(source: source, destination: ItemPath(section: 0, item: destination))
  }
}

// MARK: - Routing

extension CompositeDataSource: ReorderRouting {}
extension FilteredDataSource: ReorderRouting {}
extension FlattenedDataSource: ReorderRouting {}
extension MappedDataSource: ReorderRouting {}
extension SortedDataSource: ReorderRouting {}
extension NonEmptySectionsDataSource: ReorderRouting {}
extension SwitchableDataSource: ReorderRouting {}
extension SegmentedDataSource: ReorderRouting {}
extension FallbackDataSource: ReorderRouting {}
extension SplicedDataSource: ReorderRouting {}
extension MutableDataSource: ReorderRouting {}
