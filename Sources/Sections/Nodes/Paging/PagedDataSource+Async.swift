import DataSourceGraphSections

extension PagedDataSource where Item: Sendable, Cursor: Sendable {
  /// Creates an empty paged source whose pages come from an `async` fetch:
  /// `fetchPage` gets the cursor of the page (`nil` for the first) and
  /// returns the page.
  ///
  /// ```swift
  /// let feed = PagedDataSource<String, Post, String>(section: "feed") { cursor in
  ///   let response = try await api.posts(after: cursor)
  ///   return Page(items: response.posts, next: response.nextCursor)
  /// }
  /// feed.load()
  /// ```
  ///
  /// Each fetch runs in a task of its own, isolated to the source's actor,
  /// so it can read that actor's state (a view controller's search text, a
  /// filter the user chose) without a box; what it awaits runs where that
  /// work lives (a network call, an actor of yours), and the actor is free
  /// meanwhile. Its answer is taken only if the request is still current.
  /// A request that is dropped (a refresh, a reset, a load that brings a
  /// new loader) has its task cancelled: the fetch sees `Task.isCancelled`,
  /// and a `URLSession` call it awaits throws `CancellationError`.
  ///
  /// The source must live on an actor, since the fetches run there:
  /// `isolation` is the caller's actor by default, and making the source
  /// from nonisolated code (where there is none) does not compile.
  ///
  /// - Parameters:
  ///   - section: The identity of the one section.
  ///   - header: The section's header title.
  ///   - footer: The section's footer title.
  ///   - name: The name a combinator's state calls the source by.
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - fetchPage: Fetches the page at a cursor (`nil`: the first page).
  @inlinable
  public convenience init(
    section: SectionID, header: String? = nil, footer: String? = nil, name: String? = nil,
    isolation: isolated any Actor = #isolation,
    fetchPage: @escaping (Cursor?) async throws -> Page<Item, Cursor>
  ) {
    self.init(
      section: section, header: header, footer: footer, name: name,
      loadPage: Self.loader(isolation: isolation, fetchPage: fetchPage))
  }

  /// Loads the first page with an `async` fetch that from now on loads
  /// every page, in place of the loader before: a new search query, a
  /// filter, a sort order.
  ///
  /// ```swift
  /// func searchTextChanged(to query: String) {
  ///   results.load { offset in
  ///     try await api.search(query, offset: offset ?? 0)   // a Page<Hit, Int>
  ///   }
  /// }
  /// ```
  ///
  /// Every request in flight is dropped and its task cancelled, before any
  /// observer hears of the load, and the pages start over from the first:
  /// however fast the user types, the newest query's pages are the only
  /// ones shown. The pages shown stay visible until the first page of the
  /// new fetch answers (the state is `ContentState.refreshing`); call
  /// ``reset()`` first to empty the list instead. `fetchPage` runs as the
  /// fetch of ``init(section:header:footer:name:isolation:fetchPage:)``
  /// does, on the source's actor.
  ///
  /// - Parameters:
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - fetchPage: Fetches the page at a cursor (`nil`: the first page).
  public func load(
    isolation: isolated any Actor = #isolation,
    fetchPage: @escaping (Cursor?) async throws -> Page<Item, Cursor>
  ) {
    let home = NodeActor(isolation)
    startFirstPage(home: home, loader: Self.loader(home: home, fetchPage: fetchPage))
  }

  /// The callback-style loader that runs `fetchPage` for each request on
  /// `isolation`, for the inlinable initializer.
  @usableFromInline
  static func loader(
    isolation: isolated any Actor,
    fetchPage: @escaping (Cursor?) async throws -> Page<Item, Cursor>
  ) -> (PageRequest<SectionID, Item, Cursor>) -> Void {
    loader(home: NodeActor(isolation), fetchPage: fetchPage)
  }

  /// The callback-style loader that runs `fetchPage` for each request.
  private static func loader(
    home: NodeActor, fetchPage: @escaping (Cursor?) async throws -> Page<Item, Cursor>
  ) -> (PageRequest<SectionID, Item, Cursor>) -> Void {
    let fetch = Confined(fetchPage)
    return { request in Self.fetch(request, home: home, with: fetch) }
  }

  /// Runs `fetchPage` for `request` in a task on `home`, the source's
  /// actor, then answers `request` there.
  private static func fetch(
    _ request: PageRequest<SectionID, Item, Cursor>, home: NodeActor,
    with fetchPage: Confined<(Cursor?) async throws -> Page<Item, Cursor>>
  ) {
    guard let source = request.source else { return }
    let cursor = request.cursor
    let task = Task { try await home.perform(fetchPage, with: cursor) }
    switch request.kind {
    case .first(let token): source.storage.coordinator.track(token.ticket) { task.cancel() }
    case .page(let direction, let id): source.track(id, at: direction) { task.cancel() }
    }
    let answer = Confined { (result: Result<Page<Item, Cursor>, any Error>) in
      _ = request.finish(result)
    }
    Task { await home.perform(answer, with: await task.result) }
  }
}
