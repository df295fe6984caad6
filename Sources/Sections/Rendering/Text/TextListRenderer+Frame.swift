extension TextListRenderer {
  /// The current frame: lines separated by `"\n"`, without a trailing
  /// newline. Deterministic: the same content, state, style and spinner
  /// step give the same string.
  ///
  /// - Complexity: O(*n*) in the number of items shown.
  public func frame() -> String {
    var lines: [String] = []
    if let title {
      lines.append(paint(clip(title), .bold))
      lines.append(paint(String(repeating: "─", count: min(style.width, title.count + 2)), .dim))
    }
    lines += stateLines()
    if state.hasContent { lines += contentLines() }
    if state.hasContent, let summary = highlights.summary {
      lines.append(paint(summary, .dim))
    }
    if rejectedChangeCount > 0 {
      lines.append(
        paint("! \(rejectedChangeCount) change(s) did not apply; content may be stale", .red))
    }
    return lines.joined(separator: "\n")
  }

  /// The spinner, banners and placeholders that go with the state.
  private func stateLines() -> [String] {
    switch state {
    case .loading:
      return [paint("\(spinner) Loading…", .cyan)]
    case .refreshing:
      return [paint("\(spinner) Refreshing…", .cyan)]
    case .content:
      return []
    case .contentWithFailure(let error):
      return banner("Couldn't refresh: \(error)")
        + banner("Showing what was loaded before.", continued: true)
    case .partial(let partial):
      var lines = banner("Partly loaded: some parts are missing.")
      for missing in partial.missing {
        switch missing.reason {
        case .pending:
          lines.append(paint("    \(spinner) \(partName(missing)): loading…", .cyan))
        case .failed(let error):
          lines.append(paint(clip("    × \(partName(missing)): \(error)"), .yellow))
        }
      }
      if partial.isRefreshing { lines.append(paint("\(spinner) Refreshing…", .cyan)) }
      return lines
    case .initial, .empty, .error:
      guard let placeholder = placeholder(state) ?? TextListStyle.Placeholder.standard(for: state)
      else {
        return []
      }
      return box(placeholder, color: state.kind == .error ? .red : .bold)
    }
  }

  /// The sections and their items, with the last batch's marks.
  private func contentLines() -> [String] {
    var lines: [String] = []
    for (s, section) in snapshot.sections.enumerated() {
      if s > 0 { lines.append("") }
      let sectionMark = highlights.mark(ofSection: s)
      if let header = section.header {
        lines.append(gutter(sectionMark) + paint(clip(header, indent: 2), .bold))
      } else if sectionMark != nil {
        lines.append(gutter(sectionMark) + paint("(section)", .dim))
      }
      if section.items.isEmpty {
        lines.append("    " + paint("(no items)", .dim))
      }
      for (i, item) in section.items.enumerated() {
        let mark = highlights.mark(of: ItemPath(section: s, item: i))
        let text = "  " + clip(itemText(item), indent: 4)
        lines.append(gutter(mark) + (mark.map { paint(text, color(of: $0)) } ?? text))
      }
      if let footer = section.footer {
        lines.append("    " + paint(clip(footer, indent: 4), .dim))
      }
    }
    return lines
  }

  // MARK: Pieces

  private var spinner: String { style.spinnerFrames[spinnerStep % style.spinnerFrames.count] }

  /// A warning in the frame's width: `! ` before its first line, lines
  /// after it indented (and the first too when `continued`).
  private func banner(_ text: String, continued: Bool = false) -> [String] {
    wrap(text, width: style.width - 2).enumerated().map { index, line in
      paint((index == 0 && !continued ? "! " : "  ") + line, .yellow)
    }
  }

  private func gutter(_ mark: ChangeHighlights.Mark?) -> String {
    guard let mark else { return "  " }
    let symbol =
      switch mark {
      case .inserted: "+ "
      case .moved: "> "
      case .updated: "~ "
      case .movedAndUpdated: ">~"
      }
    return paint(symbol, color(of: mark))
  }

  private func color(of mark: ChangeHighlights.Mark) -> ANSI {
    switch mark {
    case .inserted: .green
    case .moved: .cyan
    case .updated, .movedAndUpdated: .yellow
    }
  }

  /// A placeholder drawn as a box of at most the frame's width.
  private func box(_ placeholder: TextListStyle.Placeholder, color: ANSI) -> [String] {
    let inner = style.width - 4
    let title = wrap(placeholder.title, width: inner)
    let message = wrap(placeholder.message, width: inner)
    let width = (title + message).map(\.count).max() ?? 0
    func row(_ text: String, _ ansi: ANSI?) -> String {
      let padded = text + String(repeating: " ", count: width - text.count)
      return "│ " + (ansi.map { paint(padded, $0) } ?? padded) + " │"
    }
    let rule = String(repeating: "─", count: width + 2)
    return ["┌" + rule + "┐"] + title.map { row($0, color) } + message.map { row($0, nil) }
      + ["└" + rule + "┘"]
  }

  /// Cuts `text` to the frame's width minus `indent`, ending with `…`.
  private func clip(_ text: String, indent: Int = 0) -> String {
    let limit = max(style.width - indent, 1)
    let single = text.map { $0.isNewline ? " " : $0 }
    guard single.count > limit else { return String(single) }
    return String(single.prefix(limit - 1)) + "…"
  }

  /// Breaks `text` into lines of at most `width` characters, at spaces
  /// where it can.
  private func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      while word.count > width {
        if !line.isEmpty {
          lines.append(line)
          line = ""
        }
        lines.append(String(word.prefix(width)))
        word = word.dropFirst(width)
      }
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  private func paint(_ text: String, _ ansi: ANSI) -> String {
    style.usesColor ? ansi.wrap(text) : text
  }
}
