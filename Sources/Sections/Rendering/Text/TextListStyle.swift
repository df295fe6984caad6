/// How a ``TextListRenderer`` draws: colours or plain text, the width of a
/// frame, and the spinner's frames.
///
/// The renderer never looks at the terminal itself, so it stays pure and
/// testable; the host decides, typically with `isatty(STDOUT_FILENO)`:
///
/// ```swift
/// let style: TextListStyle = isatty(STDOUT_FILENO) == 1 ? .terminal : .plain
/// ```
public struct TextListStyle: Sendable, Equatable {
  /// Whether to use ANSI colours and bold/dim text. Plain text, with the
  /// same content and the same row marks, when `false`.
  public var usesColor: Bool
  /// The width of a frame in characters: longer rows are cut with `…`,
  /// placeholder messages are wrapped.
  public var width: Int
  /// The frames of the loading spinner, shown one after another as
  /// ``TextListRenderer/advanceSpinner()`` is called.
  public var spinnerFrames: [String]

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - usesColor: Whether to emit ANSI colour codes.
  ///   - width: The frame width in characters, at least 20.
  ///   - spinnerFrames: The spinner's frames; at least one.
  public init(
    usesColor: Bool, width: Int = 56, spinnerFrames: [String] = TextListStyle.brailleSpinner
  ) {
    require(!spinnerFrames.isEmpty, "a spinner needs at least one frame")
    self.usesColor = usesColor
    self.width = max(width, 20)
    self.spinnerFrames = spinnerFrames
  }

  /// Plain text: for logs, pipes, files and tests.
  public static let plain = TextListStyle(usesColor: false)
  /// Colours and highlights for an interactive terminal.
  public static let terminal = TextListStyle(usesColor: true)

  /// The braille dots spinner most terminal tools use.
  public static let brailleSpinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// A spinner in plain ASCII.
  public static let asciiSpinner = ["|", "/", "-", "\\"]
}
