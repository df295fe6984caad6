extension SnapshotSection.Items {
  /// The items of `parts`, one after the other, sharing their storage: past
  /// 1,024 items in all, the chunks of each part (a part held as one array
  /// is one chunk) become the chunks of the result, and no item is copied,
  /// save where two small chunks meet and join into one. Up to 1,024 items,
  /// one array of them.
  ///
  /// A flatten hands its one section on this way: the sort that follows
  /// reads the items run by run, so a section of a million items is never
  /// copied into one array on its way.
  ///
  /// - Complexity: O(*c* + *p*) past 1,024 items, for *c* chunks in the
  ///   parts and *p* parts; O(*n*) up to it.
  package init(joining parts: [Self]) {
    let total = parts.reduce(0) { $0 + $1.count }
    if total <= Self.chunkLimit {
      var all: [Item] = []
      all.reserveCapacity(total)
      for part in parts { part.forEachRun { run, _ in all.append(contentsOf: run) } }
      self.init(all)
      return
    }
    self.init(whole: [], chunks: [], ends: [])
    chunks.reserveCapacity(parts.reduce(0) { $0 + Swift.max(1, $1.chunks.count) })
    ends.reserveCapacity(chunks.capacity)
    for part in parts {
      if part.isOneArray {
        if !part.whole.isEmpty { appendJoinedChunk(part.whole[...]) }
      } else {
        for chunk in part.chunks { appendJoinedChunk(chunk) }
      }
    }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Appends `chunk` (1 to 1,024 items) as the last chunk, or joins it to
  /// the last one when both are small, as the chunks' invariant asks.
  ///
  /// - Complexity: O(1), or O(``smallLength``) to join.
  private mutating func appendJoinedChunk(_ chunk: ArraySlice<Item>) {
    let end = (ends.last ?? 0) + chunk.count
    if let last = chunks.last, Swift.max(last.count, chunk.count) < Self.smallLength {
      var joined = Array(last)
      joined.append(contentsOf: chunk)
      chunks[chunks.count - 1] = joined[...]
      ends[ends.count - 1] = end
    } else {
      chunks.append(chunk)
      ends.append(end)
    }
  }
}
