// The platform layers on a large screen: one item replaced per iteration
// (an insert at a random place and the delete of its neighbour) in a leaf of 100k items (100
// sections × 1,000) and of 1M items (1,000 × 1,000 and 100 × 10,000),
// reaching:
// - a mirror renderer and the UIKit plan of each batch (the renderer path
//   of SectionsBenchmarks, as the reference of the run);
// - a ListViewRenderer (what TableViewDataSource and
//   CollectionViewDataSource run) on a view that takes the batch updates and
//   does nothing with them: the layer's own cost, without UIKit's (or its
//   stand-in's, which keeps every row as a subview and is no measure of
//   UIKit);
// - an @Observable DataSourceModel;
// - the events of the leaf, read by a consumer that takes what it missed
//   every 8 batches (the node's side only is measured: the consumer
//   composes what it takes on its side), and by no consumer at all, so
//   that the node's side composes one waiting batch per batch sent.
// A row shows whether the time grows with the screen or with the section
// touched.
import Benchmark
import BenchmarkSupport
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import DataSourceGraphTesting
import DataSourceGraphUIKit

/// An item with an identity and a content revision.
struct Row: Identifiable, Equatable, Sendable {
  var id: Int
  var revision: Int
}

/// What one benchmark shows the leaf in.
enum Reader: String, CaseIterable {
  case mirror, listViewRenderer, model, eventsTakenEvery8, eventsNeverTaken
}

/// A leaf of `sections` × `perSection` rows, shown in one `Reader`.
@MainActor
final class Screen {
  let leaf: MutableDataSource<Int, Row>
  let sections: Int
  let perSection: Int
  private var kept: [AnyObject] = []
  private var observation: ObservationToken?
  private var steps = 0
  private var consumer: EventsConsumer?
  /// How many iterations ran, for the consumer that takes every 8 batches.
  private var runs = 0
  private var next = -1
  private var g = SplitMix64(state: 7)
  /// The screen of the benchmark running (one at a time, so that the
  /// memory of 1M-item screens does not add up).
  static var built: [String: Screen] = [:]

  init(sections: Int, perSection: Int, reader: Reader) {
    self.sections = sections
    self.perSection = perSection
    leaf = MutableDataSource(
      snapshot: Snapshot(
        sections: (0..<sections).map { s in
          SnapshotSection(
            id: s, items: (0..<perSection).map { Row(id: s * perSection + $0, revision: 0) })
        }))
    switch reader {
    case .mirror:
      let mirror = MirrorRenderer(for: leaf)
      mirror.reset(to: leaf.snapshot, state: leaf.contentState)
      observation = leaf.observe { [unowned self] event in
        guard case .changed(let change) = event else { return }
        let before = mirror.snapshot
        mirror.apply(change)
        steps += (try? change.uikitPlan(from: before))?.steps.count ?? 0
      }
      kept.append(mirror)
    case .listViewRenderer:
      let view = NullListView()
      let renderer = ListViewRenderer(for: leaf, view: view)
      observation = leaf.render(into: renderer)
      kept += [view, renderer]
    case .model:
      kept.append(DataSourceModel(leaf))
    case .eventsTakenEvery8, .eventsNeverTaken:
      consumer = EventsConsumer(leaf.events.makeAsyncIterator())
    }
  }

  /// The consumer of the leaf's events, when it is due to take what it
  /// missed: every 4 iterations (8 batches), for the screen whose consumer
  /// takes every 8 batches.
  func consumerIfDue(reader: Reader) -> EventsConsumer? {
    runs += 1
    return reader == .eventsTakenEvery8 && runs % 4 == 0 ? consumer : nil
  }

  /// Inserts an item at a random place and deletes its neighbour: a
  /// change that stays (a consumer that takes later has something to
  /// take), with the section's length unchanged.
  func editOne() {
    let section = Int(g.next() % UInt64(sections))
    let item = Int(g.next() % UInt64(perSection))
    next -= 1
    _ = leaf.insert([Row(id: next, revision: 0)], at: ItemPath(section: section, item: item))
    leaf.deleteItems(at: [ItemPath(section: section, item: item + 1)])
  }
}

/// The consumer of a leaf's events, used by one task at a time (the
/// benchmark's), off the main actor.
final class EventsConsumer: @unchecked Sendable {
  private var iterator: DataSourceEventSequence<Int, Row>.Iterator

  init(_ iterator: DataSourceEventSequence<Int, Row>.Iterator) { self.iterator = iterator }

  /// Takes the next event: all that was missed, composed.
  func take() async { blackHole(await iterator.next()) }
}

/// A view in a window that takes batch updates and only counts them, and
/// runs each completion at once.
@MainActor
final class NullListView: BatchUpdatingView {
  private(set) var batches = 0

  var isInWindow: Bool { true }

  func performBatch(
    animated: Bool, _ updates: @escaping () -> Void,
    completion: @escaping @MainActor (Bool) -> Void
  ) {
    updates()
    batches += 1
    completion(true)
  }

  func issue<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle) {
    blackHole(batch.count)
  }

  func reconfigure(itemsAt paths: [ItemPath], animated: Bool) { blackHole(paths.count) }

  func reloadEverything() {}
}

let benchmarks: @Sendable () -> Void = {
  for (sections, perSection) in [(100, 1_000), (1_000, 1_000), (100, 10_000)] {
    let shape = "\(sections)x\(perSection / 1_000)k"
    for reader in Reader.allCases {
      Benchmark(
        "layers/\(shape)/edit-one/\(reader.rawValue)",
        configuration: .init(
          metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3),
          maxIterations: 20_000)
      ) { benchmark in
        // The screen lives on the main actor, as a UIKit screen does; it is
        // built once, outside the measurement, and kept for the runs.
        let key = "\(shape)/\(reader)"
        await MainActor.run {
          if Screen.built[key] == nil {
            Screen.built = [key: Screen(sections: sections, perSection: perSection, reader: reader)]
          }
        }
        // The measurement includes one hop to the main actor and back, the
        // same for every reader.
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
          let screen = Screen.built[key]
          for _ in iterations { screen?.editOne() }
        }
        benchmark.stopMeasurement()
        let consumer = await MainActor.run { Screen.built[key]?.consumerIfDue(reader: reader) }
        await consumer?.take()
      }
    }
  }
  registerStormBenchmarks()
}
