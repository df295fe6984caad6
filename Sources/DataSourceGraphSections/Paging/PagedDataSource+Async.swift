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
  /// Each fetch runs in a task of its own, off the source's actor; its
  /// answer comes back to the actor (the one ``load(isolation:)`` was
  /// called from) and is taken only if the request is still current. A
  /// refresh or a reset cancels the task of the page it drops.
  ///
  /// - Precondition: ``load(isolation:)`` is called from an actor (the main
  ///   actor, say): the answers need an actor to come back to.
  /// - Parameters:
  ///   - section: The identity of the one section.
  ///   - header: The section's header title.
  ///   - footer: The section's footer title.
  ///   - name: The name a combinator's state calls the source by.
  ///   - fetchPage: Fetches the page at a cursor (`nil`: the first page).
  public convenience init(
    section: SectionID, header: String? = nil, footer: String? = nil, name: String? = nil,
    fetchPage: @escaping @Sendable (Cursor?) async throws -> Page<Item, Cursor>
  ) {
    self.init(section: section, header: header, footer: footer, name: name) { request in
      Self.fetch(request, with: fetchPage)
    }
  }

  /// Runs `fetchPage` for `request` in a task, then answers `request` back
  /// on the source's actor.
  private static func fetch(
    _ request: PageRequest<SectionID, Item, Cursor>,
    with fetchPage: @escaping @Sendable (Cursor?) async throws -> Page<Item, Cursor>
  ) {
    guard let source = request.source else { return }
    require(
      source.home != nil,
      "PagedDataSource: an async page loader needs the source to live on an actor: "
        + "call load() from @MainActor code or an actor")
    guard let home = source.home else { return }
    let cursor = request.cursor
    let task = Task { try await fetchPage(cursor) }
    switch request.kind {
    case .first(let token): source.storage.coordinator.track(token.ticket) { task.cancel() }
    case .next(let id): source.track(id) { task.cancel() }
    }
    let answer = Confined { (result: Result<Page<Item, Cursor>, any Error>) in
      _ = request.finish(result)
    }
    Task { await home.perform(answer, with: await task.result) }
  }
}
