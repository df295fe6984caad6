/// An array that grows at its end without ever copying what it holds: the
/// storage of a large identity table's entries (``_HashedIDs``' identities,
/// a composite's keys), which an insert may add to at any time.
///
/// A Swift `Array` that runs out of room doubles: it copies every element,
/// 8 MB for a million integer identities, a pause of milliseconds in the
/// one insert that does it. Here the elements live in chunks of
/// `chunkSize` (16,384): the first grows as an `Array` does, up to that
/// size, so that a small table stays small; each later chunk is made with
/// room for all its elements at once, by the append that needs it.
/// Appending is O(1) in the worst case, apart from the array of chunks
/// itself, a pointer per chunk, which doubles once in as many appends as it
/// has chunks' worth of elements. The chunk being filled (the tail) is kept
/// apart from the full ones, so that an append is an `Array`'s; reading or
/// writing an element takes a comparison and two array reads.
///
/// Public, under an underscored name, only for the library's inlinable
/// code in other modules; not for apps.
public struct _ChunkedArray<Element> {
  /// The full chunks, `chunkSize` elements each.
  @usableFromInline var chunks: [[Element]] = []
  /// The elements after the full chunks: fewer than `chunkSize`. Apart
  /// from `chunks`, so that an append is an `Array`'s.
  @usableFromInline var tail: [Element] = []
  /// The room asked for by ``reserveCapacity(_:)``.
  @usableFromInline var reserved = 0

  /// The bits of an index below its chunk's number.
  @inlinable static var chunkShift: Int { 14 }
  /// The most elements a chunk holds.
  @inlinable static var chunkSize: Int { 1 << chunkShift }

  /// An empty array.
  @inlinable public init() {}

  /// The number of elements.
  @inlinable public var count: Int { chunks.count &<< Self.chunkShift &+ tail.count }

  /// Whether there are no elements.
  @inlinable public var isEmpty: Bool { chunks.isEmpty && tail.isEmpty }

  /// The indices of the elements, `0..<count`.
  @inlinable public var indices: Range<Int> { 0..<count }

  /// The number of elements the array is meant to hold: at least the
  /// room asked for by ``reserveCapacity(_:)``, and the room it has.
  @inlinable
  public var capacity: Int {
    Swift.max(
      reserved, chunks.count &<< Self.chunkShift &+ Swift.min(tail.capacity, Self.chunkSize))
  }

  /// The element at `index`, which must be below `count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(index: Int) -> Element {
    @inline(__always) get {
      let chunk = index &>> Self.chunkShift
      let offset = index & (Self.chunkSize &- 1)
      return chunk < chunks.count ? chunks[chunk][offset] : tail[offset]
    }
    @inline(__always) set {
      let chunk = index &>> Self.chunkShift
      let offset = index & (Self.chunkSize &- 1)
      if chunk < chunks.count { chunks[chunk][offset] = newValue } else { tail[offset] = newValue }
    }
  }

  /// Adds `element` at the end.
  ///
  /// - Complexity: O(1), plus, in the first chunk, the doubling an
  ///   `Array` does (at most `chunkSize` elements copied).
  @inlinable @inline(__always)
  public mutating func append(_ element: Element) {
    if tail.count == Self.chunkSize { startChunk() }
    tail.append(element)
  }

  /// Files the full tail among the chunks and starts a new one, with room
  /// for `chunkSize` elements.
  @inlinable
  mutating func startChunk() {
    chunks.append(tail)
    tail = []
    tail.reserveCapacity(Self.chunkSize)
  }

  /// Makes room for `minimumCapacity` elements: in the array of chunks, and
  /// in the tail up to a chunk's worth; later chunks are made as they are
  /// needed.
  ///
  /// - Complexity: O(`minimumCapacity` / `chunkSize`), plus the tail's
  ///   copy when it grows.
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    guard minimumCapacity > capacity else { return }
    reserved = minimumCapacity
    chunks.reserveCapacity(minimumCapacity &>> Self.chunkShift)
    tail.reserveCapacity(
      Swift.min(minimumCapacity - chunks.count &<< Self.chunkShift, Self.chunkSize))
  }

  /// Removes every element, keeping the first chunk's room when
  /// `keepingCapacity`.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func removeAll(keepingCapacity: Bool) {
    if keepingCapacity, !chunks.isEmpty { tail = chunks[0] }
    chunks.removeAll(keepingCapacity: keepingCapacity)
    tail.removeAll(keepingCapacity: keepingCapacity)
    if !keepingCapacity { reserved = 0 }
  }
}

extension _ChunkedArray: Sendable where Element: Sendable {}
