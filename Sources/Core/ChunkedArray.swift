/// An array that grows at its end without ever copying more than a chunk
/// of what it holds: the storage of a large identity table's entries
/// (``_HashedIDs``' identities, a composite's keys), which an insert may add
/// to at any time.
///
/// A Swift `Array` that runs out of room doubles: it copies every element,
/// 8 MB for a million integer identities, a pause of milliseconds in the
/// one insert that does it. Here the elements go first in an array, the
/// *head*, as long as it has room or holds fewer than `chunkSize` (16,384)
/// elements (so a small table stays small, and a table filled to the
/// count it reserved is one array, as fast to fill and read as any); once
/// the head is full, later elements go in chunks of `chunkSize`, each made
/// with room for all its elements by the append that needs it. So an
/// append copies at most `chunkSize` elements, and usually none, apart from
/// the array of chunks itself, a pointer per chunk, which doubles once in
/// as many appends as it has chunks' worth of elements. The chunk being
/// filled (the *tail*) is kept apart from the full ones, so that an append
/// is an `Array`'s. Reading an element takes a comparison and one array
/// read in the head, two past it.
///
/// Visible to the package's other modules (`@usableFromInline`) for the
/// library's inlinable code there; not public.
@usableFromInline package struct _ChunkedArray<Element> {
  /// The first elements, as many as it had room for, or more while fewer
  /// than `chunkSize`.
  @usableFromInline var head: [Element] = []
  /// The full chunks after the head, `chunkSize` elements each.
  @usableFromInline var chunks: [[Element]] = []
  /// The elements after the full chunks: fewer than `chunkSize`, and none
  /// while the head takes the appends.
  @usableFromInline var tail: [Element] = []
  /// Whether the head is closed: the appends go to the chunks.
  @usableFromInline var pastHead = false

  /// The bits of an offset past the head below its chunk's number.
  @inlinable static var chunkShift: Int { 14 }
  /// The most elements a chunk holds.
  @inlinable static var chunkSize: Int { 1 << chunkShift }

  /// An empty array.
  @inlinable package init() {}

  /// The number of elements.
  @inlinable @inline(__always)
  package var count: Int { head.count &+ chunks.count &<< Self.chunkShift &+ tail.count }

  /// Whether there are no elements.
  @inlinable package var isEmpty: Bool { head.isEmpty }

  /// The indices of the elements, `0..<count`.
  @inlinable package var indices: Range<Int> { 0..<count }

  /// Whether the head takes the next append: nothing follows it yet, and
  /// it has room or holds fewer than `chunkSize` elements.
  @inlinable
  var headTakesAppends: Bool {
    !pastHead && (head.count < head.capacity || head.count < Self.chunkSize)
  }

  /// The number of elements the array holds without making a chunk or
  /// growing its head.
  @inlinable
  package var capacity: Int {
    guard pastHead else { return head.capacity }
    return head.count &+ chunks.count &<< Self.chunkShift
      &+ Swift.min(tail.capacity, Self.chunkSize)
  }

  /// The element at `index`, which must be below `count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  package subscript(index: Int) -> Element {
    @inline(__always) get {
      if index < head.count { return head[index] }
      let past = index &- head.count
      let chunk = past &>> Self.chunkShift
      let offset = past & (Self.chunkSize &- 1)
      return chunk < chunks.count ? chunks[chunk][offset] : tail[offset]
    }
    @inline(__always) set {
      if index < head.count {
        head[index] = newValue
        return
      }
      let past = index &- head.count
      let chunk = past &>> Self.chunkShift
      let offset = past & (Self.chunkSize &- 1)
      if chunk < chunks.count { chunks[chunk][offset] = newValue } else { tail[offset] = newValue }
    }
  }

  /// Adds `element` at the end.
  ///
  /// - Complexity: O(1), plus, while the head holds fewer than
  ///   `chunkSize` elements, the doubling an `Array` does.
  @inlinable @inline(__always)
  package mutating func append(_ element: Element) {
    if headTakesAppends {
      head.append(element)
      return
    }
    if !pastHead || tail.count == Self.chunkSize { startChunk() }
    tail.append(element)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Adds `elements` at the end, in order: in one append to the head when
  /// it has room for them all, else one by one.
  ///
  /// - Complexity: O(*k*) for *k* elements, plus what ``append(_:)``
  ///   costs each when they do not fit the head's room.
  @inlinable
  package mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    if !pastHead && head.capacity &- head.count >= elements.count {
      head.append(contentsOf: elements)
      return
    }
    for element in elements { append(element) }
  }

  /// Files the tail, if full, among the chunks, and starts a new one with
  /// room for `chunkSize` elements.
  @inlinable
  mutating func startChunk() {
    if !tail.isEmpty { chunks.append(tail) }
    tail = []
    tail.reserveCapacity(Self.chunkSize)
    pastHead = true
  }

  /// Makes room for `minimumCapacity` elements: in the head while nothing
  /// follows it (a copy of the head when it grows), else in the array of
  /// chunks; chunks are made as they are needed.
  ///
  /// - Complexity: O(`count` + `minimumCapacity`) when the head grows, else
  ///   O(`minimumCapacity` / `chunkSize`).
  @inlinable
  package mutating func reserveCapacity(_ minimumCapacity: Int) {
    guard minimumCapacity > capacity else { return }
    if !pastHead {
      head.reserveCapacity(minimumCapacity)
    } else {
      chunks.reserveCapacity((minimumCapacity - head.count) &>> Self.chunkShift)
    }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Removes every element, keeping the head's room when
  /// `keepingCapacity`.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  package mutating func removeAll(keepingCapacity: Bool) {
    head.removeAll(keepingCapacity: keepingCapacity)
    chunks = []
    tail = []
    pastHead = false
  }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program when the array is not laid out as its appends
    /// assume: nothing after an open head; past it, a head of at least
    /// `chunkSize` elements, full chunks of exactly `chunkSize`, and a tail
    /// of at most `chunkSize`. Compiled only for the library's internal
    /// checks, which run it after every append past the head and every
    /// room reserved.
    ///
    /// - Complexity: O(number of chunks).
    @inlinable
    package func checkInvariants() {
      guard pastHead else {
        precondition(chunks.isEmpty && tail.isEmpty, "elements after the open head")
        return
      }
      precondition(head.count >= Self.chunkSize, "a closed head of \(head.count) elements")
      precondition(tail.count <= Self.chunkSize, "a tail of \(tail.count) elements")
      for (k, chunk) in chunks.enumerated() {
        precondition(chunk.count == Self.chunkSize, "chunk \(k) holds \(chunk.count) elements")
      }
    }
  #endif
}

extension _ChunkedArray: Sendable where Element: Sendable {}
