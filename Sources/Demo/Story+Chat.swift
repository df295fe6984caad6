import DataSourceGraph
import DataSourceGraphTesting

extension Story {
  /// Part 6: a chat that opens at its first unread message; new messages
  /// arrive below while the line read stays on its row, the header's count
  /// updated in place; two earlier pages arrive above, again without
  /// moving the line read; the messages are read.
  static let chatSteps: [Step<ChatScreen>] = [
    Step(0, "A chat: history paged in from the middle, new messages in a leaf below. Open it.") {
      $0.open()
    },
    Step(1_400, "A message arrives below: one insert, and the header's count updated in place.") {
      $0.receive()
    },
    Step(2_400, "Another one. The line you read (◀) stays on its row.") { $0.receive() },
    Step(3_400, "Scroll to the top: the page before is requested; the top message is read.") {
      $0.scrollToTop()
    },
    Step(4_400, "The earlier page arrived above it: the line read has not moved."),
    Step(5_400, "Scroll to the top again: the first page of the conversation.") {
      $0.scrollToTop()
    },
    Step(6_400, "Six more lines above, and the start of the conversation; nothing moved."),
    Step(7_400, "Scroll down and read the new messages: the count goes to 0, in place.") {
      $0.scrollToBottom()
      $0.markRead()
    },
    Step(8_400, "A section update changes a header: no reload, no row redrawn."),
  ]
}
