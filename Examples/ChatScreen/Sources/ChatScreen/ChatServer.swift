import DataSourceGraph

/// The chat's server, in memory: a conversation of `count` received
/// messages, served a page at a time before a message, and the messages
/// sent to it. An app's would call its API.
public actor ChatServer {
  /// Every message, oldest first.
  private(set) var messages: [ChatMessage]
  private let pageSize: Int

  /// A conversation of `count` received messages.
  public init(count: Int = 40, pageSize: Int = 10) {
    messages = (0..<count).map { ChatMessage(id: $0, text: "Message \($0)", status: .received) }
    self.pageSize = pageSize
  }

  /// The page of messages before the message `before` (the newest page
  /// for `nil`), with the cursor of the page before it (`nil` at the
  /// start of the conversation).
  public func page(before id: Int?) -> Page<ChatMessage, Int> {
    let end = id.flatMap { id in messages.firstIndex { $0.id == id } } ?? messages.count
    let start = max(0, end - pageSize)
    let page = Array(messages[start..<end])
    return Page(items: page, previous: start > 0 ? page.first?.id : nil, next: nil)
  }

  /// Takes a message written here: it is the server's from now on.
  public func send(_ message: ChatMessage) -> ChatMessage {
    var sent = message
    sent.status = .sent
    messages.append(sent)
    return sent
  }
}
