#if canImport(SwiftData)
  @_exported public import DataSourceGraphCoreData
  public import DataSourceGraphNodes
  import DataSourceGraphSections
  import Foundation
  public import SwiftData

  /// A paged leaf over a SwiftData fetch: the models a `FetchDescriptor`
  /// finds in a main-actor `ModelContext`, a page at a time, kept up to
  /// date from the context's saves.
  ///
  /// ```swift
  /// let feed = ModelFeed(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.date)]),
  ///                      in: container.mainContext, pageSize: 50)
  /// let dataSource = TableViewDataSource(tableView: tableView, source: feed.source) {
  ///   tableView, indexPath, item in
  ///   let note = feed.model(for: item)        // read when the cell is shown
  ///   …
  /// }
  /// feed.source.loadNextPageIfNeeded(showing: item.id)   // from willDisplay
  /// feed.fetch(descriptor(matching: searchText))         // a new load
  /// ```
  ///
  /// ## Items
  /// The leaf's items are `FetchedObject`s (from `DataSourceGraphCoreData`,
  /// which this module re-exports): a model's `persistentModelID` and a
  /// revision. A page is a fetch of identifiers
  /// (`fetchIdentifiers(_:)`), so no model is loaded to build the content:
  /// the cell provider reads its model (``model(for:)``) when it is shown.
  /// Every save that reports a model updated gives it its next revision,
  /// so the leaf's batch updates it and a table or collection view data
  /// source reconfigures its cell: changed content is always shown.
  ///
  /// ## Pages
  /// With a `pageSize`, the leaf (``source``, a `PagedDataSource` whose
  /// cursor is the offset of the next page) fetches `pageSize` models at a
  /// time with the descriptor's `fetchOffset` and `fetchLimit`; the list's
  /// end asks for the next page (`loadNextPage()`,
  /// `loadNextPageIfNeeded(showing:within:)`). A page shorter than
  /// `pageSize` is the last. Without one, the first page holds every
  /// model.
  ///
  /// ## Saves
  /// The feed listens to `ModelContext.didSave` of every context of the
  /// container. A save that names an identifier of the descriptor's
  /// model (inserted, updated or deleted), or that invalidates every
  /// identifier, fetches the identifiers of the models loaded so far again
  /// (as many as the pages loaded, at least one page, from offset 0) and
  /// hands them to the leaf (`perform(_:)`): one minimal batch, with the
  /// updated models reconfigured. A save of other models fetches
  /// nothing. A fetch that throws leaves the content as it is and is
  /// handed to ``onError``.
  ///
  /// The feed, its leaf and its context belong to the main actor.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public final class ModelFeed<Model: PersistentModel> {
    /// An item of the leaf: a model's identity and revision.
    public typealias Item = FetchedObject<PersistentIdentifier>

    /// The leaf: put it in a graph, or show it. Its cursor is the offset
    /// of the next page.
    public let source: PagedDataSource<String, Item, Int>
    /// The context the models are fetched in.
    public let context: ModelContext
    /// The descriptor of the current load (its own `fetchOffset` and
    /// `fetchLimit` are replaced by the pages').
    public private(set) var descriptor: FetchDescriptor<Model>
    /// The number of models a page fetches, or `nil` for one page with
    /// every model.
    public let pageSize: Int?
    /// Called with the error of a fetch that follows a save (the content
    /// stays as it was). A page's error is the leaf's paging state.
    public var onError: ((any Error) -> Void)?

    private var saves: SaveObservation?
    /// The entity names of the models fetched: the type's name (the
    /// entity's by default), and that of every identifier fetched (a
    /// subclass's, a renamed entity's).
    private var entityNames: Set<String> = [String(describing: Model.self)]

    /// Creates a feed and starts its first load.
    ///
    /// - Parameters:
    ///   - descriptor: What to fetch: its predicate and sort (end the sort
    ///     with a unique key, so that pages do not overlap).
    ///   - context: A context of the main actor (a container's
    ///     `mainContext`).
    ///   - pageSize: The number of models a page fetches; `nil` for all
    ///     at once.
    ///   - section: The identity of the leaf's one section.
    public init(
      _ descriptor: FetchDescriptor<Model>, in context: ModelContext, pageSize: Int? = 50,
      section: String = ""
    ) {
      precondition(pageSize.map { $0 > 0 } ?? true, "ModelFeed: a page holds at least one model")
      self.descriptor = descriptor
      self.context = context
      self.pageSize = pageSize
      source = PagedDataSource(section: section)
      saves = SaveObservation { [weak self] notification in
        let changes = Self.identifierChanges(in: notification)
        MainActor.assumeIsolated { self?.storeSaved(changes) }
      }
      load()
    }

    /// Starts a new load with another descriptor (a new predicate or sort
    /// from a search field): the pages in flight are dropped and the pages
    /// start over from the first, diffed against what the leaf shows.
    ///
    /// - Parameter descriptor: The new descriptor.
    public func fetch(_ descriptor: FetchDescriptor<Model>) {
      self.descriptor = descriptor
      load()
    }

    /// The model of `item`, from the context.
    ///
    /// - Complexity: O(1) for a model the context holds.
    public func model(for item: Item) -> Model {
      if let model: Model = context.registeredModel(for: item.id) { return model }
      guard let model = context.model(for: item.id) as? Model else {
        preconditionFailure("the model of \(item.id) is not a \(Model.self)")
      }
      return model
    }

    /// The leaf's load: pages from offset 0, each a fetch of identifiers.
    private func load() {
      source.load(isolation: MainActor.shared) { [weak self] offset in
        guard let self else { throw CancellationError() }
        return try self.page(at: offset ?? 0)
      }
    }

    /// The page at `offset`: up to `pageSize` identifiers, the next
    /// offset when the page is full.
    private func page(at offset: Int) throws -> Page<Item, Int> {
      var descriptor = self.descriptor
      descriptor.fetchOffset = offset
      descriptor.fetchLimit = pageSize
      let ids = try context.fetchIdentifiers(descriptor)
      for id in ids { entityNames.insert(id.entityName) }
      let shown = revisionsShown()
      let items = FetchedObject.revisions(of: ids, shown: { shown[$0] }, changed: [])
      let isFull = pageSize.map { ids.count == $0 } ?? false
      return Page(items: items, next: isFull ? offset + ids.count : nil)
    }

    /// After a save: the models loaded so far, fetched again, given to the
    /// leaf in one change, when the save named this feed's model.
    private func storeSaved(_ changes: IdentifierChanges) {
      guard changes.invalidatesAll || !changes.entityNames.isDisjoint(with: entityNames) else {
        return
      }
      // Before the first page, the page reads what the save left.
      if case .notLoaded = source.pagingState { return }
      var descriptor = self.descriptor
      descriptor.fetchOffset = 0
      // As many as the pages loaded (the next page's offset), so the next
      // page starts where the content ends; every model once the last
      // page is in.
      if let pageSize, source.pagingState.canLoadMore || isLoadingMore {
        let loaded = source.numberOfSections > 0 ? source.numberOfItems(inSection: 0) : 0
        descriptor.fetchLimit = max(pageSize, (loaded + pageSize - 1) / pageSize * pageSize)
      } else {
        descriptor.fetchLimit = nil
      }
      do {
        let ids = try context.fetchIdentifiers(descriptor)
        let shown = revisionsShown()
        for id in ids { entityNames.insert(id.entityName) }
        let changed = changes.invalidatesAll ? Set(ids) : changes.updated
        let items = FetchedObject.revisions(of: ids, shown: { shown[$0] }, changed: changed)
        source.perform { $0 = items }
      } catch {
        onError?(error)
      }
    }

    private var isLoadingMore: Bool {
      if case .loadingMore = source.pagingState { return true }
      return false
    }

    /// The revision of every item the leaf shows, by identity.
    ///
    /// - Complexity: O(*n*) for *n* items.
    private func revisionsShown() -> [PersistentIdentifier: Int] {
      guard source.numberOfSections > 0 else { return [:] }
      var shown: [PersistentIdentifier: Int] = [:]
      for item in source.items(inSection: 0) { shown[item.id] = item.revision }
      return shown
    }

    /// What a save named: the entities of its identifiers, the identifiers
    /// updated, and whether it invalidated them all.
    private struct IdentifierChanges: Sendable {
      var entityNames: Set<String> = []
      var updated: Set<PersistentIdentifier> = []
      var invalidatesAll = false
    }

    /// Reads a `didSave` notification's identifiers.
    private nonisolated static func identifierChanges(
      in notification: Notification
    ) -> IdentifierChanges {
      var changes = IdentifierChanges()
      let info = notification.userInfo ?? [:]
      func identifiers(_ key: ModelContext.NotificationKey) -> [PersistentIdentifier] {
        info[key.rawValue] as? [PersistentIdentifier] ?? []
      }
      let invalidated = ModelContext.NotificationKey.invalidatedAllIdentifiers.rawValue
      changes.invalidatesAll = info[invalidated] != nil
      let updated = identifiers(.updatedIdentifiers)
      changes.updated = Set(updated)
      for id in identifiers(.insertedIdentifiers) + updated + identifiers(.deletedIdentifiers) {
        changes.entityNames.insert(id.entityName)
      }
      return changes
    }
  }

  /// A registration for `ModelContext.didSave` on the main queue, removed
  /// when released.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  private final class SaveObservation: Sendable {
    nonisolated(unsafe) private let token: any NSObjectProtocol

    init(_ handler: @escaping @Sendable (Notification) -> Void) {
      token = NotificationCenter.default.addObserver(
        forName: ModelContext.didSave, object: nil, queue: .main, using: handler)
    }

    deinit { NotificationCenter.default.removeObserver(token) }
  }
#endif
