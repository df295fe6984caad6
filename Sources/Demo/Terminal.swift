#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few terminal calls the demo needs: whether a stream is a terminal,
/// raw key input, and unbuffered output.
@MainActor enum Terminal {
  /// Whether standard output is a terminal.
  static var outputIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }
  /// Whether standard input is a terminal.
  static var inputIsTTY: Bool { isatty(STDIN_FILENO) == 1 }

  /// Writes `text` to standard output at once.
  static func write(_ text: String) { write(text, to: STDOUT_FILENO) }

  /// Writes `text` to standard error.
  static func writeError(_ text: String) { write(text, to: STDERR_FILENO) }

  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        #else
          let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
        #endif
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Clears the screen and puts the cursor at the top left.
  static let clearScreen = "\u{1B}[H\u{1B}[2J"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"

  /// What a read of standard input gave.
  enum Input: Equatable {
    /// A byte.
    case byte(UInt8)
    /// Nothing yet (raw mode only: reads return at once).
    case nothing
    /// The end of input, or an error.
    case end
  }

  /// Reads one byte from standard input. Blocks until a byte or the end of
  /// input, unless raw mode made reads return at once.
  static func read() -> Input {
    var byte: UInt8 = 0
    #if canImport(Glibc)
      let count = Glibc.read(STDIN_FILENO, &byte, 1)
    #else
      let count = Darwin.read(STDIN_FILENO, &byte, 1)
    #endif
    if count == 1 { return .byte(byte) }
    if count == 0 { return isRaw ? .nothing : .end }
    return errno == EAGAIN || errno == EINTR ? .nothing : .end
  }

  private static var saved: termios?
  /// Whether ``enterRawMode()`` is in effect.
  static var isRaw: Bool { saved != nil }

  /// Puts the terminal in raw mode: keys arrive one by one, unechoed,
  /// Ctrl-C included, and reads return at once. Undo with ``leaveRawMode()``.
  static func enterRawMode() {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    saved = settings
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  /// Makes Ctrl-C show the cursor again before the process ends, when the
  /// screen is redrawn in place with the cursor hidden.
  static func showCursorOnInterrupt() {
    signal(SIGINT) { _ in
      // Only async-signal-safe calls here: write(2) and _exit(2).
      let bytes: [UInt8] = [0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x68, 0x0A]  // ESC[?25h\n
      bytes.withUnsafeBufferPointer { buffer in
        #if canImport(Glibc)
          _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
        #else
          _ = Darwin.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
        #endif
      }
      _exit(130)
    }
  }

  /// Restores the terminal settings from before ``enterRawMode()``.
  static func leaveRawMode() {
    guard var settings = saved else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    saved = nil
  }
}
