/// One message of the chat.
public struct ChatMessage: Identifiable, Hashable, Sendable {
  /// Where a message stands.
  public enum Status: Hashable, Sendable {
    /// Written here, not yet on the server.
    case sending
    /// Written here, and on the server.
    case sent
    /// Written by the other person.
    case received
  }

  /// Made by whoever wrote the message (the app for its own), and kept by
  /// the server: the same message from the first draw to the last.
  public var id: Int
  /// What the message says.
  public var text: String
  /// Where it stands.
  public var status: Status

  /// Creates a message.
  public init(id: Int, text: String, status: Status) {
    self.id = id
    self.text = text
    self.status = status
  }
}
