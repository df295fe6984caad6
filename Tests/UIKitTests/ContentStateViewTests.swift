// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphUIKit
  import Foundation
  import Testing

  /// What the content state views show for each state, and their retry
  /// button, driven by a data source.
  @MainActor
  @Suite struct ContentStateViewTests {
    let window = makeWindow()

    @Test func thePresentationOfEveryState() {
      let partialFailed = ContentState.Partial(missing: [
        .init(child: 1, name: "Archive", reason: .failed(Offline())),
        .init(child: 2, reason: .pending),
      ])
      let partialPending = ContentState.Partial(missing: [.init(child: 1, reason: .pending)])
      let standard = ContentPlaceholders()
      #expect(ContentPresentation(.initial) == .content)
      #expect(ContentPresentation(.loading) == .placeholder(standard.loading))
      #expect(ContentPresentation(.loading).placeholder?.showsActivity == true)
      #expect(ContentPresentation(.empty) == .placeholder(standard.empty))
      #expect(ContentPresentation(.content) == .content)
      #expect(
        ContentPresentation(.refreshing) == .content, "content stays visible while it refreshes")
      let error = ContentPresentation(.error(Offline()))
      #expect(error.placeholder?.message == "offline")
      #expect(error.placeholder?.retryTitle != nil)
      let failure = ContentPresentation(.contentWithFailure(Offline()))
      #expect(failure.banner?.message == "offline")
      #expect(failure.banner?.retryTitle != nil)
      let partial = ContentPresentation(.partial(partialFailed))
      #expect(partial.banner?.message == "Archive failed: offline")
      #expect(ContentPresentation(.partial(partialPending)) == .content)
    }

    @Test func placeholdersCanBeReplaced() {
      var placeholders = ContentPlaceholders()
      placeholders.initial = ContentPlaceholder(title: "Pull to load")
      placeholders.empty = ContentPlaceholder(title: "Inbox zero")
      placeholders.error = { ContentPlaceholder(title: "Oops", message: "\($0)") }
      placeholders.refreshing = ContentPlaceholder(showsActivity: true)
      placeholders.failure = { _ in nil }
      #expect(
        ContentPresentation(.initial, placeholders: placeholders).placeholder?.title
          == "Pull to load"
      )
      #expect(
        ContentPresentation(.empty, placeholders: placeholders).placeholder?.title == "Inbox zero")
      #expect(
        ContentPresentation(.error(Offline()), placeholders: placeholders).placeholder?.title
          == "Oops")
      #expect(
        ContentPresentation(.refreshing, placeholders: placeholders).banner?.showsActivity == true)
      #expect(
        ContentPresentation(.contentWithFailure(Offline()), placeholders: placeholders) == .content)
    }

    @Test func theViewsFollowTheNodesLoadsAndRetryReloadsIt() async throws {
      let inbox = MutableDataSource<String, Mail>()
      var loads: [LoadToken<String, Mail>] = []
      inbox.load { loads.append($0) }
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      let placeholder = ContentStateView(role: .placeholder)
      let banner = ContentStateView(role: .banner)
      tableView.backgroundView = placeholder
      dataSource.placeholderView = placeholder
      dataSource.bannerView = banner

      // Loading: a spinner instead of the list, no banner.
      #expect(!placeholder.isHidden && placeholder.activityIndicator.isAnimating)
      #expect(banner.isHidden)

      // Failed with nothing to show: the error and a retry button.
      _ = try #require(loads.last).fail(Offline())
      #expect(!placeholder.isHidden && !placeholder.activityIndicator.isAnimating)
      #expect(placeholder.messageLabel.text == "offline")
      #expect(!placeholder.retryButton.isHidden)

      // Retry reloads the node: loading again, and a new load runs.
      placeholder.retryButton.sendActions(for: .touchUpInside)
      #expect(dataSource.state.kind == .loading)
      while loads.count < 2 { await Task.yield() }
      _ = loads[1].succeed(with: Snapshot(sections: [section("all", mails(1...2))]))
      #expect(placeholder.isHidden && banner.isHidden)
      #expect(tableView.shownTexts == texts(inbox.snapshot))

      // Refreshing keeps the content visible; a failed refresh keeps it with a banner.
      dataSource.reload()
      #expect(dataSource.state.kind == .refreshing)
      #expect(placeholder.isHidden && banner.isHidden)
      while loads.count < 3 { await Task.yield() }
      _ = loads[2].fail(Offline())
      #expect(placeholder.isHidden)
      #expect(!banner.isHidden && banner.messageLabel.text == "offline")
      #expect(tableView.shownTexts == texts(inbox.snapshot))

      // Everything loaded away: the empty placeholder.
      banner.retryButton.sendActions(for: .touchUpInside)
      while loads.count < 4 { await Task.yield() }
      _ = loads[3].succeed(with: Snapshot(sections: [section("all", [])]))
      #expect(!placeholder.isHidden && placeholder.titleLabel.text == "Nothing here")
      #expect(placeholder.retryButton.isHidden)
      #expect(banner.isHidden)
    }

    @Test func aPlaceholderLaysOutItsVisibleSubviewsInItsMiddle() {
      let placeholder = ContentStateView(
        role: .placeholder, frame: CGRect(x: 0, y: 0, width: 300, height: 600))
      placeholder.show(.error(Offline()))
      placeholder.layoutIfNeeded()
      #expect(placeholder.activityIndicator.isHidden)
      let shown =
        [placeholder.titleLabel, placeholder.messageLabel, placeholder.retryButton] as [UIView]
      let top = shown.map(\.frame.minY).min() ?? 0
      let bottom = shown.map(\.frame.maxY).max() ?? 0
      #expect(abs((top + bottom) / 2 - 300) < 1)
      #expect(shown.allSatisfy { $0.frame.width == 268 })
    }

    /// Regression (review): a state view replaced on a data source kept a
    /// retry button that reloaded the data source's node.
    @Test func aReplacedStateViewNoLongerReloadsTheNode() {
      let inbox = MutableDataSource<String, Mail>()
      var loads = 0
      inbox.load { _ in loads += 1 }
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      let first = ContentStateView(role: .placeholder)
      let second = ContentStateView(role: .placeholder)
      dataSource.placeholderView = first
      dataSource.placeholderView = second
      #expect(first.retryHandler == nil)
      #expect(second.retryHandler != nil)
      #expect(loads == 1)
    }
  }
#endif
