/// A sequence of distinct *handles* (small integers that name the items of
/// one section) that answers "which handle is at position *p*" and "at which
/// position is handle *h*", and inserts and removes at any position, each in
/// O(log(*m* / *B*) + *B*) for *m* handles and chunks of at most
/// *B* = ``chunkCapacity``.
///
/// The handles live in chunks of at most ``chunkCapacity``; a Fenwick tree
/// over the chunks' lengths (in sequence order) finds the chunk of a
/// position and the position of a chunk. Every handle records its chunk (a
/// stable chunk identity, so a split renumbers no handle outside the
/// chunk). With `tracksSlots`, every handle also records its index inside
/// its chunk, so ``index(of:)`` costs O(log(*m* / *B*)) instead of a scan of
/// the chunk, for O(*B*) writes on each insert and remove (they move that
/// many handles anyway).
///
/// A handle's record is one 4-byte word: its chunk's identity, and with
/// slots tracked its slot in the low ``slotBits`` bits (a slot is below
/// ``chunkCapacity``). So a sequence holds 8 bytes per handle (the handle
/// in its chunk and its record), with slots or without. The identities of
/// live chunks stay below the handle capacity (no chunk is empty), so the
/// word holds both up to ``slotTrackingCapacity`` handles; a sequence that
/// grows past it stops tracking slots (O(*h*) once) and finds a handle in
/// its chunk by a scan from then on.
///
/// A chunk that fills up splits in two halves, and a chunk that empties is
/// dropped: each rebuilds the chunk order and the Fenwick tree, O(*m* / *B*),
/// at most once per *B* / 2 inserts or removes in the chunk (chunks start
/// half full), so amortized O(*m* / *B*²) per insert or remove: below one
/// step per operation for *m* up to *B*², about 260,000 items.
package struct HandleSequence {
  /// The most handles a chunk holds; a new chunk is half full.
  package static let chunkCapacity = 512
  /// The bits of a record that hold the slot, when slots are tracked.
  private static let slotBits: UInt32 = 9
  /// The most handles whose records hold a chunk and a slot: the chunk
  /// identities then stay below 2^23 - 1, so no record is ``noRecord``.
  package static let slotTrackingCapacity = 1 << (32 - 9) - 2
  /// The record of a handle not in the sequence.
  private static let noRecord = UInt32.max

  /// Chunk identity → its handles, in order.
  private var storage: [[Int32]] = []
  /// The chunk identities, in sequence order.
  private var order: [Int32] = []
  /// Chunk identity → its index in `order`, or -1 if the identity is free.
  private var place: [Int32] = []
  /// Free chunk identities.
  private var freeChunks: [Int32] = []
  /// The chunks' lengths, in sequence order.
  private var lengths = FenwickTree()
  /// Handle → the identity of its chunk, shifted left by ``slotBits`` and
  /// with its slot in the chunk below when `tracksSlots`, or ``noRecord``
  /// if the handle is not in the sequence.
  private var records: [UInt32] = []
  /// Whether the records hold the handles' slots.
  package private(set) var tracksSlots: Bool

  /// The record of a handle in chunk `id` at `slot`.
  private func record(chunk id: Int32, slot: Int) -> UInt32 {
    Self.record(chunk: id, slot: slot, slotted: tracksSlots)
  }

  /// The record of a handle in chunk `id` at `slot`, with the slot in it if
  /// `slotted`.
  private static func record(chunk id: Int32, slot: Int, slotted: Bool) -> UInt32 {
    slotted ? UInt32(id) << slotBits | UInt32(slot) : UInt32(id)
  }

  /// The chunk identity in `record`.
  private func chunkIdentity(in record: UInt32) -> Int {
    Int(tracksSlots ? record >> Self.slotBits : record)
  }

  /// Creates the sequence of `handles` (distinct, each below
  /// `handleCapacity`), which tracks slots if asked to and the capacity is
  /// at most ``slotTrackingCapacity``.
  ///
  /// - Complexity: O(*m* + `handleCapacity`).
  package init(_ handles: [Int32], handleCapacity: Int, tracksSlots: Bool) {
    self.tracksSlots = tracksSlots && handleCapacity <= Self.slotTrackingCapacity
    records = [UInt32](repeating: Self.noRecord, count: handleCapacity)
    let half = Self.chunkCapacity / 2
    var start = 0
    while start < handles.count {
      let end = min(start + half, handles.count)
      // No room reserved: a chunk grows on its first insert, so a sequence
      // built and never edited holds each handle once.
      let chunk = Array(handles[start..<end])
      let id = Int32(storage.count)
      for (slot, h) in chunk.enumerated() { records[Int(h)] = record(chunk: id, slot: slot) }
      storage.append(chunk)
      order.append(id)
      place.append(Int32(order.count - 1))
      start = end
    }
    lengths = FenwickTree(storage.map(\.count))
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// The number of handles.
  package var count: Int { lengths.total }

  /// Calls `body` with each handle, in sequence order.
  ///
  /// - Complexity: O(*m*).
  package func forEachHandle(_ body: (Int32) -> Void) {
    for id in order {
      for handle in storage[Int(id)] { body(handle) }
    }
  }

  /// Makes room for handles below `capacity`; past
  /// ``slotTrackingCapacity``, stops tracking slots.
  ///
  /// - Complexity: O(1) amortized per new handle, and O(*h*) once when the
  ///   sequence stops tracking slots.
  package mutating func reserveHandles(_ capacity: Int) {
    guard records.count < capacity else { return }
    if tracksSlots && capacity > Self.slotTrackingCapacity {
      records.withUnsafeMutableBufferPointer { records in
        for h in records.indices where records[h] != Self.noRecord {
          records[h] >>= Self.slotBits
        }
      }
      tracksSlots = false
    }
    records.append(contentsOf: repeatElement(Self.noRecord, count: capacity - records.count))
  }

  /// The handle at `position` (`0..<count`).
  ///
  /// - Complexity: O(log(*m* / *B*)).
  package func handle(at position: Int) -> Int32 {
    let (c, before) = lengths.locate(position)
    return storage[Int(order[c])][position - before]
  }

  /// The position of `handle`, which is in the sequence.
  ///
  /// - Complexity: O(log(*m* / *B*)) with `tracksSlots`, else
  ///   O(log(*m* / *B*) + *B*).
  package func index(of handle: Int32) -> Int {
    let (c, slot) = location(of: handle)
    return lengths.prefixSum(c) + slot
  }

  /// The index in sequence order of the chunk that holds `handle`, and the
  /// handle's index in that chunk.
  ///
  /// - Complexity: O(1) with `tracksSlots`, else O(*B*).
  private func location(of handle: Int32) -> (chunk: Int, slot: Int) {
    let record = records[Int(handle)]
    precondition(record != Self.noRecord, "handle \(handle) is not in the sequence")
    let id = chunkIdentity(in: record)
    if tracksSlots { return (Int(place[id]), Int(record & (1 << Self.slotBits - 1))) }
    let slot = storage[id].withUnsafeBufferPointer { buffer in
      var i = 0
      while buffer[i] != handle { i += 1 }
      return i
    }
    return (Int(place[id]), slot)
  }

  // MARK: Chunk-level reads, for a search

  /// The number of chunks; none is empty.
  package var chunkCount: Int { order.count }

  /// The handles of the chunk at `index` in sequence order.
  ///
  /// - Complexity: O(1).
  package func chunk(at index: Int) -> [Int32] { storage[Int(order[index])] }

  /// The position of the first handle of the chunk at `index`.
  ///
  /// - Complexity: O(log(*m* / *B*)).
  package func start(ofChunkAt index: Int) -> Int { lengths.prefixSum(index) }

  // MARK: Edits

  /// Inserts `handle` (not in the sequence, below the reserved capacity) at
  /// `position` (`0...count`).
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*), plus O(*m* / *B*) when a chunk
  ///   splits.
  package mutating func insert(_ handle: Int32, at position: Int) {
    if order.isEmpty {
      insert(handle, inChunkAt: 0, slot: 0)
    } else if position == count {
      let last = order.count - 1
      insert(handle, inChunkAt: last, slot: storage[Int(order[last])].count)
    } else {
      let (c, before) = lengths.locate(position)
      insert(handle, inChunkAt: c, slot: position - before)
    }
  }

  /// Inserts `handle` at `slot` (`0...length`) of the chunk at `index` in
  /// sequence order (`0` when the sequence is empty).
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*), plus O(*m* / *B*) when the chunk
  ///   splits.
  package mutating func insert(_ handle: Int32, inChunkAt index: Int, slot: Int) {
    if order.isEmpty {
      let id = newChunkIdentity()
      order.append(id)
      place[Int(id)] = 0
      lengths = FenwickTree([0])
    }
    var c = index
    var s = slot
    if storage[Int(order[c])].count == Self.chunkCapacity {
      split(c)
      let firstHalf = storage[Int(order[c])].count
      if s > firstHalf {
        s -= firstHalf
        c += 1
      }
    }
    let id = order[c]
    storage[Int(id)].insert(handle, at: s)
    if tracksSlots {
      renumberSlots(ofChunk: id, from: s)
    } else {
      records[Int(handle)] = record(chunk: id, slot: s)
    }
    lengths.add(1, at: c)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Removes the handle at `position` and returns it.
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*), plus O(*m* / *B*) when a chunk
  ///   empties.
  @discardableResult
  package mutating func remove(at position: Int) -> Int32 {
    let (c, before) = lengths.locate(position)
    let handle = storage[Int(order[c])][position - before]
    remove(inChunkAt: c, slot: position - before)
    return handle
  }

  /// Removes `handle`, which is in the sequence, and returns its position.
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*), plus O(*m* / *B*) when a chunk
  ///   empties.
  @discardableResult
  package mutating func remove(_ handle: Int32) -> Int {
    let (c, slot) = location(of: handle)
    let position = lengths.prefixSum(c) + slot
    remove(inChunkAt: c, slot: slot)
    return position
  }

  private mutating func remove(inChunkAt c: Int, slot: Int) {
    let id = order[c]
    let handle = storage[Int(id)].remove(at: slot)
    records[Int(handle)] = Self.noRecord
    if storage[Int(id)].isEmpty {
      storage[Int(id)] = []
      place[Int(id)] = -1
      freeChunks.append(id)
      order.remove(at: c)
      renumberPlaces(from: c)
      lengths.remove(at: c)
    } else {
      if tracksSlots { renumberSlots(ofChunk: id, from: slot) }
      lengths.add(-1, at: c)
    }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  private mutating func newChunkIdentity() -> Int32 {
    if let id = freeChunks.popLast() { return id }
    storage.append([])
    place.append(-1)
    return Int32(storage.count - 1)
  }

  /// Splits the full chunk at `c` into two halves.
  private mutating func split(_ c: Int) {
    let id = order[c]
    let half = storage[Int(id)].count / 2
    let newID = newChunkIdentity()
    var tail: [Int32] = []
    tail.reserveCapacity(Self.chunkCapacity)
    tail += storage[Int(id)][half...]
    storage[Int(id)].removeSubrange(half...)
    storage[Int(newID)] = tail
    renumberSlots(ofChunk: newID, from: 0)
    order.insert(newID, at: c + 1)
    renumberPlaces(from: c)
    var values = lengths.values
    values[c] = half
    values.insert(tail.count, at: c + 1)
    lengths.reset(values)
  }

  private mutating func renumberPlaces(from c: Int) {
    for i in c..<order.count { place[Int(order[i])] = Int32(i) }
  }

  /// Writes the records of the handles of chunk `id` from `slot` on.
  private mutating func renumberSlots(ofChunk id: Int32, from slot: Int) {
    let slotted = tracksSlots
    storage[Int(id)].withUnsafeBufferPointer { chunk in
      records.withUnsafeMutableBufferPointer { records in
        for i in slot..<chunk.count {
          records[Int(chunk[i])] = Self.record(chunk: id, slot: i, slotted: slotted)
        }
      }
    }
  }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program when the chunks, their order and the handles'
    /// records disagree: every chunk in the order holds 1 to
    /// ``chunkCapacity`` handles and knows its place, a free chunk is empty,
    /// the tree holds the chunks' lengths, and every handle records its
    /// chunk (and slot) while the others record none. Compiled only for the
    /// library's internal checks, which run it after every change.
    ///
    /// - Complexity: O(*m* + *h*) for *m* handles and a capacity of *h*.
    package func checkInvariants() {
      precondition(
        lengths.values == order.map { storage[Int($0)].count }, "the tree is not the chunks'")
      var recorded = 0
      for (c, id) in order.enumerated() {
        let chunk = storage[Int(id)]
        precondition(place[Int(id)] == Int32(c), "chunk \(id) at \(c) says \(place[Int(id)])")
        precondition(
          (1...Self.chunkCapacity).contains(chunk.count), "chunk \(id) holds \(chunk.count)")
        for (slot, h) in chunk.enumerated() {
          precondition(
            records[Int(h)] == record(chunk: id, slot: slot),
            "handle \(h) at slot \(slot) of chunk \(id) records \(records[Int(h)])")
        }
        recorded += chunk.count
      }
      for id in freeChunks {
        precondition(place[Int(id)] == -1 && storage[Int(id)].isEmpty, "free chunk \(id) in use")
      }
      precondition(!tracksSlots || records.count <= Self.slotTrackingCapacity, "slots overflow")
      let handles = records.reduce(0) { $0 + ($1 != Self.noRecord ? 1 : 0) }
      precondition(handles == recorded, "\(handles) handles recorded for \(recorded) held")
    }
  #endif
}
