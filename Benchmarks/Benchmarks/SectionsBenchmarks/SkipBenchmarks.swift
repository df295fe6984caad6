// Work proportional to the change: snapshots of 100 sections × 1,000 items
// where one section was edited, nothing changed, or the value is the same,
// diffed and planned beside the diff of the edited section alone, and the
// edited snapshot built from its sections alone beside built from the old
// one, all in one run so their ratios can be read side by side.
import Benchmark
import BenchmarkSupport
import DataSourceGraphSections

/// The old snapshot of scenario S and its sections with section 50 edited:
/// 10 items deleted, 10 inserted, 10 moved within the section and 10
/// updated, deterministic for the seed. The other 99 sections are the old
/// arrays, sharing storage.
func oneSectionEdited(seed: UInt64 = 7) -> (
  old: Snapshot<Int, Row<Int>>, edited: [SnapshotSection<Int, Row<Int>>]
) {
  let (old, _) = scenarioS()
  var g = SplitMix64(state: seed)
  func draw(_ bound: Int) -> Int { Int(g.next() % UInt64(bound)) }
  var sections = old.sections
  var items = sections[50].items
  for _ in 0..<10 { items.remove(at: draw(items.count)) }
  for n in 0..<10 { items.insert(Row(id: 1_000_000 + n, revision: 0), at: draw(items.count + 1)) }
  for _ in 0..<10 {
    let item = items.remove(at: draw(items.count))
    items.insert(item, at: draw(items.count + 1))
  }
  for _ in 0..<10 { items[draw(items.count)].revision += 1 }
  sections[50].items = items
  return (old, sections)
}

/// Registers the diff, and the diff and its UIKit plan together, of `new`
/// from `old` under `name`.
func registerDiffAndPlan(
  _ name: String, old: Snapshot<Int, Row<Int>>, new: Snapshot<Int, Row<Int>>
) {
  Benchmark("skip/\(name)/diff") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(new.difference(from: old)) }
  }
  Benchmark("skip/\(name)/diff+plan") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try? new.difference(from: old).uikitPlan(from: old, to: new))
    }
  }
}

func registerSkipBenchmarks() {
  let (old, edited) = oneSectionEdited()

  // The yardstick: the edited section diffed alone, as a one-section snapshot.
  let aloneOld = Snapshot(sections: [old.sections[50]])
  let aloneNew = Snapshot(sections: [edited[50]])
  Benchmark("skip/one-section-alone/diff") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(aloneNew.difference(from: aloneOld)) }
  }

  // One section edited, the other 99 sharing storage with the old snapshot:
  // built with `Snapshot(sections:)`, and made by applying the batch (what a
  // renderer holds).
  let shared = Snapshot(sections: edited)
  registerDiffAndPlan("one-edited-shared", old: old, new: shared)
  let applied = old.applying(shared.difference(from: old))!
  registerDiffAndPlan("one-edited-applied", old: old, new: applied)

  // The same content with every array rebuilt from scratch.
  let rebuilt = Snapshot(
    sections: edited.map { SnapshotSection(id: $0.id, items: $0.items.map { $0 }) })
  registerDiffAndPlan("one-edited-rebuilt", old: old, new: rebuilt)

  // Nothing changed: a new snapshot of the same sections, storage shared.
  let unchanged = Snapshot(sections: old.sections)
  registerDiffAndPlan("nothing-changed-shared", old: old, new: unchanged)
  Benchmark("skip/nothing-changed-shared/equal") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(unchanged == old) }
  }

  // The identical value.
  registerDiffAndPlan("identical", old: old, new: old)
  Benchmark("skip/identical/equal") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(old == old) }
  }

  // Building the edited snapshot: from its sections alone (every item
  // hashed), and from the old snapshot they were copied from (the items of
  // section 50 hashed, the other 99 sections' table entries reused).
  Benchmark("skip/one-edited/build-snapshot") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Snapshot(sections: edited)) }
  }
  Benchmark("skip/one-edited/build-snapshot-from-old") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(Snapshot(sections: edited, editedFrom: old))
    }
  }
  // The same, then a look-up by identity of an item of each section.
  let probes = edited.map { $0.items[$0.items.count / 2].id }
  Benchmark("skip/one-edited/build-snapshot-from-old+lookups") { benchmark in
    for _ in benchmark.scaledIterations {
      let built = Snapshot(sections: edited, editedFrom: old)
      for id in probes { blackHole(built.itemPath(for: id)) }
    }
  }
}
