/// A message of the chat in part 6.
struct Message: Identifiable, Equatable, Sendable {
  /// The message's place in the conversation, from 1.
  var id: Int
  var author: String
  var text: String

  /// `"10:07 Ana  Did you book the hall?"`: the time (a minute per message)
  /// makes every line of the chat unique.
  var line: String {
    "10:" + (id < 10 ? "0" : "") + "\(id) \(author)  \(text)"
  }
}

extension Catalog {
  /// How many messages a page of the chat's history holds.
  static let chatPageSize = 6
  /// The pages of history: 0 (the start of the conversation) to 2, the
  /// page the chat opens at.
  static let chatHistoryPages = 3

  /// The words of the conversation, in order: the history, then the
  /// messages that arrive while the chat is open.
  private static let chatLines = [
    "Are we still on for Friday?", "Yes! Eight o'clock.", "Who's bringing the amp?",
    "I can, if someone drives.", "I'll drive.", "Great. Setlist?",
    "So What first, then Blue in Green.", "Too slow for an opener.", "Footprints, then?",
    "Footprints works.", "And Spain to close.", "Agreed.",
    "Did you book the hall?", "Booked, 7 to 11.", "Sound check at 7:30?",
    "Fine by me.", "Bring the spare cables.", "Will do.",
    "Running late, sorry!", "Ten minutes away.", "Parking now.", "Here!",
  ]

  /// Message `id` of the conversation (from 1); Ana and Ben take turns.
  static func message(_ id: Int) -> Message {
    Message(
      id: id, author: id % 2 == 1 ? "Ana" : "Ben", text: chatLines[(id - 1) % chatLines.count])
  }

  /// Page `page` of the history, oldest message first.
  static func chatPage(_ page: Int) -> [Message] {
    (1...chatPageSize).map { message(page * chatPageSize + $0) }
  }

  /// The first message after the history: the first unread when the chat
  /// opens.
  static var firstUnread: Int { chatHistoryPages * chatPageSize + 1 }
}
