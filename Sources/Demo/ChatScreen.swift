import DataSourceGraph
import DataSourceGraphTesting

/// Part 6: a chat. The history is a paged source that opens in the middle
/// of the conversation (its first page has a cursor to the page before);
/// new messages arrive in a leaf below, whose header counts the unread
/// ones. The terminal shows a ``Viewport`` of the list that keeps the line
/// of the message the user reads on its row when earlier pages arrive
/// above and new messages below, as the UIKit data sources keep the user's
/// place.
///
/// ```
///  History (PagedDataSource) ──┐
///                              ├─ composite ──▶ TextListRenderer ──▶ Viewport
///  New (MutableDataSource) ────┘
/// ```
@MainActor final class ChatScreen: Screen {
  var heading = "DataSourceGraph demo · 6/6 · a chat that keeps your place"
  let history: PagedDataSource<String, Message, Int>
  let incoming: MutableDataSource<String, Message>
  let screen: CompositeDataSource<Message>
  let renderer: TextListRenderer<CompositeSectionID, Message>
  /// The rows of the list the terminal shows.
  private(set) var viewport = Viewport(height: 9)
  /// The message the user reads: the first unread when the chat opens,
  /// then the topmost message on screen after each scroll.
  private(set) var anchor = Catalog.firstUnread
  private var unread = [Catalog.firstUnread]
  private var unreadCount = 1
  private let timeline: Timeline
  private var observations: [ObservationToken] = []

  init(timeline: Timeline, style: TextListStyle) {
    self.timeline = timeline
    var answer: ((PageRequest<String, Message, Int>) -> Void)?
    history = PagedDataSource(section: "history", header: "History", name: "History") {
      answer?($0)
    }
    incoming = MutableDataSource(
      snapshot: Self.newMessages(unread, unreadCount: unreadCount), name: "New")
    screen = CompositeDataSource(history, incoming)
    renderer = TextListRenderer(style: style) { $0.line }
    renderer.title = "Chat with Ana"
    observations.append(screen.render(into: renderer))
    answer = { [weak self] request in self?.serve(request) }
    // The chat opens with its first unread message on the fifth row.
    viewport.keep(anchorAt: 4)
  }

  /// The leaf of new messages: its header counts the unread ones.
  private static func newMessages(_ ids: [Int], unreadCount: Int) -> Snapshot<String, Message> {
    Snapshot(
      id: "new", header: "New messages · \(unreadCount) unread", items: ids.map(Catalog.message))
  }

  /// The fake server: the page at the cursor (the newest page of history
  /// for the first) after 800 ms, with the cursor of the page before it.
  private func serve(_ request: PageRequest<String, Message, Int>) {
    timeline.arrive(self)
    let page = request.cursor ?? Catalog.chatHistoryPages - 1
    timeline.after(800) {
      request.succeed(
        with: Page(items: Catalog.chatPage(page), previous: page > 0 ? page - 1 : nil, next: nil))
    }
  }

  /// Opens the chat: the newest page of history.
  func open() { history.load() }

  /// A message arrives below: one batch inserts it and updates the header
  /// of the new messages (the unread count) in place.
  func receive() {
    let id = (unread.last ?? Catalog.firstUnread - 1) + 1
    unread.append(id)
    unreadCount += 1
    incoming.replace(with: Self.newMessages(unread, unreadCount: unreadCount))
  }

  /// The user reads the new messages: the header's count goes to 0, again
  /// a section update.
  func markRead() {
    unreadCount = 0
    incoming.replace(with: Self.newMessages(unread, unreadCount: unreadCount))
  }

  /// The user scrolls to the top of what is loaded: the topmost message is
  /// now the one read, and showing the first message asks for the page
  /// before it.
  func scrollToTop() {
    scroll(to: 0)
    guard history.numberOfItems > 0 else { return }
    let first = history.item(at: ItemPath(section: 0, item: 0))
    history.loadPreviousPageIfNeeded(showing: first.id, within: 2)
  }

  /// The user scrolls to the bottom of the list.
  func scrollToBottom() { scroll(to: .max) }

  /// Scrolls so that line `first` of the list is the first shown.
  private func scroll(to first: Int) {
    let lines = listLines()
    let top = min(max(first, 0), max(lines.count - viewport.height, 0))
    let shown = top..<min(top + viewport.height, lines.count)
    // The topmost message on screen becomes the anchor, as in UIKit.
    let messages = renderer.snapshot.sections.flatMap(\.items)
    if let topmost = shown.lazy.compactMap({ i in messages.first { lines[i].contains($0.line) } })
      .first
    {
      anchor = topmost.id
    }
    viewport.scroll(to: top, lineCount: lines.count, anchorLine: line(of: anchor, in: lines))
  }

  /// The lines of the list, scrolled by the viewport: the top paging line,
  /// then the renderer's frame without its title and its last-change line.
  private func listLines() -> [String] {
    var lines = renderer.frame().split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0)
    }
    lines.removeFirst(2)  // the title and its rule, drawn above the viewport
    if let summary = renderer.lastChangeSummary, lines.last?.contains(summary) == true {
      lines.removeLast()
    }
    return [topLine] + lines
  }

  /// The line of message `id` in `lines`, if it is drawn.
  private func line(of id: Int, in lines: [String]) -> Int? {
    let text = Catalog.message(id).line
    return lines.firstIndex { $0.contains(text) }
  }

  /// What the top of the list shows, from the history's earlier pages.
  var topLine: String {
    switch history.previousPagingState {
    case .notLoaded: ""
    case .hasMore: "  ↑ earlier messages"
    case .loadingMore: "  ⋯ Loading earlier messages…"
    case .failed(let error): "  × Couldn't load earlier messages: \(error)"
    case .complete: "  — Start of the conversation —"
    }
  }

  /// The title, the viewport's rows between what is out of sight above and
  /// below, the renderer's last change, and the sources' states. The
  /// anchor's row is marked `◀ reading`. Drawing moves the viewport with the
  /// anchor, so the same content always gives the same frame.
  func frame() -> String {
    let frame = renderer.frame().split(separator: "\n", omittingEmptySubsequences: false)
    let lines = listLines()
    let anchorLine = line(of: anchor, in: lines)
    viewport.follow(anchorLine: anchorLine)
    var rows = viewport.rows(of: lines)
    if let anchorLine, rows.indices.contains(anchorLine - viewport.top) {
      rows[anchorLine - viewport.top] += "  ◀ reading"
    }
    let change = renderer.lastChangeSummary.map { _ in String(frame.last ?? "") } ?? ""
    return
      (frame.prefix(2).map(String.init) + [viewport.above()] + rows + [
        viewport.below(lineCount: lines.count), change,
        "screen: \(screen.contentState.kind) · history: \(FeedScreen.pages(history.pageCount)),"
          + " earlier: \(history.previousPagingState) · unread: \(unreadCount)",
      ]).joined(separator: "\n")
  }

  var isAnimating: Bool { renderer.isAnimating }
  func advanceSpinner() { renderer.advanceSpinner() }
}
