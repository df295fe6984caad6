/// A renderer that draws a list and its state as text, for a terminal, a
/// log or a test.
///
/// A frame shows the sections and their items, or what stands in for them:
///
/// - a spinner while loading with no content, and a "Refreshing…" line
///   above the content while a refresh runs;
/// - a ``TextListStyle/Placeholder`` (title and message) for initial, empty and error;
///   an error's message is its description;
/// - a banner for a partial aggregate (which parts are missing, and why)
///   and for content that is kept after a failed load;
/// - the marks of the last batch, in a left gutter: `+` inserted, `>`
///   moved, `~` updated; deleted rows are counted in the last line.
///
/// The renderer is pure: ``frame()`` returns a `String`, and the host
/// prints it. Colours are a ``TextListStyle`` choice the host makes (typically
/// from `isatty`); with ``TextListStyle/plain`` the frame is plain text with the
/// same marks.
///
/// ```swift
/// let renderer = TextListRenderer(for: source, style: .plain) { $0.title }
/// renderer.title = "Inbox"
/// let observation = source.render(into: renderer)
/// print(renderer.frame())
/// ```
///
/// A batch that does not apply to the content the renderer holds (a bug
/// upstream) is not drawn half-way: the renderer keeps its content and says
/// so in the frame.
public final class TextListRenderer<SectionID: Hashable, Item: Identifiable & Equatable>: Renderer {
  /// How frames are drawn.
  public var style: TextListStyle
  /// The text of an item's row.
  public var itemText: (Item) -> String
  /// The placeholder for a state without content; `nil` falls back to
  /// ``TextListStyle/Placeholder/standard(for:)``.
  public var placeholder: (ContentState) -> TextListStyle.Placeholder? = { _ in nil }
  /// The name of a missing part in the partial banner (`"× Archive: The
  /// server is offline."`). By default the name the state carries (the
  /// child's ``DataSource/name``), else "part 1", "part 2", … by the
  /// child's index. Set it to name the parts some other way:
  ///
  /// ```swift
  /// renderer.partName = { missing in missing.name.map { "the \($0.lowercased())" } ?? "a part" }
  /// ```
  public var partName: (ContentState.Partial.Missing) -> String = { missing in
    missing.name ?? "part \(missing.child + 1)"
  }
  /// A title drawn above everything, if any.
  public var title: String?
  /// Called after every change of what a frame would show (content, state,
  /// spinner), so a host can redraw.
  public var onChange: (() -> Void)?

  /// The content as last shown.
  public private(set) var snapshot: Snapshot<SectionID, Item> = Snapshot()
  /// The content state as last shown.
  public private(set) var state: ContentState = .initial
  /// How many times the spinner has advanced.
  public private(set) var spinnerStep = 0
  /// The number of changes that did not apply to the content held (0
  /// unless something upstream is wrong).
  public private(set) var rejectedChangeCount = 0
  var highlights = ChangeHighlights()

  /// Creates a renderer that draws each item with `itemText`.
  public init(style: TextListStyle = .plain, itemText: @escaping (Item) -> String) {
    self.style = style
    self.itemText = itemText
  }

  /// Creates a renderer that draws each item with its `description`.
  public convenience init(style: TextListStyle = .plain) where Item: CustomStringConvertible {
    self.init(style: style) { $0.description }
  }

  /// Creates a renderer for the section identities and items of `source`,
  /// so the types need not be spelled out, drawing each item with
  /// `itemText`.
  ///
  /// `source` only fixes the types: nothing is read from it and no
  /// observation starts. Connect the renderer with
  /// ``DataSource/render(into:)``.
  ///
  /// ```swift
  /// let screen = CompositeDataSource(inbox, archive).filter { !$0.isRead }
  /// let renderer = TextListRenderer(for: screen, style: .plain) { $0.subject }
  /// let observation = screen.render(into: renderer)
  /// print(renderer.frame())
  /// ```
  ///
  /// - Parameters:
  ///   - source: The node the renderer will draw.
  ///   - style: How frames are drawn; ``TextListStyle/plain`` by default.
  ///   - itemText: The text of an item's row.
  public convenience init(
    for source: some DataSource<SectionID, Item>, style: TextListStyle = .plain,
    itemText: @escaping (Item) -> String
  ) {
    self.init(style: style, itemText: itemText)
  }

  /// Creates a renderer for the section identities and items of `source`
  /// that draws each item with its `description`; see
  /// ``init(for:style:itemText:)``.
  ///
  /// ```swift
  /// let renderer = TextListRenderer(for: numbers)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The node the renderer will draw.
  ///   - style: How frames are drawn; ``TextListStyle/plain`` by default.
  public convenience init(
    for source: some DataSource<SectionID, Item>, style: TextListStyle = .plain
  ) where Item: CustomStringConvertible {
    self.init(style: style) { $0.description }
  }

  /// Whether the current frame has a spinner, so a host should call
  /// ``advanceSpinner()`` and redraw every tenth of a second or so.
  public var isAnimating: Bool {
    switch state {
    case .loading, .refreshing: true
    case .partial(let partial):
      partial.isRefreshing
        || partial.missing.contains { if case .pending = $0.reason { true } else { false } }
    default: false
    }
  }

  /// Moves the spinner to its next frame.
  public func advanceSpinner() {
    spinnerStep &+= 1
    if isAnimating { onChange?() }
  }

  /// A one-line account of the last change, such as `"last change: 2
  /// inserted, 1 moved"`, or `nil` if there was none since the last reset.
  public var lastChangeSummary: String? { highlights.summary }

  public func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState) {
    self.snapshot = snapshot
    self.state = state
    highlights = ChangeHighlights()
    onChange?()
  }

  /// Applies `change` and marks what it inserted, moved and updated.
  ///
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*) for *s* sections, *k*
  ///   operations and Σ *m* the items of the sections the batch changes:
  ///   the sections it does not touch are shared with the previous
  ///   snapshot, and no identity table is built. The batch is checked to
  ///   bring in no identity the snapshot has only if the identity table was
  ///   built (always, in O(*n*), with the library's internal checks)
  ///   (``Snapshot/itemPath(for:)`` builds it).
  public func apply(_ change: SnapshotChange<SectionID, Item>) {
    guard let next = snapshot.applyingNamed(change) else {
      rejectedChangeCount += 1
      onChange?()
      return
    }
    snapshot = next
    switch change {
    case .batch(let batch): highlights = ChangeHighlights(batch)
    case .reloadAll: highlights = .reload
    }
    onChange?()
  }

  public func stateDidChange(from old: ContentState, to new: ContentState) {
    state = new
    onChange?()
  }
}
