import DataSourceGraph

extension Story {
  /// When part 4 starts, in milliseconds.
  static let fourthPart = 27_500

  /// Part 4: an infinite scroll: the first page, the next pages requested
  /// near the bottom, one that fails and is retried, the end of the data,
  /// and a pull to refresh that keeps the pages shown until the first page
  /// answers.
  static func scheduleFeed(on player: Player, style: TextListStyle) {
    let timeline = player.timeline
    let t = fourthPart
    var screen: FeedScreen?
    timeline.at(t) {
      screen = FeedScreen(timeline: timeline, style: style)
      player.screen = screen!
      player.caption = "A paged feed under a pinned section, in one composite. Load the first page."
      screen?.load()
    }
    timeline.at(t + 1_200) {
      player.caption = "Scroll to the bottom: the next page is requested; the screen stays content."
      screen?.scrollToBottom()
    }
    timeline.at(t + 2_400) {
      player.caption = "Scroll again: this page fails. Only the bottom row says so."
      screen?.failNextPage()
      screen?.scrollToBottom()
    }
    timeline.at(t + 3_600) {
      player.caption = "Tap Retry: the same page again."
      screen?.retry()
    }
    timeline.at(t + 4_800) {
      player.caption = "Scroll once more: the last page, and the end of the feed."
      screen?.scrollToBottom()
    }
    timeline.at(t + 6_000) {
      player.caption = "Pull to refresh: the pages stay while the first page reloads."
      screen?.refresh()
    }
    timeline.at(t + 7_200) {
      player.caption = "The new first page replaces every page with one batch: a track on top."
    }
  }
}
