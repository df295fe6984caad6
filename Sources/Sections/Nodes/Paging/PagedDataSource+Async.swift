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
  /// Each fetch runs in a task of its own, off the source's actor; its
  /// answer comes back to the actor the source was made on and is taken
  /// only if the request is still current. A refresh or a reset cancels the
  /// task of the page it drops.
  ///
  /// The source must live on an actor, since the answers need one to come
  /// back to: `isolation` is the caller's actor by default, and making the
  /// source from nonisolated code (where there is none) does not compile.
  ///
  /// - Parameters:
  ///   - section: The identity of the one section.
  ///   - header: The section's header title.
  ///   - footer: The section's footer title.
  ///   - name: The name a combinator's state calls the source by.
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - fetchPage: Fetches the page at a cursor (`nil`: the first page).
  public convenience init(
    section: SectionID, header: String? = nil, footer: String? = nil, name: String? = nil,
    isolation: isolated any Actor = #isolation,
    fetchPage: @escaping @Sendable (Cursor?) async throws -> Page<Item, Cursor>
  ) {
    let home = NodeActor(isolation)
    self.init(section: section, header: header, footer: footer, name: name) { request in
      Self.fetch(request, home: home, with: fetchPage)
    }
  }

  /// Runs `fetchPage` for `request` in a task, then answers `request` back
  /// on `home`, the source's actor.
  private static func fetch(
    _ request: PageRequest<SectionID, Item, Cursor>, home: NodeActor,
    with fetchPage: @escaping @Sendable (Cursor?) async throws -> Page<Item, Cursor>
  ) {
    guard let source = request.source else { return }
    let cursor = request.cursor
    let task = Task { try await fetchPage(cursor) }
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
