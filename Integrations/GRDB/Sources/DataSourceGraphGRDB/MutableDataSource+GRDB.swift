public import DataSourceGraphNodes
public import DataSourceGraphSections
public import GRDB

extension MutableDataSource where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
  // MARK: Following a GRDB observation

  /// Feeds the source from a GRDB `ValueObservation` of snapshots: every
  /// transaction that changes what the observation tracks reaches the
  /// source as one minimal batch.
  ///
  /// ```swift
  /// let observation = ValueObservation
  ///   .tracking { db in try Player.order(Column("score").desc).fetchAll(db) }
  ///   .map { players in Snapshot(id: "players", items: players) }
  /// let following = source.follow(observation, in: dbQueue)
  /// ```
  ///
  /// This is the library's `follow(isolation:_:)` over
  /// `observation.values(in: reader)`, so its rules hold: the state is
  /// loading (or refreshing) until the first value; each value is diffed
  /// against the content and emitted as one minimal batch (an inserted row
  /// is one item insert, an updated row one item update, a deleted row one
  /// item delete), and the state becomes content or empty. A failing fetch
  /// (a missing table, an SQL error, an error your closure throws) ends
  /// GRDB's observation, and the error becomes the source's state:
  /// ``ContentState/error(_:)``, or ``ContentState/contentWithFailure(_:)``
  /// with the last content kept. ``MutableDataSource/reload()`` starts the
  /// observation again (a fresh fetch, then every change again), after a
  /// failure as well as while it runs.
  ///
  /// Values are coalesced: while the source's actor is busy, only the newest
  /// value waits, and the one batch that follows goes from what the source
  /// shows to that value. Every value is the whole content, so nothing is
  /// lost; a slow screen gets fewer, larger batches.
  ///
  /// The observation runs until the returned token is cancelled or
  /// released, another load starts on the source, ``MutableDataSource/reset(to:)``
  /// is called, or the source is released; GRDB's observation is then
  /// cancelled.
  ///
  /// - Precondition: The source lives on an actor (call this from
  ///   `@MainActor` code or from an actor's method): the values need an
  ///   actor to come back to.
  /// - Parameters:
  ///   - observation: The observation whose values are the content. Start
  ///     from `ValueObservation.tracking(_:)` and `map` the fetched rows to
  ///     a snapshot: `map` runs off the database's queue.
  ///   - reader: The database: a `DatabaseQueue`, a `DatabasePool`, or any
  ///     other `DatabaseReader`.
  ///   - isolation: The actor the source lives on; the caller's, by default.
  /// - Returns: The token that keeps the observation going.
  /// - Complexity: Per database change: GRDB's fetch, then the diff of the
  ///   new snapshot against the content, expected O(*n* log *n*) at most
  ///   for *n* items (`Snapshot.difference(from:)`), on the actor or, from
  ///   the source's ``MutableDataSource/backgroundDiffThreshold`` on, off it.
  public func follow<Reducer: ValueReducer>(
    _ observation: ValueObservation<Reducer>,
    in reader: some DatabaseReader,
    isolation: isolated any Actor = #isolation
  ) -> ObservationToken where Reducer.Value == Snapshot<SectionID, Item> {
    follow(isolation: isolation) {
      // Each value is the whole content: the newest one is all that
      // needs to wait.
      observation.values(in: reader, bufferingPolicy: .bufferingNewest(1))
    }
  }

  /// Feeds the source from a live query whose rows make one section: the
  /// source shows the rows `fetch` returns, in their order, and every
  /// transaction that changes them reaches it as one minimal batch.
  ///
  /// ```swift
  /// let following = source.follow(in: dbQueue, section: "players") { db in
  ///   try Player.order(Column("score").desc).fetchAll(db)
  /// }
  /// ```
  ///
  /// `fetch` is tracked with `ValueObservation.tracking(_:)`: the tables,
  /// columns and rows it reads decide which transactions fetch again. See
  /// ``follow(_:in:isolation:)`` for the states, errors, reloads,
  /// coalescing and the end of the observation. Rows that repeat an
  /// identity keep the first occurrence (see `Snapshot.duplicates`).
  ///
  /// - Precondition: The source lives on an actor (call this from
  ///   `@MainActor` code or from an actor's method).
  /// - Parameters:
  ///   - reader: The database: a `DatabaseQueue`, a `DatabasePool`, or any
  ///     other `DatabaseReader`.
  ///   - id: The identity of the one section.
  ///   - header: The section's header; none by default.
  ///   - footer: The section's footer; none by default.
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - fetch: Fetches the items, in display order; called in a database
  ///     access at the start and after each relevant transaction.
  /// - Returns: The token that keeps the observation going.
  /// - Complexity: Per database change: `fetch`, O(*n*) to make the snapshot
  ///   of its *n* items off the database's queue, and the diff, as
  ///   ``follow(_:in:isolation:)``.
  public func follow(
    in reader: some DatabaseReader,
    section id: SectionID,
    header: String? = nil,
    footer: String? = nil,
    isolation: isolated any Actor = #isolation,
    fetch: @escaping @Sendable (Database) throws -> [Item]
  ) -> ObservationToken {
    let observation = ValueObservation.tracking(fetch).map { items in
      Snapshot(id: id, header: header, footer: footer, items: items)
    }
    return follow(observation, in: reader, isolation: isolation)
  }

  /// Feeds the source from a live query whose rows make sections by a key:
  /// each row goes to the section its `sectionID` key path names, sections
  /// appear in the order their first row comes, and items keep the order
  /// `fetch` returns them in.
  ///
  /// ```swift
  /// let following = source.follow(in: dbQueue, groupedBy: \.team, header: \.teamName) { db in
  ///   try Player.order(Column("team"), Column("score").desc).fetchAll(db)
  /// }
  /// ```
  ///
  /// Order the query by the section key first when every section should be
  /// contiguous in the query's order too; the grouping does not need it. A
  /// section with no row is not shown, so a team's last player leaving
  /// deletes its section in the same batch. For headers that do not come
  /// from a row, build the sections yourself with
  /// ``follow(in:isolation:fetch:)``. See ``follow(_:in:isolation:)`` for
  /// the states, errors, reloads, coalescing and the end of the observation.
  ///
  /// - Precondition: The source lives on an actor (call this from
  ///   `@MainActor` code or from an actor's method).
  /// - Parameters:
  ///   - reader: The database: a `DatabaseQueue`, a `DatabasePool`, or any
  ///     other `DatabaseReader`.
  ///   - sectionID: The section of an item.
  ///   - header: A section's header, read from its first item.
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - fetch: Fetches the items, in display order; called in a database
  ///     access at the start and after each relevant transaction.
  /// - Returns: The token that keeps the observation going.
  /// - Complexity: Per database change: `fetch`, expected O(*n* + *s*) to
  ///   group its *n* items into *s* sections off the database's queue, and
  ///   the diff, as ``follow(_:in:isolation:)``.
  public func follow(
    in reader: some DatabaseReader,
    groupedBy sectionID: any KeyPath<Item, SectionID> & Sendable,
    header: any KeyPath<Item, String> & Sendable,
    isolation: isolated any Actor = #isolation,
    fetch: @escaping @Sendable (Database) throws -> [Item]
  ) -> ObservationToken {
    let observation = ValueObservation.tracking(fetch).map { items in
      Self.grouping(items, by: sectionID, header: header)
    }
    return follow(observation, in: reader, isolation: isolation)
  }

  /// Feeds the source from a live query whose rows make sections by a key,
  /// as ``follow(in:groupedBy:header:isolation:fetch:)`` does, with
  /// sections that have no header.
  ///
  /// ```swift
  /// let following = source.follow(in: dbQueue, groupedBy: \.team) { db in
  ///   try Player.order(Column("team"), Column("score").desc).fetchAll(db)
  /// }
  /// ```
  ///
  /// - Precondition: The source lives on an actor (call this from
  ///   `@MainActor` code or from an actor's method).
  /// - Parameters:
  ///   - reader: The database: a `DatabaseQueue`, a `DatabasePool`, or any
  ///     other `DatabaseReader`.
  ///   - sectionID: The section of an item.
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - fetch: Fetches the items, in display order; called in a database
  ///     access at the start and after each relevant transaction.
  /// - Returns: The token that keeps the observation going.
  /// - Complexity: As ``follow(in:groupedBy:header:isolation:fetch:)``.
  public func follow(
    in reader: some DatabaseReader,
    groupedBy sectionID: any KeyPath<Item, SectionID> & Sendable,
    isolation: isolated any Actor = #isolation,
    fetch: @escaping @Sendable (Database) throws -> [Item]
  ) -> ObservationToken {
    let observation = ValueObservation.tracking(fetch).map { items in
      Self.grouping(items, by: sectionID, header: nil)
    }
    return follow(observation, in: reader, isolation: isolation)
  }

  /// `items` in sections by `sectionID`, in the order of each section's
  /// first item, each item keeping its order; a section's header is read
  /// from its first item.
  private static func grouping(
    _ items: [Item],
    by sectionID: any KeyPath<Item, SectionID> & Sendable,
    header: (any KeyPath<Item, String> & Sendable)?
  ) -> Snapshot<SectionID, Item> {
    var order: [SectionID] = []
    var groups: [SectionID: [Item]] = [:]
    for item in items {
      let id = item[keyPath: sectionID]
      if groups[id] == nil { order.append(id) }
      groups[id, default: []].append(item)
    }
    return Snapshot(
      sections: order.map { id in
        let items = groups[id] ?? []
        return SnapshotSection(id: id, header: header.map { items[0][keyPath: $0] }, items: items)
      })
  }

  /// Feeds the source from a live query that builds its own sections: the
  /// source shows the snapshot `fetch` returns, and every transaction that
  /// changes it reaches the source as one minimal batch.
  ///
  /// ```swift
  /// let following = source.follow(in: dbQueue) { db in
  ///   let starred = try Player.filter(Column("starred")).fetchAll(db)
  ///   let others = try Player.filter(!Column("starred")).fetchAll(db)
  ///   return Snapshot(sections: [
  ///     SnapshotSection(id: "starred", header: "Starred", items: starred),
  ///     SnapshotSection(id: "others", header: "Everyone else", items: others),
  ///   ])
  /// }
  /// ```
  ///
  /// Every request `fetch` makes is tracked (`ValueObservation.tracking(_:)`).
  /// To build the snapshot off the database's queue, fetch rows in a
  /// `ValueObservation`, `map` them to a snapshot and pass it to
  /// ``follow(_:in:isolation:)``, which describes the states, errors,
  /// reloads, coalescing and the end of the observation.
  ///
  /// - Precondition: The source lives on an actor (call this from
  ///   `@MainActor` code or from an actor's method).
  /// - Parameters:
  ///   - reader: The database: a `DatabaseQueue`, a `DatabasePool`, or any
  ///     other `DatabaseReader`.
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - fetch: Fetches the content; called in a database access at the
  ///     start and after each relevant transaction.
  /// - Returns: The token that keeps the observation going.
  /// - Complexity: Per database change: `fetch`, then the diff, as
  ///   ``follow(_:in:isolation:)``.
  public func follow(
    in reader: some DatabaseReader,
    isolation: isolated any Actor = #isolation,
    fetch: @escaping @Sendable (Database) throws -> Snapshot<SectionID, Item>
  ) -> ObservationToken {
    follow(ValueObservation.tracking(fetch), in: reader, isolation: isolation)
  }
}
