// The cost of a page request: a paged feed of n items (one section) shown
// by a mirror renderer; each iteration requests the next page and answers
// it with 50 new items (the append, its batch, the mirror, the paging
// state). Beside it, what a list without pages does for the same 50 items:
// the whole list fetched again and given to `replace(with:)`, which diffs
// n + 50 items against n (iterations alternate between the two snapshots,
// so half of them diff the 50 items away again). The paged feed grows by
// 50 items per iteration (at most 200 iterations: 10k items). The feed
// alone, with no renderer, shows what the source's side costs: a renderer
// that keeps a snapshot copies the section a batch touches.
import Benchmark
import BenchmarkSupport
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting

/// A paged feed of `count` items and a mirror rendering it.
final class PagedFeed {
  final class Requests {
    var last: PageRequest<Int, Row<Int>, Int>?
  }
  let requests = Requests()
  let feed: PagedDataSource<Int, Row<Int>, Int>
  let mirror = MirrorRenderer<Int, Row<Int>>()
  var observation: ObservationToken?
  var next: Int

  init(count: Int, rendered: Bool = true) {
    let requests = self.requests
    feed = PagedDataSource(section: 0) { requests.last = $0 }
    next = count
    if rendered { observation = feed.render(into: mirror) }
    feed.load()
    requests.last?.succeed(with: Page(items: (0..<count).map { Row(id: $0, revision: 0) }, next: 0))
  }

  /// Requests the next page and answers it with 50 new items.
  func nextPage() {
    feed.loadNextPage()
    let items = (next..<next + 50).map { Row(id: $0, revision: 0) }
    next += 50
    requests.last?.succeed(with: Page(items: items, next: next))
  }
}

/// A plain leaf of `count` items and a mirror rendering it, with the same
/// items and 50 more at the end.
final class ReplacedFeed {
  let leaf: MutableDataSource<Int, Row<Int>>
  let mirror = MirrorRenderer<Int, Row<Int>>()
  var observation: ObservationToken?
  let shorter: Snapshot<Int, Row<Int>>
  let longer: Snapshot<Int, Row<Int>>
  var isLonger = false

  init(count: Int) {
    shorter = Snapshot(id: 0, items: (0..<count).map { Row(id: $0, revision: 0) })
    longer = Snapshot(id: 0, items: (0..<count + 50).map { Row(id: $0, revision: 0) })
    leaf = MutableDataSource(snapshot: shorter)
    observation = leaf.render(into: mirror)
  }

  /// The whole list again, with the page's 50 items (or without them).
  func replace() {
    isLonger.toggle()
    leaf.replace(with: isLonger ? longer : shorter)
  }
}

func registerPagingBenchmarks() {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 200)
  for count in [1_000, 10_000, 100_000] {
    let name = "\(count / 1_000)k"
    Benchmark("paging/\(name)/next-page-50/page", configuration: configuration) {
      benchmark, feed in
      for _ in benchmark.scaledIterations { feed.nextPage() }
      blackHole(feed.mirror.snapshot.numberOfItems)
    } setup: {
      PagedFeed(count: count)
    }
    Benchmark("paging/\(name)/next-page-50/page-unrendered", configuration: configuration) {
      benchmark, feed in
      for _ in benchmark.scaledIterations { feed.nextPage() }
      blackHole(feed.feed.numberOfItems)
    } setup: {
      PagedFeed(count: count, rendered: false)
    }
    Benchmark("paging/\(name)/next-page-50/replace", configuration: configuration) {
      benchmark, feed in
      for _ in benchmark.scaledIterations { feed.replace() }
      blackHole(feed.mirror.snapshot.numberOfItems)
    } setup: {
      ReplacedFeed(count: count)
    }
  }
}
