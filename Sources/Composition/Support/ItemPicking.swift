/// Picks items by index, in the order of the indices: the copy of items a
/// filter's or a sort's bulk read makes. Called in their inlinable
/// initializers, where the item type is known, and kept by the node, so
/// each item is copied in code specialized for its type rather than
/// through its generic metadata.
///
/// - Complexity: O(*k*) for *k* indices.
@inlinable
func pickingItems<Item>() -> ([Item], [Int]) -> [Item] {
  { items, order in
    items.withUnsafeBufferPointer { items in order.map { items[$0] } }
  }
}
