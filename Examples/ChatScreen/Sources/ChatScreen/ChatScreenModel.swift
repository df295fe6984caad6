import DataSourceGraph

/// The chat's graph: the history above, pages of earlier messages loading
/// in at its top, and the messages of this visit below it, under a header
/// that counts the unread ones.
///
/// ```
///  history (PagedDataSource: earlier pages above) ──┐
///                                                  ├─▶ composite ─▶ screen
///  recent (MutableDataSource: new and sent ones) ───┘
/// ```
///
/// A message sent here is inserted at once as sending, then updated in
/// place when the server has it: "insert, then mark it sent", two exact
/// batches. A message that arrives is appended below, and the header of
/// the recent ones counts it until the user has read them.
@MainActor
public final class ChatScreenModel {
  /// The conversation before this visit, paged in from the newest page.
  public let history: PagedDataSource<String, ChatMessage, Int>
  /// The messages of this visit: arrived and sent.
  public let recent = MutableDataSource<String, ChatMessage>(
    sections: [SnapshotSection(id: "recent")], name: "Recent")
  /// What the screen shows.
  public let screen: CompositeDataSource<ChatMessage>
  /// The messages received and not yet read.
  public private(set) var unreadCount = 0

  private let server: ChatServer
  private var nextLocalID = 1_000_000

  /// A chat with `server`.
  public init(server: ChatServer) {
    self.server = server
    history = PagedDataSource(section: "history", name: "History") { cursor in
      await server.page(before: cursor)
    }
    screen = CompositeDataSource(history, recent)
  }

  /// Opens the chat: the newest page of the history.
  public func open() { history.load() }

  /// Called as a row appears on screen: near the top, earlier messages.
  public func rowAppeared(_ message: ChatMessage) {
    history.loadPreviousPageIfNeeded(showing: message.id, within: 3)
  }

  /// Sends `text`: shown at once as sending, marked sent when the server
  /// has it.
  public func send(_ text: String) async {
    let message = ChatMessage(id: nextLocalID, text: text, status: .sending)
    nextLocalID += 1
    recent.append([message], toSection: 0)
    let sent = await server.send(message)
    recent.update(sent)
  }

  /// A message from the other person arrives: below the others, counted
  /// in the header until read.
  public func receive(_ text: String) {
    let message = ChatMessage(id: nextLocalID, text: text, status: .received)
    nextLocalID += 1
    unreadCount += 1
    recent.perform { sections in
      sections[0].items.append(message)
      sections[0].header = Self.header(unread: unreadCount)
    }
  }

  /// The user has read the new messages: the header goes, the rows stay.
  public func markRead() {
    unreadCount = 0
    recent.updateSection(at: 0, header: nil)
  }

  /// The recent messages' header.
  static func header(unread: Int) -> String? {
    switch unread {
    case 0: nil
    case 1: "1 new message"
    default: "\(unread) new messages"
    }
  }
}
