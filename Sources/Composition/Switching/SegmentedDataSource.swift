public import DataSourceGraphNodes
import DataSourceGraphSections

/// One of several children, shown one at a time: the tabs of a screen
/// (AdvancedCollectionView's segmented data source).
///
/// ```swift
/// let tabs = SegmentedDataSource([recent, popular, saved])
/// tabs.selectedIndex = 2  // emits the diff from `recent` to `saved`
/// ```
///
/// Switching emits the minimal batch between the two children's snapshots
/// (sections with the same identity in both are kept, items with the same
/// identity are moved or updated). While a child is selected its batches
/// pass through unchanged; the other children's are ignored. The state is
/// the selected child's; ``reload()`` reloads the selected child.
public final class SegmentedDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// A child.
  public typealias Child = any DataSource<SectionID, Item>
  /// The children.
  public let children: [Child]
  /// The name of the segmented source: the one set, else the selected
  /// child's, as its state is (see `DataSource.name`). Setting `nil` reports
  /// the selected child's again; setting it emits nothing.
  public var name: String? {
    get { ownName ?? selected.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  var observations: [ObservationToken] = []
  let output = NodeOutput<SectionID, Item>(state: .empty)

  /// The index of the child shown.
  ///
  /// Set while observers are being told of a change (from an observer), the
  /// switch is made after the whole delivery, like an edit of a leaf (see
  /// `ObserverList`); reading the property returns the value last set.
  ///
  /// - Complexity: Changing it costs O(*n* log *n*): both snapshots are
  ///   read and diffed.
  public var selectedIndex: Int {
    get { requestedIndex }
    set {
      require(
        children.indices.contains(newValue),
        "selected index \(newValue) out of range: the segmented source has \(children.count) children"
      )
      requestedIndex = newValue
      select(newValue)
    }
  }
  /// The index last set, maybe not applied yet.
  private var requestedIndex: Int
  /// The index of the child shown now.
  private(set) var shownIndex: Int

  /// Creates a segmented source showing `children[selectedIndex]`.
  ///
  /// ```swift
  /// let tabs = SegmentedDataSource(recent, popular, saved, selectedIndex: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - children: The children; at least one.
  ///   - selectedIndex: The index of the child shown first; 0 by default.
  ///   - name: The source's own name; `nil` by default, and then it
  ///     reports the selected child's.
  public convenience init(_ children: Child..., selectedIndex: Int = 0, name: String? = nil) {
    self.init(children, selectedIndex: selectedIndex, name: name)
  }

  /// Creates a segmented source showing `children[selectedIndex]`.
  ///
  /// - Parameters:
  ///   - children: The children; at least one.
  ///   - selectedIndex: The index of the child shown first; 0 by default.
  ///   - name: The source's own name; `nil` by default, and then it
  ///     reports the selected child's.
  public init(_ children: [Child], selectedIndex: Int = 0, name: String? = nil) {
    ownName = name
    require(!children.isEmpty, "a segmented source needs at least one child")
    require(
      children.indices.contains(selectedIndex),
      "selected index \(selectedIndex) out of range: \(children.count) children")
    self.children = children
    requestedIndex = selectedIndex
    shownIndex = selectedIndex
    output.publish(nil, state: children[selectedIndex].contentState)
    for (index, child) in children.enumerated() {
      observations.append(
        output.follow(child) { [weak self] event in self?.childChanged(index, event) })
    }
  }

  /// Shows the child at `index`, after the delivery under way if there is one.
  private func select(_ index: Int) {
    if DeliveryWave.postpone({ self.select(index) }) { return }
    guard index != shownIndex else { return }
    let old = children[shownIndex].snapshot
    shownIndex = index
    output.publish(children[index].snapshot.difference(from: old), state: selected.contentState)
  }

  /// The child shown.
  public var selected: Child { children[shownIndex] }

  public func reload() { selected.reload() }
  /// Runs `body` once the selected child's loads have settled; the other
  /// children are not shown and are not waited for (see
  /// `DataSource.whenLoaded(_:)`).
  public func whenLoaded(_ body: @escaping () -> Void) { selected.whenLoaded(body) }

  private func childChanged(_ index: Int, _ event: DataSourceEvent<SectionID, Item>) {
    guard index == shownIndex else { return }
    switch event {
    case .changed(let change): output.publish(change, state: selected.contentState)
    case .stateChanged: output.publish(nil, state: selected.contentState)
    }
  }
}

/// The segmented source shows its selected child whole: every read is
/// that child's.
extension SegmentedDataSource: ReadThroughNode {
  package var readSource: any DataSource<SectionID, Item> { selected }
}
