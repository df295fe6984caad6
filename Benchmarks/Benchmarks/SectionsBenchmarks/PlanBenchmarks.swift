// Scenario S, what a UIKit user runs: the sectioned diff, the UIKit plan of
// its batch, and both together, measured side by side in one run. Beside
// them, a batch that is safe in one step on the same 100k items (one item
// inserted into one section), planned on its own.
import Benchmark
import BenchmarkSupport
import DataSourceGraphSections

func registerPlanBenchmarks() {
  for (name, updates) in [("S", 0.0), ("S+updates", 0.01)] {
    let (old, new) = scenarioS(updates: updates)
    let batch = new.difference(from: old)
    Benchmark("plan/\(name)/diff") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(new.difference(from: old)) }
    }
    Benchmark("plan/\(name)/plan") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try? batch.uikitPlan(from: old, to: new)) }
    }
    Benchmark("plan/\(name)/diff+plan") { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try? new.difference(from: old).uikitPlan(from: old, to: new))
      }
    }
  }

  // One insert into section 50 of 100k items: safe in one step.
  let (old, _) = scenarioS()
  var one = ChangeBatch<Int, Row<Int>>()
  one.itemInserts = [.init(path: ItemPath(section: 50, item: 500), item: Row(id: -1, revision: 0))]
  let afterOne = old.applying(one)!
  Benchmark("plan/one-step-100k/plan") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try? one.uikitPlan(from: old, to: afterOne)) }
  }
}
