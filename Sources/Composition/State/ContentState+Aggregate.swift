import DataSourceGraphNodes
public import DataSourceGraphSections

extension ContentState {
  /// What one child of a combinator contributes to the aggregate state.
  public struct ChildState: Sendable {
    /// The child's state.
    public var state: ContentState
    /// Whether the child has content, as the combinator sees it.
    public var hasContent: Bool
    /// Whether the child is enabled; disabled children are left out.
    public var isEnabled: Bool
    /// The child's name (see `DataSource.name`), which the aggregate's
    /// `ContentState.Partial.Missing` records and ``ContentState/ChildFailure``s carry; `nil` if
    /// it has none.
    public var name: String?

    /// Creates a child record.
    ///
    /// - Parameters:
    ///   - state: The child's state.
    ///   - hasContent: Whether the child has content, as the combinator
    ///     sees it.
    ///   - isEnabled: Whether the child is enabled; `true` by default.
    ///   - name: The child's name, if it has one.
    public init(
      state: ContentState, hasContent: Bool, isEnabled: Bool = true, name: String? = nil
    ) {
      self.state = state
      self.hasContent = hasContent
      self.isEnabled = isEnabled
      self.name = name
    }
  }

  /// The aggregate state of a combinator over its children.
  ///
  /// A child *with content* has content as the combinator sees it. A child
  /// without content is *loading* if it is loading (a load under it is in
  /// flight), *failed* if it is in error, and *empty* otherwise; a child
  /// that is initial (never loaded, or reset) waits for no load, so it
  /// counts as empty unless every child is initial. Over the enabled
  /// children:
  ///
  /// | children                                                     | aggregate |
  /// |--------------------------------------------------------------|-----------|
  /// | none enabled                                                 | `.empty` |
  /// | none has content; every child initial                        | `.initial` |
  /// | none has content; one loading                                | `.loading` |
  /// | none has content; none loading; one failed                   | `.error(_:)` with an ``ContentState/AggregateError`` listing every failed child |
  /// | none has content; none loading; none failed                  | `.empty` |
  /// | some have content; a child without content loading or failed, or a child with content itself partial | `.partial(_:)`: which children are missing and why (a partial child lends its own missing parts, under its index, with the part's name or else its own); refreshing if a child with content refreshes |
  /// | some have content; every child without content empty or initial; a child with content keeps a failure | `.contentWithFailure(_:)` with an ``ContentState/AggregateError`` listing every kept failure, even when a child refreshes |
  /// | some have content; every child without content empty or initial; none keeps a failure | `.refreshing` if a child with content refreshes, else `.content` |
  ///
  /// So the aggregate is `.loading`, `.refreshing` or refreshing partial
  /// only while a load under it is in flight: a screen never shows a
  /// spinner for a part that nothing loads (a sibling reset beside a
  /// failed one shows the failure). A missing part is
  /// `ContentState.Partial.Reason.pending` only while it loads.
  ///
  /// The last two rows are one outcome, content, with its two flags.
  /// ``ContentState`` has no case for content that both refreshes and keeps
  /// a failure, so the failure wins: its banner must not vanish while
  /// another child refreshes, and the refresh is short-lived (a child that
  /// reloads drops its own kept failure and refreshes, so a reload of
  /// every child reads `.refreshing`). A kept failure of a child that is
  /// itself partial is not listed: its missing parts make the aggregate
  /// partial.
  ///
  /// - Complexity: O(*c*) in the number of children.
  public static func aggregate(_ children: [ChildState]) -> ContentState {
    var tally = AggregateTally()
    for child in children { tally.add(child) }
    return tally.resolve { children.enumerated().lazy.map { ($0.offset, $0.element) } }
  }

  /// The state of a unary combinator (filter, map, sort, flatten,
  /// remove-empty) whose input is in state `input` and whose own content is
  /// `hasContent`: it keeps the input's loading phase and judges content
  /// from its own items, so a loaded input whose items are all filtered out
  /// is `.empty`.
  ///
  /// | input                          | own content | state |
  /// |--------------------------------|-------------|-------|
  /// | initial                        | no / yes    | initial / content |
  /// | loading, refreshing            | no / yes    | loading / refreshing |
  /// | content, empty                 | no / yes    | empty / content |
  /// | error, contentWithFailure      | no / yes    | error / contentWithFailure |
  /// | partial                        | yes         | the same partial |
  /// | partial                        | no          | loading if a missing part is pending (loading), else error |
  public init(input: ContentState, hasContent: Bool) {
    switch input {
    case .initial: self.init(phase: .idle, hasContent: hasContent)
    case .loading, .refreshing: self.init(phase: .loading, hasContent: hasContent)
    case .content, .empty: self.init(phase: .loaded, hasContent: hasContent)
    case .error(let error), .contentWithFailure(let error):
      self.init(phase: .failed(error), hasContent: hasContent)
    case .partial(let partial):
      if hasContent {
        self = .partial(partial)
      } else if partial.missing.contains(where: \.isPending) {
        self = .loading
      } else {
        self = .error(ContentState.AggregateError(failures: partial.failures()))
      }
    }
  }
}

/// Counts of children by what they contribute, kept up to date one child
/// at a time so a combinator resolves its state in O(1) after a change that
/// keeps it in ``ContentState/content`` (the common case), and scans its
/// children only to build a ``ContentState/Partial`` or ``ContentState/AggregateError``.
struct AggregateTally {
  var enabled = 0
  var withContent = 0
  var initial = 0
  /// Children without content that are loading (a partial one counts when
  /// a part it misses is loading).
  var loading = 0
  var failed = 0
  var refreshing = 0
  var keptFailure = 0
  var partial = 0

  /// Adds (`sign` 1) or removes (`sign` -1) a child's contribution.
  mutating func add(_ child: ContentState.ChildState, sign: Int = 1) {
    guard child.isEnabled else { return }
    enabled += sign
    let kind = child.state.kind
    if child.hasContent {
      withContent += sign
      switch kind {
      case .refreshing: refreshing += sign
      case .contentWithFailure: keptFailure += sign
      case .partial:
        partial += sign
        if case .partial(let p) = child.state, p.isRefreshing { refreshing += sign }
      default: break
      }
    } else {
      switch kind {
      case .initial: initial += sign
      case .loading: loading += sign
      case .error: failed += sign
      case .partial:
        // A combinator that reports partial without content: count what it
        // misses by the first reason it gives.
        if case .partial(let p) = child.state, p.missing.contains(where: \.isPending) {
          loading += sign
        } else {
          failed += sign
        }
      default: break
      }
    }
  }

  /// The aggregate; `children` lists (index, child) pairs and is read only
  /// when the result carries a payload.
  func resolve<C: Sequence<(Int, ContentState.ChildState)>>(_ children: () -> C) -> ContentState {
    if enabled == 0 { return .empty }
    if withContent == 0 {
      if initial == enabled { return .initial }
      if loading > 0 { return .loading }
      if failed > 0 {
        var failures: [ContentState.ChildFailure] = []
        for (index, child) in children() where child.isEnabled && !child.hasContent {
          if let error = child.state.error {
            failures.append(ContentState.ChildFailure(child: index, name: child.name, error: error))
          }
          if case .partial(let p) = child.state {
            failures += p.failures(asChild: index, named: child.name)
          }
        }
        return .error(ContentState.AggregateError(failures: failures))
      }
      return .empty
    }
    if loading > 0 || failed > 0 || partial > 0 {
      var missing: [ContentState.Partial.Missing] = []
      for (index, child) in children() where child.isEnabled {
        if case .partial(let p) = child.state {
          missing += p.missing.map {
            ContentState.Partial.Missing(
              child: index, name: $0.name ?? child.name, reason: $0.reason)
          }
        } else if !child.hasContent {
          switch child.state.kind {
          case .loading:
            missing.append(.init(child: index, name: child.name, reason: .pending))
          case .error:
            missing.append(
              .init(child: index, name: child.name, reason: .failed(child.state.error!)))
          default: break
          }
        }
      }
      return .partial(ContentState.Partial(missing: missing, isRefreshing: refreshing > 0))
    }
    if keptFailure > 0 {
      var failures: [ContentState.ChildFailure] = []
      for (index, child) in children() where child.isEnabled && child.hasContent {
        if case .contentWithFailure(let error) = child.state {
          failures.append(ContentState.ChildFailure(child: index, name: child.name, error: error))
        }
      }
      return .contentWithFailure(ContentState.AggregateError(failures: failures))
    }
    if refreshing > 0 { return .refreshing }
    return .content
  }
}

extension ContentState.Partial.Missing {
  var isPending: Bool { if case .pending = reason { true } else { false } }
}

extension ContentState.Partial {
  /// The failed parts as failures. Seen from a combinator above, as the
  /// failures of its child at `index` named `name`: each part then keeps
  /// its own name if it has one, else takes `name`. Without `index`, each
  /// keeps its own child index.
  func failures(asChild index: Int? = nil, named name: String? = nil) -> [ContentState.ChildFailure]
  {
    missing.compactMap {
      if case .failed(let error) = $0.reason {
        ContentState.ChildFailure(child: index ?? $0.child, name: $0.name ?? name, error: error)
      } else {
        nil
      }
    }
  }
}
