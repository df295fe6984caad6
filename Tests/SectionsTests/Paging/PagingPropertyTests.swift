import DataSourceGraphSections
import TestSupport
import Testing

/// A paged source against a model, under random requests and answers in a
/// random order: first loads, refreshes, resets, next pages, and answers
/// (pages with repeated and already shown items, failures, cancellations)
/// through current and obsolete requests alike. After every step the
/// source shows the model's items with the model's paging state, at most
/// one next page is in flight, and every batch it emitted passed the
/// validator and took the content before it to the content after it.
@MainActor
struct PagingPropertyTests {
  #if DEBUG
    nonisolated static let seeds: Range<UInt64> = 0..<40
    static let steps = 80
  #else
    nonisolated static let seeds: Range<UInt64> = 0..<400
    static let steps = 300
  #endif

  /// What the source should show.
  struct Model {
    var ids: [Int] = []
    var cursor: Int?
    var paging = "notLoaded"
    var firstPageLoading = false
    var hasLoader = false
    var content: ContentState.Kind = .initial

    mutating func startFirstPage() {
      hasLoader = true
      firstPageLoading = true
      if paging == "loadingMore" { paging = cursor == nil ? "notLoaded" : "hasMore" }
      content = ids.isEmpty ? .loading : .refreshing
    }
  }

  @Test(arguments: seeds)
  func aPagedSourceFollowsItsModel(seed: UInt64) async {
    var rng = SplitMix64(seed: seed)
    let harness = PagedHarness()
    let feed = harness.source
    var model = Model()
    var nextID = 0
    func page(first: Bool) -> Page<Row, Int> {
      var items: [Row] = []
      for _ in 0..<rng.int(0...5) {
        // Now and then an item already shown, or repeated in the page.
        if rng.chance(0.15), let shown = model.ids.randomElement(using: &rng) {
          items.append(Row(id: shown, revision: rng.int(0...1)))
        } else if rng.chance(0.1), let repeated = items.last {
          items.append(repeated)
        } else {
          items.append(Row(id: nextID))
          nextID += 1
        }
      }
      return Page(items: items, next: rng.chance(0.2) ? nil : rng.int(0...1_000))
    }
    func unique(_ items: [Row], after shown: [Int]) -> [Int] {
      var seen = Set(shown)
      return items.map(\.id).filter { seen.insert($0).inserted }
    }

    for step in 0..<Self.steps {
      let context = "seed \(seed), step \(step)"
      switch rng.int(0..<100) {
      case 0..<8:
        feed.load()
        model.startFirstPage()
      case 8..<14 where model.hasLoader:
        let requests = harness.allRequests.count
        feed.reload()
        model.startFirstPage()
        // The loader runs at the source's next scheduling point.
        var yields = 0
        while harness.allRequests.count == requests, yields < 1_000 {
          await Task.yield()
          yields += 1
        }
        #expect(
          harness.allRequests.count == requests + 1, "the refresh asked for a page, \(context)")
      case 14..<18:
        feed.reset()
        model = Model(hasLoader: model.hasLoader)
      case 18..<45:
        let expected = model.paging == "hasMore" || model.paging.hasPrefix("failed")
        let willRequest = expected && !model.firstPageLoading && model.cursor != nil
        let before = harness.allRequests.count
        feed.loadNextPage()
        #expect(
          harness.allRequests.count == before + (willRequest ? 1 : 0), "one at a time, \(context)")
        if willRequest { model.paging = "loadingMore" }
      default:
        guard let request = harness.allRequests.randomElement(using: &rng) else { continue }
        let isCurrent = request.isCurrent
        let answer: Result<Page<Row, Int>, any Error> =
          switch rng.int(0..<10) {
          case 0..<6: .success(page(first: request.isFirstPage))
          case 6..<9: .failure(PagingFailure())
          default: .failure(CancellationError())
          }
        let taken = request.finish(answer)
        #expect(taken == isCurrent, "only a current request answers, \(context)")
        guard taken else { break }
        switch (request.isFirstPage, answer) {
        case (true, .success(let page)):
          model.ids = unique(page.items, after: [])
          model.cursor = page.next
          model.paging = page.next == nil ? "complete" : "hasMore"
          model.content = model.ids.isEmpty ? .empty : .content
          model.firstPageLoading = false
        case (true, .failure(let error)) where error is CancellationError:
          model.firstPageLoading = false
          model.content = feed.contentState.kind
        case (true, .failure):
          model.firstPageLoading = false
          model.content = model.ids.isEmpty ? .error : .contentWithFailure
        case (false, .success(let page)):
          model.ids += unique(page.items, after: model.ids)
          // A leaf's state follows its content: the first items of an
          // empty (or failed) source are content.
          if !model.ids.isEmpty {
            if model.content == .empty { model.content = .content }
            if model.content == .error { model.content = .contentWithFailure }
          }
          model.cursor = page.next
          model.paging = page.next == nil ? "complete" : "hasMore"
        case (false, .failure(let error)) where error is CancellationError:
          model.paging = "hasMore"
        case (false, .failure):
          model.paging = "failed(offline)"
        }
      }
      #expect(harness.ids == model.ids, "items, \(context)")
      #expect(feed.pagingState.description == model.paging, "paging state, \(context)")
      #expect(feed.contentState.kind == model.content, "content state, \(context)")
      #expect(
        harness.allRequests.filter { !$0.isFirstPage && $0.isCurrent }.count <= 1,
        "one next page in flight, \(context)")
      #expect(harness.problems.isEmpty, "\(harness.problems), \(context)")
      if !harness.problems.isEmpty || harness.ids != model.ids { return }
    }
  }
}
