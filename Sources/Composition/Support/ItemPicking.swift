/// Picks items by index, in the order of the indices: the one copy of the
/// items a filter's, a sort's, a composite's or a splice's bulk read keeps
/// (``RankedBits/selected(from:picking:)``). A filter's and a sort's
/// inlinable initializers call it where the item type is known and keep
/// the result, so each item is copied in code specialized for its type;
/// elsewhere it runs generic.
///
/// - Complexity: O(*k*) for *k* indices.
@inlinable
func pickingItems<Item>() -> ([Item], [Int]) -> [Item] {
  { items, order in
    // With no room asked for, `Array(unsafeUninitializedCapacity:)` writes
    // its count into the storage every empty array shares, which the
    // thread sanitizer reports as a race between threads that do the same.
    if order.isEmpty { return [] }
    // Pointers, not `append` or `map`: in code not specialized for the
    // item type, those look up the array type's metadata for every item.
    return items.withUnsafeBufferPointer { items in
      [Item](unsafeUninitializedCapacity: order.count) { out, initialized in
        for i in order {
          (out.baseAddress! + initialized).initialize(to: items[i])
          initialized += 1
        }
      }
    }
  }
}
