#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphNodes

  /// What a placeholder or a banner shows: a title, a message, an activity
  /// indicator, a retry button.
  public struct ContentPlaceholder: Hashable, Sendable {
    /// The title (for example "No messages"), if any.
    public var title: String?
    /// The explanation under the title, if any.
    public var message: String?
    /// Whether an activity indicator spins.
    public var showsActivity: Bool
    /// The title of the retry button, or `nil` for no button. The button
    /// reloads the node (`DataSource.reload()`).
    public var retryTitle: String?

    /// Creates a placeholder.
    public init(
      title: String? = nil, message: String? = nil, showsActivity: Bool = false,
      retryTitle: String? = nil
    ) {
      self.title = title
      self.message = message
      self.showsActivity = showsActivity
      self.retryTitle = retryTitle
    }
  }

  /// The placeholders and banners to show for each content state; every one
  /// can be replaced.
  ///
  /// ```swift
  /// var placeholders = ContentPlaceholders()
  /// placeholders.empty = ContentPlaceholder(title: "Inbox zero", message: "Nothing left to read.")
  /// placeholders.error = { error in
  ///   ContentPlaceholder(title: "Offline", message: "\(error)", retryTitle: "Try again")
  /// }
  /// ```
  public struct ContentPlaceholders: Sendable {
    /// Shown before anything started loading (`ContentState.initial`);
    /// `nil` (the default) shows nothing.
    public var initial: ContentPlaceholder?
    /// Shown while the first load runs (`ContentState.loading`).
    public var loading = ContentPlaceholder(showsActivity: true)
    /// Shown when everything loaded and there is nothing (`ContentState.empty`).
    public var empty = ContentPlaceholder(title: "Nothing here")
    /// Shown when the load failed and there is nothing (`ContentState.error(_:)`).
    public var error: @Sendable (any Error) -> ContentPlaceholder = { error in
      ContentPlaceholder(title: "Couldn't load", message: "\(error)", retryTitle: "Try again")
    }
    /// The banner over the content when a refresh failed and the content
    /// stayed (`ContentState.contentWithFailure(_:)`); `nil` for none.
    public var failure: @Sendable (any Error) -> ContentPlaceholder? = { error in
      ContentPlaceholder(title: "Couldn't refresh", message: "\(error)", retryTitle: "Try again")
    }
    /// The banner over the content when some parts of a screen are missing
    /// (`ContentState.partial(_:)`); `nil` for none. By default: a banner
    /// naming the parts that failed, none while parts are only pending.
    public var partial: @Sendable (ContentState.Partial) -> ContentPlaceholder? = { partial in
      let failed = partial.missing.filter {
        if case .failed = $0.reason { true } else { false }
      }
      guard !failed.isEmpty else { return nil }
      let message = failed.map(\.description).joined(separator: "\n")
      return ContentPlaceholder(
        title: "Some parts couldn't load", message: message, retryTitle: "Try again")
    }
    /// The banner over the content while it refreshes
    /// (`ContentState.refreshing`); `nil` (the default) shows none: the
    /// content stays visible and the app's own refresh control spins.
    public var refreshing: ContentPlaceholder?

    /// Shown at the end of a paged list while its next page loads (or at
    /// its start, for an earlier page): a spinner, by default.
    public var loadingMore = ContentPlaceholder(showsActivity: true)
    /// Shown at the end (or the start) of a paged list when its next (or
    /// earlier) page failed: the error, and a retry button that asks for
    /// that page again.
    public var moreFailed: @Sendable (any Error) -> ContentPlaceholder = { error in
      ContentPlaceholder(message: "\(error)", retryTitle: "Try again")
    }
    /// Shown at the end of a paged list once every page is shown, under
    /// its rows ("No more posts"); `nil` (the default) shows nothing.
    public var end: ContentPlaceholder?
    /// Shown at the start of a paged list once every earlier page is shown
    /// ("The start of the conversation"); `nil` (the default) shows
    /// nothing.
    public var start: ContentPlaceholder?

    /// The default placeholders.
    public init() {}

    /// What to show at one end of a paged list whose paging state there is
    /// `paging`: ``loadingMore``, ``moreFailed``, or ``end`` (``start`` at
    /// the top) under rows; nothing before the first page, while more pages
    /// wait to be asked for, or when the list is empty (its placeholder
    /// says so).
    ///
    /// | paging state | shown |
    /// |---|---|
    /// | `notLoaded`, `hasMore` | nothing |
    /// | `loadingMore` | ``loadingMore`` |
    /// | `failed(error)` | ``moreFailed`` |
    /// | `complete` | ``end`` or ``start``, when the list has rows |
    ///
    /// - Parameters:
    ///   - paging: The paging state of that end.
    ///   - hasItems: Whether the list shows any row.
    ///   - atStart: Whether that end is the top (earlier pages).
    public func listEnd(for paging: PagingState, hasItems: Bool, atStart: Bool = false)
      -> ContentPlaceholder?
    {
      switch paging {
      case .notLoaded, .hasMore: nil
      case .loadingMore: loadingMore
      case .failed(let error): moreFailed(error)
      case .complete: hasItems ? (atStart ? start : end) : nil
      }
    }
  }

  /// What to show for a content state: the content alone, a placeholder
  /// instead of it, or the content with a banner over it.
  ///
  /// Content stays visible whenever there is some: while it refreshes, when a
  /// refresh fails (with a banner), when parts of a screen are missing (with
  /// a banner). A placeholder replaces the list only when there is nothing to
  /// show: loading, empty, error.
  ///
  /// | state | presentation |
  /// |---|---|
  /// | initial | ``ContentPlaceholders/initial`` as a placeholder, or the (empty) content |
  /// | loading | ``ContentPlaceholders/loading`` |
  /// | empty | ``ContentPlaceholders/empty`` |
  /// | error | ``ContentPlaceholders/error`` |
  /// | content | the content |
  /// | refreshing | the content, with ``ContentPlaceholders/refreshing`` as a banner if set |
  /// | contentWithFailure | the content, with ``ContentPlaceholders/failure`` as a banner |
  /// | partial | the content, with ``ContentPlaceholders/partial`` as a banner |
  public enum ContentPresentation: Hashable, Sendable {
    /// The content, nothing over it.
    case content
    /// A placeholder instead of the content.
    case placeholder(ContentPlaceholder)
    /// The content, with a banner over it.
    case banner(ContentPlaceholder)

    /// What to show for `state`.
    public init(_ state: ContentState, placeholders: ContentPlaceholders = ContentPlaceholders()) {
      let banner: ContentPlaceholder?
      switch state {
      case .initial:
        self = placeholders.initial.map(Self.placeholder) ?? .content
        return
      case .loading:
        self = .placeholder(placeholders.loading)
        return
      case .empty:
        self = .placeholder(placeholders.empty)
        return
      case .error(let error):
        self = .placeholder(placeholders.error(error))
        return
      case .content: banner = nil
      case .refreshing: banner = placeholders.refreshing
      case .contentWithFailure(let error): banner = placeholders.failure(error)
      case .partial(let partial): banner = placeholders.partial(partial)
      }
      self = banner.map(Self.banner) ?? .content
    }

    /// The placeholder shown instead of the content, if any.
    public var placeholder: ContentPlaceholder? {
      if case .placeholder(let placeholder) = self { placeholder } else { nil }
    }

    /// The banner shown over the content, if any.
    public var banner: ContentPlaceholder? {
      if case .banner(let banner) = self { banner } else { nil }
    }
  }
#endif
