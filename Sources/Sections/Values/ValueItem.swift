/// An item that is its own identity, as in a diffable data source: wrap a
/// `Hashable` value that is not `Identifiable` (a `String`, a `UUID`, a
/// model whose every field is its identity) to show it in a list.
///
/// ```swift
/// struct Movie: Hashable { var title: String; var year: Int }
///
/// var snapshot = Snapshot<String, ValueItem<Movie>>()
/// snapshot.appendSections(["all"])
/// snapshot.appendItems(movies, toSection: "all")   // [Movie], wrapped
/// snapshot.item(at: ItemPath(section: 0, item: 0)).title  // the movie's, read through
/// ```
///
/// Two items are the same item when their values are equal, so a changed
/// value is a delete and an insert, never an update: as in a diffable data
/// source. To have a cell configured again without a change of value,
/// `reconfigureItems(_:)` or `reloadItems(_:)` of a snapshot, given the
/// values, marks the item: the next diff reports it as an update
/// (`Snapshot.markedItemIDs`).
@dynamicMemberLookup
public struct ValueItem<Value: Hashable>: Identifiable, Equatable {
  /// The value, which is also the identity.
  public let value: Value

  /// Wraps `value`.
  public init(_ value: Value) { self.value = value }

  /// The value: the item's identity.
  public var id: Value { value }

  /// A property of the value, read through.
  public subscript<Property>(dynamicMember keyPath: KeyPath<Value, Property>) -> Property {
    value[keyPath: keyPath]
  }
}

extension ValueItem: Sendable where Value: Sendable {}
