/// One row of an ``OutlineDataSource``: an item of the input or one of its
/// descendants, with where it sits in its tree and whether it shows its
/// children.
///
/// A row has its item's identity, and compares all four properties: when an
/// item is expanded or collapsed, its row changes (``isExpanded``), so the
/// outline's batch updates that row and a renderer redraws its disclosure
/// indicator.
public struct OutlineRow<Base: Identifiable & Equatable>: Identifiable, Equatable {
  /// The item: an item of the input (at depth 0) or a descendant of one.
  public var item: Base
  /// 0 for an item of the input, 1 for its children, and so on.
  public var depth: Int
  /// Whether the item has children (the outline's `children` returns some),
  /// whether or not they are shown.
  public var hasChildren: Bool
  /// Whether the item has children and is expanded, so its children's rows
  /// follow it.
  public var isExpanded: Bool

  /// The item's identity.
  @inlinable
  public var id: Base.ID { item.id }

  /// Creates a row.
  @inlinable
  public init(item: Base, depth: Int, hasChildren: Bool, isExpanded: Bool) {
    self.item = item
    self.depth = depth
    self.hasChildren = hasChildren
    self.isExpanded = isExpanded
  }
}

extension OutlineRow: Sendable where Base: Sendable {}
extension OutlineRow: Hashable where Base: Hashable {}
