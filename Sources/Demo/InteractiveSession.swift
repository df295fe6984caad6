import DataSourceGraph
import DataSourceGraphTesting

/// What `demo --interactive` shows and how each key changes it: the
/// composed screen (``HomeScreen``) first, and the chat (``ChatScreen``),
/// opened with `c`; `c` switches between them, each kept as it was left.
@MainActor final class InteractiveSession {
  /// The key line under the composed screen: at most 80 columns, so it
  /// never wraps.
  static let homeKeys =
    "s success · e empty · x error · m mixed · r refresh · f filter · c chat · q quit"
  /// The key line under the chat.
  static let chatKeys = "c back · p earlier messages · n new message · a read all · q quit"

  /// The keys that load every part of the composed screen: what the
  /// caption says, and each part's answer.
  static let loads: [Character: (caption: String, answers: [Answer])] = [
    "s": ("s: every part loads, and succeeds.", [.success, .success, .success]),
    "e": ("e: every part loads, and answers empty.", [.empty, .empty, .empty]),
    "x": ("x: every part loads, and fails.", [.error, .error, .error]),
    "m": ("m: every part loads; Suggestions fails.", [.success, .success, .error]),
  ]

  let home: HomeScreen
  let player: Player
  private let timeline: Timeline
  private let style: TextListStyle
  /// The chat, once `c` opened it.
  private(set) var chat: ChatScreen?

  init(home: HomeScreen, player: Player, timeline: Timeline, style: TextListStyle) {
    self.home = home
    self.player = player
    self.timeline = timeline
    self.style = style
    player.footer = Self.homeKeys
    player.caption = "Press a key: s, e, x or m loads every part; c opens the chat."
  }

  /// Whether the chat is the screen shown.
  var showsChat: Bool { chat != nil && player.screen === chat }

  /// Acts on one key; `false` to quit.
  func handle(_ byte: UInt8) -> Bool {
    let key = Character(Unicode.Scalar(byte))
    switch key {
    case "q", "Q", "\u{03}", "\u{04}":
      return false
    case " ", "\n", "\r", "\t":
      return true
    case "c":
      switchScreen()
    default:
      if let chat, showsChat {
        handleChat(key, chat)
      } else {
        handleHome(key)
      }
    }
    return true
  }

  /// Shows the chat (opening it the first time) or the composed screen.
  private func switchScreen() {
    if showsChat {
      player.screen = home
      player.footer = Self.homeKeys
      player.caption = "c: back to the composed screen, as you left it."
    } else if let chat {
      player.screen = chat
      player.footer = Self.chatKeys
      player.caption = "c: back to the chat, as you left it."
    } else {
      let chat = ChatScreen(timeline: timeline, style: style)
      chat.heading = "DataSourceGraph demo · interactive · a chat that keeps your place"
      self.chat = chat
      player.screen = chat
      player.footer = Self.chatKeys
      player.caption = "c: the chat opens at its first unread message; its history loads."
      chat.open()
    }
  }

  /// A key of the composed screen.
  private func handleHome(_ key: Character) {
    if let load = Self.loads[key] {
      player.caption = load.caption
      home.load(load.answers)
      return
    }
    switch key {
    case "r":
      player.caption =
        home.refresh()
        ? "r: pull to refresh; each part answers as it did last time."
        : "r: nothing to refresh yet; press s, e, x or m first."
    case "f":
      let word = "blue"
      let next = home.query.count < word.count ? String(word.prefix(home.query.count + 1)) : ""
      home.setQuery(next)
      player.caption = next.isEmpty ? "f: filter cleared." : "f: filter \"\(next)\"."
    case "p", "n", "a":
      player.caption = "\(key) acts on the chat: press c to open it."
    default:
      player.caption = "Unknown key \"\(key)\". " + Self.homeKeys
    }
  }

  /// A key of the chat.
  private func handleChat(_ key: Character, _ chat: ChatScreen) {
    switch key {
    case "p":
      chat.scrollToTop()
      if case .complete = chat.history.previousPagingState {
        player.caption = "p: the start of the conversation; there is nothing earlier."
      } else {
        player.caption = "p: scroll to the top: the page before loads above; nothing moves."
      }
    case "n":
      chat.receive()
      player.caption = "n: a message arrives below: one insert, the header's count in place."
    case "a":
      chat.scrollToBottom()
      chat.markRead()
      player.caption = "a: you read the new messages: the count goes to 0, in place."
    case "s", "e", "x", "m", "r", "f":
      player.caption = "\(key) acts on the composed screen: press c to go back to it."
    default:
      player.caption = "Unknown key \"\(key)\". " + Self.chatKeys
    }
  }
}
