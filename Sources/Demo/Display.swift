/// Puts pages on the terminal: in place, redrawn, when animated on a
/// terminal; one after another, separated by marker lines, otherwise.
///
/// A marker line is `=== frame N (t=1.2s) ===`; `N` counts from 1 and the
/// time is the timeline's. A page is printed only when it differs from the
/// one before, so the frames of `--no-animation` are exactly the distinct
/// states of the story.
@MainActor final class Display {
  /// Redraw in place (an interactive terminal) or print frames in sequence.
  enum Mode {
    case inPlace
    case frames
  }

  let mode: Mode
  let usesColor: Bool
  private(set) var frameCount = 0
  private var lastPage: String?

  init(mode: Mode, usesColor: Bool) {
    self.mode = mode
    self.usesColor = usesColor
  }

  /// Shows `screen` under `caption`, with `footer` lines below.
  func show(_ screen: any Screen, caption: String, footer: String?, time: Int) {
    var lines = [bold(screen.heading)]
    if !caption.isEmpty { lines.append(caption) }
    lines.append("")
    lines.append(screen.frame())
    if let footer {
      lines.append("")
      lines.append(dim(footer))
    }
    let page = lines.joined(separator: "\n")
    guard page != lastPage else { return }
    lastPage = page
    frameCount += 1
    switch mode {
    case .inPlace:
      Terminal.write(Terminal.clearScreen + page + "\n")
    case .frames:
      Terminal.write("=== frame \(frameCount) (\(Timeline.format(time))) ===\n" + page + "\n")
    }
  }

  /// Prepares the terminal (hides the cursor when redrawing in place).
  func begin() {
    if mode == .inPlace {
      Terminal.showCursorOnInterrupt()
      Terminal.write(Terminal.hideCursor)
    }
  }

  /// Restores the terminal and ends with `message`.
  func end(_ message: String) {
    if mode == .inPlace { Terminal.write(Terminal.showCursor) }
    Terminal.write(message + "\n")
  }

  private func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  private func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
