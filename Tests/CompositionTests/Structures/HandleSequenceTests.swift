import DataSourceGraphComposition
import TestSupport
import Testing

/// A handle sequence answers as the plain array of its handles: the handle
/// at a position, the position of a handle, the chunks in order, through
/// random inserts (by position and by chunk and slot), removes (by
/// position and by handle) and room made for more handles, with and
/// without slots tracked, in runs long enough to split chunks (512
/// handles) and empty them.
@Suite struct HandleSequenceTests {
  @Test(.namesTheSeed)
  func answersAsItsHandles() async {
    await forEachSeed(1...12, answersAsItsHandles(seed:))
  }

  func answersAsItsHandles(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var capacity = rng.int(1...1_200)
    var free = Array((0..<Int32(capacity)).reversed())
    free.shuffle(using: &rng)
    var model = (0..<rng.int(0...capacity)).map { _ in free.removeLast() }
    var sequence = HandleSequence(model, handleCapacity: capacity, tracksSlots: seed % 2 == 0)
    expectSequence(sequence, answersAs: model)
    for step in 0..<200 {
      let run = rng.chance(0.05) ? rng.int(1...600) : 1
      switch rng.int(0..<5) {
      case 0:
        for _ in 0..<run {
          if free.isEmpty {
            // Room for more handles, as a sort makes when its input grows.
            let more = capacity + rng.int(1...64)
            sequence.reserveHandles(more)
            free += (Int32(capacity)..<Int32(more)).reversed()
            capacity = more
          }
          let handle = free.removeLast()
          let position = rng.int(0...model.count)
          sequence.insert(handle, at: position)
          model.insert(handle, at: position)
        }
      case 1 where !free.isEmpty:
        let handle = free.removeLast()
        if sequence.chunkCount == 0 {
          sequence.insert(handle, inChunkAt: 0, slot: 0)
          model.insert(handle, at: 0)
        } else {
          let c = rng.int(0..<sequence.chunkCount)
          let slot = rng.int(0...sequence.chunk(at: c).count)
          let position = sequence.start(ofChunkAt: c) + slot
          sequence.insert(handle, inChunkAt: c, slot: slot)
          model.insert(handle, at: position)
        }
      case 2:
        let place = rng.int(0...model.count)
        for _ in 0..<run where !model.isEmpty {
          let i = min(place, model.count - 1)
          let removed = sequence.remove(at: i)
          #expect(removed == model.remove(at: i))
          free.append(removed)
        }
      case 3 where !model.isEmpty:
        let i = rng.int(0..<model.count)
        let handle = model.remove(at: i)
        #expect(sequence.remove(handle) == i)
        free.append(handle)
      default:
        break
      }
      if step % 10 == 0 || run > 1 { expectSequence(sequence, answersAs: model) }
    }
    expectSequence(sequence, answersAs: model)
  }

  /// A sequence that grows past the handles whose records can hold a
  /// slot stops tracking slots and answers as before, also for handles
  /// past that capacity.
  @Test func stopsTrackingSlotsPastItsCapacityAndAnswersTheSame() {
    var rng = SplitMix64(seed: 7)
    var model = (0..<Int32(1_500)).shuffled(using: &rng)
    var sequence = HandleSequence(model, handleCapacity: model.count, tracksSlots: true)
    #expect(sequence.tracksSlots)
    let capacity = HandleSequence.slotTrackingCapacity + 10
    sequence.reserveHandles(capacity)
    #expect(!sequence.tracksSlots)
    expectSequence(sequence, answersAs: model)
    // Few edits: under the internal checks each one checks every record.
    for handle in Int32(capacity - 12)..<Int32(capacity) {
      let position = rng.int(0...model.count)
      sequence.insert(handle, at: position)
      model.insert(handle, at: position)
    }
    for _ in 0..<12 {
      let i = rng.int(0..<model.count)
      #expect(sequence.remove(model[i]) == i)
      model.remove(at: i)
    }
    expectSequence(sequence, answersAs: model)
    #expect(
      !HandleSequence([], handleCapacity: capacity, tracksSlots: true).tracksSlots,
      "a sequence made past the capacity tracks no slots")
  }

  private func expectSequence(_ sequence: HandleSequence, answersAs model: [Int32]) {
    #expect(sequence.count == model.count)
    var handles: [Int32] = []
    sequence.forEachHandle { handles.append($0) }
    #expect(handles == model)
    var chunked: [Int32] = []
    for c in 0..<sequence.chunkCount {
      let chunk = sequence.chunk(at: c)
      #expect(!chunk.isEmpty && chunk.count <= HandleSequence.chunkCapacity)
      #expect(sequence.start(ofChunkAt: c) == chunked.count)
      chunked += chunk
    }
    #expect(chunked == model)
    for (position, handle) in model.enumerated()
    where sequence.handle(at: position) != handle || sequence.index(of: handle) != position {
      Issue.record("position \(position): \(sequence.handle(at: position)), expected \(handle)")
      return
    }
  }
}
