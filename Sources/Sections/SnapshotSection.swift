/// One section of a list: an identity, optional header and footer titles,
/// and the items in order.
///
/// A section's identity must be unique in a ``Snapshot``; its items'
/// identities must be unique across the whole snapshot.
/// The header and footer are the section's content: when they change while
/// the identity stays, a diff reports a section update.
public struct SnapshotSection<ID: Hashable, Item: Identifiable>: Identifiable {
  /// The identity of the section.
  public var id: ID
  /// The title shown above the section, if any.
  public var header: String?
  /// The title shown below the section, if any.
  public var footer: String?
  /// The items of the section, in display order.
  public var items: [Item]

  /// Creates a section.
  @inlinable
  public init(id: ID, header: String? = nil, footer: String? = nil, items: [Item] = []) {
    self.id = id
    self.header = header
    self.footer = footer
    self.items = items
  }

  /// Whether two sections have the same header and footer (items are not
  /// compared).
  @inlinable
  public func hasSameSupplements(as other: Self) -> Bool {
    header == other.header && footer == other.footer
  }
}

extension SnapshotSection: Equatable where Item: Equatable {
  /// Two sections are equal when their identities, headers, footers and
  /// items are equal.
  ///
  /// - Complexity: O(1) when the items share storage (a copy whose items
  ///   were not edited), else O(*n*) for *n* items.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.header == rhs.header && lhs.footer == rhs.footer
      && lhs.items == rhs.items
  }
}
extension SnapshotSection: Hashable where Item: Hashable {}
extension SnapshotSection: Sendable where ID: Sendable, Item: Sendable {}
