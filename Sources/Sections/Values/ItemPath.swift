/// The position of an item in a sectioned list: a section index and an item
/// index inside that section.
///
/// `ItemPath` is this library's own index path, so `Sections` needs no
/// Foundation. On Apple platforms convert with
/// `IndexPath(item: path.item, section: path.section)`.
public struct ItemPath: Hashable, Comparable, Sendable {
  /// The index of the section.
  public var section: Int
  /// The index of the item inside its section.
  public var item: Int

  /// Creates a path from a section index and an item index.
  @inlinable
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders paths by section first, then by item.
  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }
}
