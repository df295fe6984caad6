import DataSourceGraph
import DataSourceGraphTesting

extension Story {
  /// Part 4: an infinite scroll: the first page, the next pages requested
  /// near the bottom, one that fails and is retried, the end of the data,
  /// and a pull to refresh that keeps the pages shown until the first page
  /// answers.
  static let feedSteps: [Step<FeedScreen>] = [
    Step(0, "A paged feed under a pinned section, in one composite. Load the first page.") {
      $0.load()
    },
    Step(1_200, "Scroll to the bottom: the next page is requested; the screen stays content.") {
      $0.scrollToBottom()
    },
    Step(2_400, "Scroll again: this page fails. Only the bottom row says so.") {
      $0.failNextPage()
      $0.scrollToBottom()
    },
    Step(3_600, "Tap Retry: the same page again.") { $0.retry() },
    Step(4_800, "Scroll once more: the last page, and the end of the feed.") {
      $0.scrollToBottom()
    },
    Step(6_000, "Pull to refresh: the pages stay while the first page reloads.") { $0.refresh() },
    Step(7_200, "The new first page replaces every page with one batch: a track on top."),
  ]
}
