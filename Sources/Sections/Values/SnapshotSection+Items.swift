extension SnapshotSection {
  /// The items of a section, in display order: a random-access, mutable
  /// collection indexed from 0, like an array, whose edits cost the same at
  /// any size.
  ///
  /// Up to 1,024 items are one array. Past it, the items are held
  /// in chunks of at most 1,024 items each, with the running count
  /// at the end of each chunk, so an insert, a delete or a move in a section
  /// of half a million items moves the items of one chunk, not the items
  /// after it in the whole section, and a copy of the section shares every
  /// chunk until it edits one. Items made from an array are cut into chunks
  /// that share the array's storage, without copying an item: the chunks
  /// are made, and each is copied, the first time it is edited, and until
  /// the first edit the items read as that array.
  ///
  /// You rarely name this type: `items` takes an array literal, and
  /// `Array(section.items)` makes an array.
  ///
  /// ```swift
  /// var section = SnapshotSection(id: "inbox", items: [Row(id: 1), Row(id: 2)])
  /// section.items.insert(Row(id: 3), at: 1)
  /// section.items.map(\.id)  // [1, 3, 2]
  /// ```
  ///
  /// - Complexity: Reading by index is O(1) up to *c* = 1,024 items (the
  ///   most one chunk holds) and O(log(*n* / *c*)) past it (a binary search
  ///   over the chunks); iterating is O(1) per item. Inserting, removing or
  ///   replacing *k* items is O(*k* + *c* + *n* / *c*) past the limit (the
  ///   edited chunk and the running counts after it), O(*n*) for an array
  ///   below it, so never more than moving *c* items and a few hundred
  ///   counts at a million items.
  public struct Items: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral
  {
    /// The most items one chunk holds, and the most a section holds as one
    /// array.
    @inlinable package static var chunkLimit: Int { 1024 }
    /// The length of the chunks an array is cut into: short, so that the
    /// first edit of each, which copies it out of the array, is short too.
    @inlinable static var cutLength: Int { chunkLimit / 8 }
    /// Below this many items a chunk joins a neighbour, if they fit one.
    @inlinable static var smallLength: Int { chunkLimit / 16 }

    /// Every item while ``chunks`` is empty; past the limit, the array the
    /// chunks were cut from while none was edited since, else empty.
    @usableFromInline var whole: [Item]
    /// The items, in chunks of 1 to 1,024 items, past the limit;
    /// else empty. A chunk cut from an array shares its storage and counts
    /// its positions from where it starts there; a chunk is made to count
    /// from 0 (a copy of its items) before it is edited.
    @usableFromInline var chunks: [ArraySlice<Item>]
    /// `ends[k]` is the number of items in `chunks[0...k]`.
    @usableFromInline var ends: [Int]

    @inlinable
    init(whole: [Item], chunks: [ArraySlice<Item>], ends: [Int]) {
      self.whole = whole
      self.chunks = chunks
      self.ends = ends
    }

    /// Creates an empty collection.
    @inlinable
    public init() { self.init(whole: [], chunks: [], ends: []) }

    /// Creates the collection of an array's items, sharing its storage.
    ///
    /// - Complexity: O(1) up to 1,024 items, else
    ///   O(*n* / 1,024): the chunks are cut, not copied.
    @inlinable
    public init(_ items: [Item]) {
      if items.count <= Self.chunkLimit {
        self.init(whole: items, chunks: [], ends: [])
      } else {
        self.init(chunking: items[...])
        whole = items
      }
    }

    /// Creates the collection of a sequence's items.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public init<S: Sequence>(_ items: S) where S.Element == Item {
      self.init(Array(items))
    }

    /// Creates the collection of the listed items.
    @inlinable
    public init(arrayLiteral items: Item...) { self.init(items) }

    /// The same items for a section of another identity type.
    ///
    /// - Complexity: O(1): the storage is shared.
    @inlinable
    public init<OtherID>(_ items: SnapshotSection<OtherID, Item>.Items) {
      self.init(whole: items.whole, chunks: items.chunks, ends: items.ends)
    }

    /// Chunks of ``cutLength`` items each, sharing the storage of `items`:
    /// room to grow on both sides.
    ///
    /// - Complexity: O(*n* / 1,024).
    @inlinable
    init(chunking items: ArraySlice<Item>) {
      let size = Self.cutLength
      var chunks: [ArraySlice<Item>] = []
      var ends: [Int] = []
      chunks.reserveCapacity((items.count + size - 1) / size)
      ends.reserveCapacity(chunks.capacity)
      var start = items.startIndex
      while start < items.endIndex {
        let end = Swift.min(start + size, items.endIndex)
        chunks.append(items[start..<end])
        ends.append(end - items.startIndex)
        start = end
      }
      self.init(whole: [], chunks: chunks, ends: ends)
    }

    /// Whether the items are one array (``whole``), not chunks.
    ///
    /// Tested on ``ends``, an array of a concrete type: in code not
    /// specialized for `Item` (a node of the graph), `chunks.isEmpty` is a
    /// call of the generic `Collection.isEmpty`, which first looks up the
    /// type metadata of `[ArraySlice<Item>]` in the runtime's cache; that
    /// look-up was the largest cost of reading a section's count there.
    @inlinable var isOneArray: Bool { ends.isEmpty }
    /// Whether reads go to ``whole``: the items are one array, or chunks
    /// cut from it that no edit has touched since (`count`, not
    /// `isEmpty`, for the reason ``isOneArray`` gives).
    @inlinable var readsWhole: Bool { ends.isEmpty || whole.count != 0 }

    /// The position of the first item.
    @inlinable public var startIndex: Int { 0 }
    /// The position after the last item.
    @inlinable public var endIndex: Int { isOneArray ? whole.count : ends[ends.count - 1] }
    /// The number of items.
    @inlinable public var count: Int { endIndex }
    /// Whether there are no items.
    @inlinable public var isEmpty: Bool { endIndex == 0 }
    /// The positions of the items.
    @inlinable public var indices: Range<Int> { 0..<endIndex }

    /// The position after `i`.
    @inlinable public func index(after i: Int) -> Int { i + 1 }
    /// The position before `i`.
    @inlinable public func index(before i: Int) -> Int { i - 1 }
    /// The position `distance` items from `i`.
    @inlinable public func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }
    /// The number of items from `start` to `end`.
    @inlinable public func distance(from start: Int, to end: Int) -> Int { end - start }

    /// The chunk that holds position `i` and `i`'s offset in it; the last
    /// chunk and its count for the end position.
    ///
    /// - Complexity: O(log(number of chunks)).
    @inlinable
    func chunk(holding i: Int) -> (chunk: Int, offset: Int) {
      precondition(i >= 0 && i <= endIndex, "SnapshotSection.Items: index \(i) out of range")
      var low = 0
      var high = ends.count - 1
      while low < high {
        let middle = (low + high) / 2
        if ends[middle] > i { high = middle } else { low = middle + 1 }
      }
      return (low, i - (low == 0 ? 0 : ends[low - 1]))
    }

    /// The item at `i`.
    ///
    /// - Complexity: O(1) up to 1,024 items, else
    ///   O(log(*n* / 1,024)).
    @inlinable
    public subscript(i: Int) -> Item {
      get {
        if readsWhole { return whole[i] }
        let (c, offset) = chunk(holding: i)
        let chunk = chunks[c]
        return chunk[chunk.startIndex + offset]
      }
      _modify {
        if isOneArray {
          yield &whole[i]
        } else {
          let (c, offset) = chunk(holding: i)
          own(c)
          yield &chunks[c][offset]
        }
      }
    }

    /// Makes chunk `c` count its positions from 0, a copy of its items if
    /// it was cut from an array, and forgets that array: what every edit
    /// past the limit does first.
    ///
    /// The copy is made in one call of the runtime's copy of an array of
    /// items, not through `Array(_:)`: in code not specialized for the item
    /// type, that goes through the slice's iterator, item by item, at about
    /// 550 instructions an item (70,000 for a chunk of 128, where an edit
    /// costs about 300,000 on a screen of a million items).
    ///
    /// The copy has room for `extra` more items, so that the inserts that
    /// follow it do not copy the chunk again to grow it.
    ///
    /// - Complexity: O(1,024) the first time, else O(1).
    @inlinable
    mutating func own(_ c: Int, reserving extra: Int = 0) {
      whole = []
      guard chunks[c].startIndex != 0 else { return }
      let copy = chunks[c].withUnsafeBufferPointer { source in
        [Item](unsafeUninitializedCapacity: source.count + extra) { buffer, count in
          if let from = source.baseAddress, let to = buffer.baseAddress {
            to.initialize(from: from, count: source.count)
          }
          count = source.count
        }
      }
      chunks[c] = ArraySlice(copy)
    }

    /// The items in `bounds`.
    @inlinable
    public subscript(bounds: Range<Int>) -> Slice<Self> {
      get { Slice(base: self, bounds: bounds) }
      set { replaceSubrange(bounds, with: newValue) }
    }

    /// Calls `body` with each run of items held contiguously, in order, and
    /// the position of the run's first item.
    ///
    /// - Complexity: O(number of runs).
    @inlinable
    public func forEachRun(
      _ body: (_ run: UnsafeBufferPointer<Item>, _ start: Int) throws -> Void
    ) rethrows {
      if readsWhole {
        try whole.withUnsafeBufferPointer { try body($0, 0) }
        return
      }
      var start = 0
      for chunk in chunks {
        try chunk.withUnsafeBufferPointer { try body($0, start) }
        start += chunk.count
      }
    }

    /// Calls `body` with the items' storage when they are held as one
    /// array (up to 1,024 items); else returns `nil`.
    @inlinable
    public func withContiguousStorageIfAvailable<R>(
      _ body: (UnsafeBufferPointer<Item>) throws -> R
    ) rethrows -> R? {
      guard readsWhole else { return nil }
      return try whole.withUnsafeBufferPointer(body)
    }

    /// An iterator that walks the chunks, O(1) per item.
    public struct Iterator: IteratorProtocol {
      /// The chunks after ``current``.
      @usableFromInline let chunks: [ArraySlice<Item>]
      @usableFromInline var nextChunk = 0
      /// The items left in the chunk being read (all of them, when they
      /// are one array).
      @usableFromInline var current: ArraySlice<Item>

      @inlinable init(items: Items) {
        if items.readsWhole {
          chunks = []
          current = items.whole[...]
        } else {
          chunks = items.chunks
          current = []
        }
      }

      /// The next item, if any.
      @inlinable
      public mutating func next() -> Item? {
        while current.isEmpty {
          guard nextChunk < chunks.count else { return nil }
          current = chunks[nextChunk]
          nextChunk += 1
        }
        return current.popFirst()
      }
    }

    /// An iterator over the items.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(items: self) }

    /// The items as one array.
    ///
    /// - Complexity: O(1) up to 1,024 items, or for items made
    ///   from an array and not edited since (the storage is shared), else
    ///   O(*n*).
    @inlinable
    public var array: [Item] {
      if readsWhole { return whole }
      var array: [Item] = []
      array.reserveCapacity(count)
      for chunk in chunks { array += chunk }
      return array
    }

    /// Returns the items, each transformed.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public func map<T, E: Error>(_ transform: (Item) throws(E) -> T) throws(E) -> [T] {
      if readsWhole { return try whole.map(transform) }
      var result: [T] = []
      result.reserveCapacity(count)
      for chunk in chunks {
        for item in chunk { result.append(try transform(item)) }
      }
      return result
    }

    /// The number of items in each chunk past 1,024; empty below
    /// it, where the items are one array.
    package var chunkSizes: [Int] { chunks.map(\.count) }

    /// Whether these items and `other` share their storage, and so hold the
    /// same items: a copy not edited since.
    ///
    /// `false` says nothing: equal items built separately do not share
    /// storage.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func sharesStorage<OtherID>(with other: SnapshotSection<OtherID, Item>.Items) -> Bool {
      isOneArray
        ? other.isOneArray && whole._sharesStorage(with: other.whole)
        : !other.isOneArray && chunks._sharesStorage(with: other.chunks)
    }
  }
}

extension SnapshotSection.Items: Sendable where Item: Sendable {}
extension SnapshotSection.Items.Iterator: Sendable where Item: Sendable {}
