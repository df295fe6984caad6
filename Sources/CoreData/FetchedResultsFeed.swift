#if canImport(CoreData)
  public import CoreData
  public import DataSourceGraphNodes
  import DataSourceGraphSections

  /// A leaf over an `NSFetchedResultsController`: the objects a fetch
  /// request finds in a main-queue context, in sections by its
  /// `sectionNameKeyPath`, kept up to date from the controller's change
  /// callbacks through the delta leaf (`MutableDataSource.apply(_:resulting:verification:)`),
  /// with no diff and no fault fired.
  ///
  /// ```swift
  /// let feed = FetchedResultsFeed(request, in: container.viewContext, sectionNameKeyPath: "group")
  /// let dataSource = TableViewDataSource(tableView: tableView, source: feed.source) {
  ///   tableView, indexPath, item in
  ///   let contact = feed.object(for: item)    // fires this object's fault only
  ///   …
  /// }
  /// feed.fetch(request(matching: searchText))  // a new load; the old one is dropped
  /// ```
  ///
  /// ## Items
  /// The leaf's items are ``FetchedObject``s: the object's `objectID` and a
  /// revision, not a value copied from the object. Building the content
  /// reads no attribute, so a request's `fetchBatchSize` keeps its
  /// meaning: the cell provider reads its object (``object(for:)``), and
  /// Core Data fetches the rows in batches as they are shown. Every update
  /// or move the controller reports gives the object its next revision,
  /// so the leaf's batch updates it and a table or collection view data
  /// source reconfigures its cell, which reads the object again: changed
  /// content is always shown. Insert objects with permanent identities
  /// (`obtainPermanentIDs(for:)` before saving) so that an object keeps its
  /// identity in the leaf when it is saved.
  ///
  /// ## Loads
  /// The first fetch is the leaf's load; ``fetch(_:)``
  /// (a new predicate or sort from a search field) and the leaf's
  /// `reload()` start a new load with a new controller, and the old
  /// controller's callbacks are no longer heard. A fetch that throws is the
  /// leaf's error state. Each fetch reads the objects' identities once,
  /// with a fetch of `NSManagedObjectID`s when the request has a batch
  /// size (no object, no row data); a request with a batch size and
  /// unsaved changes in the context falls back to the controller's
  /// objects. Give such a request a sort that orders every object (end it
  /// with a unique key), so the two fetches agree.
  ///
  /// ## Changes
  /// Between `controllerWillChangeContent(_:)` and
  /// `controllerDidChangeContent(_:)`, the callbacks are collected in a
  /// ``FetchedResultsChanges``; at the end they are applied with
  /// `MutableDataSource.apply(_:storeSections:rereading:)`, which
  /// absorbs Core Data's quirks and checks the result against the
  /// controller's section names and counts; what does not fit reads the
  /// identities again. ``onOutcome`` hears each outcome, for a log.
  ///
  /// The feed, its leaf and its context belong to the main actor.
  @MainActor
  public final class FetchedResultsFeed<Object: NSManagedObject> {
    /// An item of the leaf: an object's identity and revision.
    public typealias Item = FetchedObject<NSManagedObjectID>

    /// The leaf: put it in a graph, or show it.
    public let source: MutableDataSource<String, Item>
    /// The context the objects are fetched in (main-queue).
    public let context: NSManagedObjectContext
    /// The request of the current load.
    public private(set) var fetchRequest: NSFetchRequest<Object>
    /// The key path of the sections' names, or `nil` for one section with
    /// no header.
    public let sectionNameKeyPath: String?
    /// The controller of the current load; `nil` before the first fetch
    /// and after one that failed.
    public private(set) var controller: NSFetchedResultsController<Object>?
    /// Called with the leaf's outcome after each transaction of the store,
    /// for a log (`.repaired` and `.fellBack` say what was wrong).
    public var onOutcome: ((MutableDataSource<String, Item>.IndexReport.Outcome) -> Void)?

    private var listener: Listener?
    private var changes = FetchedResultsChanges<NSManagedObjectID>()

    /// Creates a feed and starts its first load: the leaf shows the
    /// objects `request` finds.
    ///
    /// - Parameters:
    ///   - request: The fetch request; it needs sort descriptors (the
    ///     first by `sectionNameKeyPath`, when there is one).
    ///   - context: A main-queue context.
    ///   - sectionNameKeyPath: The key path whose value names each
    ///     object's section (and its header); `nil` for one section.
    ///   - source: The leaf to feed; a new one by default.
    public init(
      _ request: NSFetchRequest<Object>, in context: NSManagedObjectContext,
      sectionNameKeyPath: String? = nil,
      source: MutableDataSource<String, Item> = MutableDataSource()
    ) {
      precondition(
        context.concurrencyType == .mainQueueConcurrencyType,
        "FetchedResultsFeed needs a main-queue context (a container's viewContext)")
      self.source = source
      self.context = context
      self.fetchRequest = request
      self.sectionNameKeyPath = sectionNameKeyPath
      source.load(isolation: MainActor.shared) { [weak self] token in self?.load(token) }
    }

    /// Starts a new load with another request (a new predicate or sort
    /// from a search field): the old controller is dropped, the leaf is
    /// refreshing until the fetch answers, and its content is diffed
    /// against the new objects. The sections keep ``sectionNameKeyPath``.
    ///
    /// - Parameter request: The new fetch request.
    public func fetch(_ request: NSFetchRequest<Object>) {
      fetchRequest = request
      source.load(isolation: MainActor.shared) { [weak self] token in self?.load(token) }
    }

    /// The object of `item`, from the context (a fault until a property
    /// is read).
    ///
    /// - Complexity: O(1).
    public func object(for item: Item) -> Object {
      guard let object = context.object(with: item.id) as? Object else {
        preconditionFailure("the object of \(item.id) is not a \(Object.self)")
      }
      return object
    }

    /// Runs one load: a new controller, its fetch, the leaf's answer.
    private func load(_ token: LoadToken<String, Item>) {
      controller?.delegate = nil
      let controller = NSFetchedResultsController(
        fetchRequest: fetchRequest, managedObjectContext: context,
        sectionNameKeyPath: sectionNameKeyPath, cacheName: nil)
      let listener = Listener(feed: self)
      controller.delegate = listener
      self.controller = controller
      self.listener = listener
      changes = FetchedResultsChanges(showsSectionNames: sectionNameKeyPath != nil)
      do {
        try controller.performFetch()
        token.succeed(with: try identities(of: controller))
      } catch {
        controller.delegate = nil
        self.controller = nil
        token.fail(error)
      }
    }

    /// Every object's identity, by section, read without firing a fault.
    ///
    /// - Complexity: O(*n*) identities for *n* objects: one fetch of
    ///   object IDs when the request has a batch size, else the
    ///   controller's objects (already fetched).
    private func identities(
      of controller: NSFetchedResultsController<Object>
    ) throws -> Snapshot<String, Item> {
      let sections = controller.sections ?? []
      let total = sections.reduce(0) { $0 + $1.numberOfObjects }
      var ids: [NSManagedObjectID] = []
      if controller.fetchRequest.fetchBatchSize > 0, !context.hasChanges {
        let request = NSFetchRequest<NSManagedObjectID>()
        request.entity = controller.fetchRequest.entity
        request.predicate = controller.fetchRequest.predicate
        request.sortDescriptors = controller.fetchRequest.sortDescriptors
        request.fetchLimit = controller.fetchRequest.fetchLimit
        request.fetchOffset = controller.fetchRequest.fetchOffset
        request.resultType = .managedObjectIDResultType
        ids = try context.fetch(request)
      }
      if ids.count != total {
        ids = (controller.fetchedObjects ?? []).map(\.objectID)
      }
      var snapshotSections: [SnapshotSection<String, Item>] = []
      var start = 0
      for section in sections {
        let end = start + section.numberOfObjects
        snapshotSections.append(
          SnapshotSection(
            id: section.name, header: sectionNameKeyPath == nil ? nil : section.name,
            items: ids[start..<end].map { Item(id: $0) }))
        start = end
      }
      return Snapshot(sections: snapshotSections)
    }

    /// The end of a transaction of the current controller.
    fileprivate func didChange(_ controller: NSFetchedResultsController<Object>) {
      guard controller === self.controller else { return }
      let storeSections = (controller.sections ?? []).map { ($0.name, $0.numberOfObjects) }
      let outcome = source.apply(changes, storeSections: storeSections) {
        (try? identities(of: controller)) ?? source.snapshot
      }
      changes.removeAll()
      onOutcome?(outcome)
    }

    fileprivate func willChange(_ controller: NSFetchedResultsController<Object>) {
      guard controller === self.controller else { return }
      changes.removeAll()
    }

    fileprivate func record(
      _ controller: NSFetchedResultsController<Object>,
      _ change: (inout FetchedResultsChanges<NSManagedObjectID>) -> Void
    ) {
      guard controller === self.controller else { return }
      change(&changes)
    }

    /// The controller's delegate: each callback, on the main queue (the
    /// context's), handed to the feed.
    @MainActor
    private final class Listener: NSObject, @preconcurrency NSFetchedResultsControllerDelegate {
      weak var feed: FetchedResultsFeed?

      init(feed: FetchedResultsFeed) { self.feed = feed }

      func controllerWillChangeContent(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>
      ) {
        guard let controller = controller as? NSFetchedResultsController<Object> else { return }
        feed?.willChange(controller)
      }

      func controller(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
        didChange sectionInfo: any NSFetchedResultsSectionInfo, atSectionIndex sectionIndex: Int,
        for type: NSFetchedResultsChangeType
      ) {
        guard let controller = controller as? NSFetchedResultsController<Object>,
          let kind = Self.kind(type)
        else { return }
        let name = sectionInfo.name
        feed?.record(controller) { $0.recordSection(kind, at: sectionIndex, name: name) }
      }

      func controller(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
        didChange anObject: Any, at indexPath: IndexPath?, for type: NSFetchedResultsChangeType,
        newIndexPath: IndexPath?
      ) {
        guard let controller = controller as? NSFetchedResultsController<Object>,
          let id = (anObject as? NSManagedObject)?.objectID, let kind = Self.kind(type)
        else { return }
        feed?.record(controller) {
          $0.recordObject(
            id, kind, at: indexPath.map(Self.path), newPath: newIndexPath.map(Self.path))
        }
      }

      func controllerDidChangeContent(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>
      ) {
        guard let controller = controller as? NSFetchedResultsController<Object> else { return }
        feed?.didChange(controller)
      }

      nonisolated static func path(_ indexPath: IndexPath) -> ItemPath {
        ItemPath(section: indexPath[0], item: indexPath[1])
      }

      nonisolated static func kind(
        _ type: NSFetchedResultsChangeType
      ) -> FetchedResultsChanges<NSManagedObjectID>.Kind? {
        switch type {
        case .insert: .insert
        case .delete: .delete
        case .move: .move
        case .update: .update
        @unknown default: nil
        }
      }
    }
  }
#endif
