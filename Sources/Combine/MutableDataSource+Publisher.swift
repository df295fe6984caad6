#if canImport(Combine)
  public import Combine
  public import DataSourceGraphNodes
  public import DataSourceGraphSections

  extension MutableDataSource where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
    /// Feeds the source from a Combine publisher of snapshots, as
    /// `follow(isolation:_:)` does from an asynchronous sequence: each
    /// snapshot is diffed against the content and emitted as one minimal
    /// batch.
    ///
    /// ```swift
    /// let following = leaf.follow(model.$snapshot)   // a @Published property
    /// following.cancel()                             // cancels the subscription
    /// ```
    ///
    /// Following is a load that goes on (see `follow(isolation:_:)`): the
    /// state is loading until the first snapshot, a failure of the
    /// publisher becomes the source's error state, and a publisher that
    /// finishes leaves the last content in place. `reload()` subscribes
    /// again.
    ///
    /// The subscription asks for every value and keeps only the newest
    /// one not yet applied: a snapshot is whole content, so a publisher
    /// that sends faster than the source applies (a subject, a
    /// `@Published` property, which drop what they send while nobody asks)
    /// never leaves the source behind, and never queues snapshots. It is
    /// cancelled when the returned token is cancelled or released, when
    /// another load starts, on `reset(to:)`, or when the source is
    /// released.
    ///
    /// - Parameters:
    ///   - isolation: The actor the source lives on; the caller's, by
    ///     default.
    ///   - publisher: The publisher of the content; subscribed now and on
    ///     each reload.
    /// - Returns: The token that keeps the subscription.
    /// - Complexity: Per snapshot, the diff of `follow(isolation:_:)`; O(1)
    ///   per value the source does not take in time (it is replaced).
    public func follow<Upstream: Publisher>(
      isolation: isolated any Actor = #isolation, _ publisher: Upstream
    ) -> ObservationToken where Upstream.Output == Snapshot<SectionID, Item> {
      follow(isolation: isolation) { LatestValues(upstream: publisher) }
    }

    /// Feeds the source from a Combine publisher of arrays, each shown as
    /// the one section `section`; otherwise as `follow(isolation:_:)` of a publisher of snapshots.
    ///
    /// ```swift
    /// let following = leaf.follow(section: "players", model.$players)
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The actor the source lives on; the caller's, by
    ///     default.
    ///   - section: The identity of the one section.
    ///   - header: The section's header title.
    ///   - publisher: The publisher of the items, in display order.
    /// - Returns: The token that keeps the subscription.
    /// - Complexity: As `follow(isolation:_:)` of a publisher of snapshots, plus O(*n*) to
    ///   make each snapshot of *n* items.
    public func follow<Upstream: Publisher>(
      isolation: isolated any Actor = #isolation, section: SectionID, header: String? = nil,
      _ publisher: Upstream
    ) -> ObservationToken where Upstream.Output == [Item] {
      follow(
        isolation: isolation,
        publisher.map { Snapshot(id: section, header: header, items: $0) })
    }
  }
#endif
