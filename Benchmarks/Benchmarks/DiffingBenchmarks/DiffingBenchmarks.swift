import Benchmark
import BenchmarkSupport
import DataSourceGraphDiffing

// Four scenarios, the same inputs for every contender in one run:
//   A: 5,000 items → 1,000 deleted, 1,000 inserted, 200 shuffled;
//   B: 100,000 items → 10,000 deleted, 10,000 inserted, 2,000 shuffled;
//   C: 10,000 items, 10 random edits;
//   D: 100,000 items reversed.
// Contenders: ours (`identityDifference(from:)`, elements are their own identity),
// Swift's `difference(from:).inferringMoves()`, and the floor: hashing every
// identity of both sides into a `Dictionary`, which any identity diff must do.

/// An identity source: unique Ints, or UUID-like 36-character strings.
protocol Identity: Hashable, Sendable {
  static var name: String { get }
  static func make(using rng: inout SplitMix64) -> Self
}

extension Int: Identity {
  static var name: String { "Int" }
  static func make(using rng: inout SplitMix64) -> Int { Int(truncatingIfNeeded: rng.next()) }
}

extension String: Identity {
  static var name: String { "String" }
  /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lowercase hex, from 128 random bits.
  static func make(using rng: inout SplitMix64) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bits = (rng.next(), rng.next())
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    for position in 0..<32 {
      if [8, 12, 16, 20].contains(position) { bytes.append(UInt8(ascii: "-")) }
      let word = position < 16 ? bits.0 : bits.1
      bytes.append(digits[Int(word & 15)])
      if position < 16 { bits.0 >>= 4 } else { bits.1 >>= 4 }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// `count` unique identities, then `deleted` removed, `inserted` fresh ones put
/// at random places and `shuffled` survivors moved to random places.
func churn<ID: Identity>(
  _: ID.Type, count: Int, deleted: Int, inserted: Int, shuffled: Int, seed: UInt64
) -> (old: [ID], new: [ID]) {
  var rng = SplitMix64(state: seed)
  var seen = Set<ID>()
  func fresh() -> ID {
    while true {
      let id = ID.make(using: &rng)
      if seen.insert(id).inserted { return id }
    }
  }
  let old = (0..<count).map { _ in fresh() }
  var survivors = Array(old.indices)
  survivors.shuffle(using: &rng)
  let kept = survivors.dropFirst(deleted).sorted()
  // Sort keys: survivors keep their order, inserted and shuffled ones land at random.
  var keyed: [(key: Double, id: ID)] = kept.enumerated().map {
    (Double($0.offset), old[$0.element])
  }
  let span = Double(Swift.max(kept.count, 1))
  for index in (0..<keyed.count).shuffled(using: &rng).prefix(shuffled) {
    keyed[index].key = Double.random(in: 0..<span, using: &rng)
  }
  for _ in 0..<inserted { keyed.append((Double.random(in: 0..<span, using: &rng), fresh())) }
  return (old, keyed.sorted { $0.key < $1.key }.map(\.id))
}

/// `count` unique identities and `edits` random deletes, inserts or moves.
func fewEdits<ID: Identity>(_: ID.Type, count: Int, edits: Int, seed: UInt64) -> (
  old: [ID], new: [ID]
) {
  var rng = SplitMix64(state: seed)
  let old = (0..<count).map { _ in ID.make(using: &rng) }
  var new = old
  for _ in 0..<edits {
    switch rng.next() % 3 {
    case 0: new.remove(at: Int(rng.next() % UInt64(new.count)))
    case 1: new.insert(ID.make(using: &rng), at: Int(rng.next() % UInt64(new.count + 1)))
    default:
      let id = new.remove(at: Int(rng.next() % UInt64(new.count)))
      new.insert(id, at: Int(rng.next() % UInt64(new.count + 1)))
    }
  }
  return (old, new)
}

/// The floor: every identity of both sides hashed into a dictionary.
@inline(never)
func hashEveryIdentity<ID: Hashable>(_ old: [ID], _ new: [ID]) -> Int {
  var table = [ID: Int](minimumCapacity: old.count + new.count)
  for (offset, id) in old.enumerated() { table[id] = offset }
  for (offset, id) in new.enumerated() { table[id] = offset }
  return table.count
}

let metrics: [BenchmarkMetric] = [
  .wallClock, .mallocCountTotal, .mallocBytesCount, .peakMemoryResidentDelta,
]

func register<ID: Identity>(
  _ scenario: String, _ inputs: (old: [ID], new: [ID]),
  stdlibIterations: Int?, keptInPlace expectedKept: Int? = nil
) {
  let (old, new) = inputs
  // Correctness first: the result applies, and is as minimal as expected.
  let difference = new.identityDifference(from: old)
  precondition(difference.applying(to: old, taking: new) == new, "\(scenario): wrong diff")
  if let expectedKept {
    precondition(old.count - difference.deletes.count - difference.moves.count == expectedKept)
  }
  let fast = Benchmark.Configuration(
    metrics: metrics, maxDuration: .seconds(2), maxIterations: 2_000)
  Benchmark("diff/\(scenario)/\(ID.name)", configuration: fast) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(new.identityDifference(from: old)) }
  }
  Benchmark("floor/\(scenario)/\(ID.name)", configuration: fast) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(hashEveryIdentity(old, new)) }
  }
  if let stdlibIterations {
    let slow = Benchmark.Configuration(
      metrics: metrics, warmupIterations: stdlibIterations > 10 ? 1 : 0,
      maxDuration: .seconds(60), maxIterations: stdlibIterations)
    Benchmark("stdlib/\(scenario)/\(ID.name)", configuration: slow) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(new.difference(from: old).inferringMoves()) }
    }
  }
}

func registerAll<ID: Identity>(_ type: ID.Type) {
  register(
    "A-5k-churn",
    churn(type, count: 5_000, deleted: 1_000, inserted: 1_000, shuffled: 200, seed: 1),
    stdlibIterations: 20)
  register(
    "B-100k-churn",
    churn(type, count: 100_000, deleted: 10_000, inserted: 10_000, shuffled: 2_000, seed: 2),
    stdlibIterations: 2)
  register(
    "C-10k-10-edits", fewEdits(type, count: 10_000, edits: 10, seed: 3), stdlibIterations: 2_000)
  var rng = SplitMix64(state: 4)
  let old = (0..<100_000).map { _ in ID.make(using: &rng) }
  // Swift's diff does not finish on D in reasonable time: it is left out.
  register("D-100k-reversed", (old, old.reversed()), stdlibIterations: nil, keptInPlace: 1)
}

let benchmarks: @Sendable () -> Void = {
  registerAll(Int.self)
  registerAll(String.self)
}
