// Cold start and memory of a screen of a million items: 10 leaves of 100k
// messages → composite → filter (half kept) → sort by time, shown by a
// mirror renderer ("cold-start/1M/graph"), beside the naive path: the
// arrays concatenated, filtered, sorted, made a snapshot and diffed from
// the empty one ("cold-start/1M/naive"). The messages are built before the
// measurement and shared by both.
//
// `memory ÷ raw items (%)`: the bytes the screen holds once built (the
// heap in use, read from the allocator, after minus before; the leaves
// share the messages' arrays, so they count once, in the raw items) plus
// the raw items' bytes, over the raw items' bytes. A message is 32 bytes
// (an identity, a time, a title short enough to be stored inline).
import Benchmark
import BenchmarkSupport
import DataSourceGraph
import DataSourceGraphTesting
import HeapInUse

struct Message: Identifiable, Equatable, Sendable {
  var id: Int
  var time: Int
  var title: String
}

/// Keeps the messages of even time: half of them.
@inline(never)
func isKept(_ message: Message) -> Bool { message.time % 2 == 0 }

@inline(never)
func byTime(_ a: Message, _ b: Message) -> Bool { a.time < b.time }

/// The bytes of the heap in use (0 where the allocator does not say).
func heapInUse() -> Int { Int(heap_in_use()) }

/// 10 arrays of 100k messages, times in random order.
func makeMessages() -> [[Message]] {
  var g = SplitMix64(state: 3)
  return (0..<10).map { leaf in
    (0..<100_000).map { i in
      Message(id: leaf * 100_000 + i, time: Int(g.next() % 1_000_000), title: "Message \(i % 100)")
    }
  }
}

/// The screen built from `messages`: leaves, the pipeline, a mirror
/// showing it.
struct ColdScreen {
  let leaves: [MutableDataSource<Int, Message>]
  let pipeline: SortedDataSource<Int, Message>
  let mirror: MirrorRenderer<Int, Message>
  let observation: ObservationToken

  init(_ messages: [[Message]]) {
    leaves = messages.enumerated().map { leaf, items in
      MutableDataSource(snapshot: Snapshot(id: leaf, items: items))
    }
    pipeline = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Message> })
      .filter(isKept).joined().sorted(by: byTime)
    mirror = MirrorRenderer(for: pipeline)
    observation = pipeline.render(into: mirror)
  }
}

/// The naive path: everything recomputed into one snapshot, diffed from
/// nothing.
func naiveScreen(_ messages: [[Message]]) -> (Snapshot<Int, Message>, ChangeBatch<Int, Message>) {
  var items: [Message] = []
  for leaf in messages { items += leaf.lazy.filter(isKept) }
  items.sort(by: byTime)
  let snapshot = Snapshot(id: 0, items: items)
  return (snapshot, snapshot.difference(from: Snapshot()))
}

/// A holder the benchmark closures share, built once.
final class MessagesHolder: @unchecked Sendable {
  // @unchecked: read by one benchmark at a time.
  private var built: (messages: [[Message]], bytes: Int)?

  /// The messages and the heap bytes they take.
  var messages: (messages: [[Message]], bytes: Int) {
    if let built { return built }
    let before = heapInUse()
    let messages = makeMessages()
    let bytes = (heapInUse()) - before
    built = (messages, bytes)
    return (messages, bytes)
  }
}

/// The heap bytes each stage of the screen adds: the leaves (their
/// tables: the items are shared), the composite, the filter, the flatten,
/// the sort (with the array of the items it shows, which its build made and
/// the mirror takes on its first read), the mirror; and the number of items
/// shown.
func heldByStage(_ messages: [[Message]]) -> (stages: [(stage: String, bytes: Int)], shown: Int) {
  var stages: [(String, Int)] = []
  var mark = heapInUse()
  func note(_ stage: String) {
    let now = heapInUse()
    stages.append((stage, now - mark))
    mark = now
  }
  let leaves = messages.enumerated().map { leaf, items in
    MutableDataSource(snapshot: Snapshot(id: leaf, items: items))
  }
  note("leaves")
  let composite = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Message> })
  note("composite")
  let filter = composite.filter(isKept)
  note("filter")
  let flatten = filter.joined()
  note("flatten")
  let sort = flatten.sorted(by: byTime)
  note("sort")
  let mirror = MirrorRenderer(for: sort)
  let observation = sort.render(into: mirror)
  note("mirror")
  withExtendedLifetime((leaves, composite, filter, flatten, sort, mirror, observation)) {}
  return (stages, sort.numberOfItems)
}

func registerColdStartBenchmarks() {
  let memory = BenchmarkMetric.custom("memory ÷ raw items (%)", useScalingFactor: false)
  let holder = MessagesHolder()
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, memory], maxDuration: .seconds(20), maxIterations: 8)
  let stages = ["leaves", "composite", "filter", "flatten", "sort", "mirror"]
  let stageMetrics = stages.map {
    BenchmarkMetric.custom("held by \($0) ÷ raw items (%)", useScalingFactor: false)
  }
  Benchmark(
    "cold-start/1M/memory-by-node",
    configuration: .init(metrics: stageMetrics, maxDuration: .seconds(20), maxIterations: 1)
  ) { benchmark in
    let (messages, rawBytes) = holder.messages
    for (metric, held) in zip(stageMetrics, heldByStage(messages).stages) {
      benchmark.measurement(metric, held.bytes * 100 / max(rawBytes, 1))
    }
  }
  // The memory budget per node, in bytes per item beyond the items
  // themselves (the leaves share the messages' arrays; the array of the
  // shown items, which the sort's build makes and the mirror keeps, is
  // left out of the sort and of the screen): per input item for the
  // leaves, the composite, the filter with the flatten and the whole
  // screen; per shown item for the sort and the mirror.
  let budget = [
    "leaves", "composite", "filter and flatten", "sort (per shown)", "mirror (per shown)",
    "screen",
  ]
  .map { BenchmarkMetric.custom("\($0): bytes per item", useScalingFactor: false) }
  Benchmark(
    "cold-start/1M/bytes-per-item-by-node",
    configuration: .init(metrics: budget, maxDuration: .seconds(20), maxIterations: 1)
  ) { benchmark in
    let messages = holder.messages.messages
    let inputs = messages.reduce(0) { $0 + $1.count }
    let (stages, shown) = heldByStage(messages)
    let bytes = Dictionary(uniqueKeysWithValues: stages.map { ($0.stage, $0.bytes) })
    let shownItems = shown * MemoryLayout<Message>.stride
    let perNode = [
      bytes["leaves", default: 0] / inputs,
      bytes["composite", default: 0] / inputs,
      (bytes["filter", default: 0] + bytes["flatten", default: 0]) / inputs,
      (bytes["sort", default: 0] - shownItems) / max(shown, 1),
      bytes["mirror", default: 0] / max(shown, 1),
      (stages.reduce(0) { $0 + $1.bytes } - shownItems) / inputs,
    ]
    for (metric, value) in zip(budget, perNode) { benchmark.measurement(metric, value) }
  }
  // A snapshot's identity table alone: the heap a snapshot of the million
  // messages in one section holds beyond the items' array (which it
  // shares), per item. Exact to the byte, not load-dependent.
  let tableBytes = BenchmarkMetric.custom("identity table bytes per item", useScalingFactor: false)
  Benchmark(
    "cold-start/1M/snapshot-table",
    configuration: .init(metrics: [tableBytes], maxDuration: .seconds(20), maxIterations: 1)
  ) { benchmark in
    let items = Array(holder.messages.messages.joined())
    let before = heapInUse()
    let snapshot = Snapshot(id: 0, items: items)
    benchmark.measurement(tableBytes, (heapInUse() - before) / items.count)
    blackHole(snapshot)
  }
  for path in ["graph", "naive"] {
    Benchmark("cold-start/1M/\(path)", configuration: configuration) { benchmark in
      let (messages, rawBytes) = holder.messages
      for _ in benchmark.scaledIterations {
        let before = heapInUse()
        benchmark.startMeasurement()
        if path == "graph" {
          let screen = ColdScreen(messages)
          benchmark.stopMeasurement()
          precondition(screen.mirror.snapshot.numberOfItems == screen.pipeline.numberOfItems)
          let held = (heapInUse()) - before
          benchmark.measurement(memory, (rawBytes + held) * 100 / max(rawBytes, 1))
          blackHole(screen)
        } else {
          let screen = naiveScreen(messages)
          benchmark.stopMeasurement()
          let held = (heapInUse()) - before
          benchmark.measurement(memory, (rawBytes + held) * 100 / max(rawBytes, 1))
          blackHole(screen)
        }
      }
    }
  }
}
