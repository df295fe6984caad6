public import DataSourceGraphSections

/// Local edits of the pages shown: a like, a new post at the top, a
/// deleted message, a reordered item. Each emits one exact batch, as the
/// edits of a `MutableDataSource` do, whatever pages are in flight.
///
/// Indices are positions in the one section (``sectionID``). Before the
/// first page there is no section: an insert then leaves every item out
/// (and returns it in `Snapshot.Skipped.itemIDs`), and an index given to a
/// delete or a move is out of range.
///
/// ## When an edit meets a page
/// - **A page in flight** is not dropped by an edit: a next page is
///   appended below the last item the edits left, an earlier page inserted
///   above the first. The cursor is the app's and is never rewritten, so a
///   cursor that counts offsets reads the server's list as it was when the
///   page was asked for: prefer a cursor that names the last item (`after:
///   id`), which local edits cannot shift.
/// - **An item deleted while a request is in flight** (a next or an
///   earlier page, the first page, a refresh) is left out of that
///   request's answer: an answer computed before the server saw the
///   deletion does not bring the item back.
/// - **An identity shown already** (inserted locally, or repeated by
///   offset paging) that a next or an earlier page brings again keeps its
///   place and takes the page's value: one update if the value differs.
/// - **A refresh** (``load(isolation:)`` again, ``reload()``) replaces the
///   content with its first page, in one minimal batch: the server's list
///   is the truth once it answers, so items inserted locally that the page
///   does not hold leave, and those it holds take its value. Deletions
///   made while it loads are kept, as above.
/// - ``reset()`` drops everything, local edits included.
extension PagedDataSource {
  /// What an edit left out because the identity was already shown (an
  /// insert) or not shown (an update).
  public typealias Skipped = Snapshot<SectionID, Item>.Skipped

  // MARK: Edits

  /// Inserts `items` at `index` (the first at `index`, the rest after it)
  /// with one insert per item. Items whose identity is shown already are
  /// left out and returned, and so is every item before the first page
  /// (there is no section yet).
  ///
  /// ```swift
  /// feed.insert([newPost], at: 0)   // a new post at the top
  /// ```
  ///
  /// Asked for while observers are being told of a change, the insert is
  /// made after the delivery and returns `nil`: what it will leave out is
  /// not known yet.
  ///
  /// - Complexity: O(*m* + *k*) for *m* items shown and *k* inserted.
  @discardableResult
  public func insert(_ items: [Item], at index: Int) -> Skipped? {
    if DeliveryWave.postpone({ self.insert(items, at: index) }) { return nil }
    guard storage.numberOfSections > 0 else { return Skipped(itemIDs: items.map(\.id)) }
    if !deletedWhileLoading.isEmpty {
      for item in items { deletedWhileLoading.remove(item.id) }
    }
    return storage.insert(items, at: ItemPath(section: 0, item: index))
  }

  /// Appends `items` below the last item shown; see ``insert(_:at:)``.
  ///
  /// - Complexity: O(*k*) for *k* items appended.
  @discardableResult
  public func append(_ items: [Item]) -> Skipped? {
    // During delivery the end is taken when the edit is made, not now.
    if DeliveryWave.postpone({ self.append(items) }) { return nil }
    return insert(items, at: storage.numberOfItems)
  }

  /// Replaces items with new values of the same identity, with an update
  /// for each one whose value changed (a like, a read mark, "sent").
  /// Items whose identity is not shown are left out and returned.
  ///
  /// - Complexity: O(*k*) expected for *k* items, plus the look-up of each
  ///   item's position (see `MutableDataSource.itemPath(for:)`).
  @discardableResult
  public func update(_ items: [Item]) -> Skipped? {
    storage.update(items)
  }

  /// Replaces an item with a new value of the same identity; see
  /// ``update(_:)-([Item])``.
  @discardableResult
  public func update(_ item: Item) -> Skipped? {
    storage.update([item])
  }

  /// Deletes the items at `indices` (positions before the delete; repeats
  /// are ignored), with one delete per item. A request in flight leaves
  /// them out of its answer.
  ///
  /// - Complexity: O(*k* log *k* + *m*) for *k* indices and *m* items shown.
  public func deleteItems(at indices: some Sequence<Int>) {
    let indices = Array(indices)
    if DeliveryWave.postpone({ self.deleteItems(at: indices) }) { return }
    let paths = indices.map { ItemPath(section: 0, item: $0) }
    if isAwaitingAnswers, storage.numberOfSections > 0 {
      for path in paths where path.item >= 0 && path.item < storage.numberOfItems {
        deletedWhileLoading.insert(storage.item(at: path).id)
      }
    }
    storage.deleteItems(at: paths)
  }

  /// Deletes the items with the given identities; identities not shown
  /// are ignored. A request in flight leaves them out of its answer.
  ///
  /// - Complexity: O(*k* log *k* + *m*) for *k* identities and *m* items
  ///   shown, plus the look-up of each item's position.
  public func deleteItems(withIDs ids: some Sequence<Item.ID>) {
    let ids = Array(ids)
    if DeliveryWave.postpone({ self.deleteItems(withIDs: ids) }) { return }
    deleteItems(at: ids.compactMap { storage.itemPath(for: $0)?.item })
  }

  /// Moves the item at `from` so that it ends at `to` (its position after
  /// the move), with one move.
  ///
  /// - Complexity: O(*m*) for *m* items shown.
  public func moveItem(from: Int, to: Int) {
    storage.moveItem(from: ItemPath(section: 0, item: from), to: ItemPath(section: 0, item: to))
  }

  /// Applies any number of edits to the items shown as one batch: `body`
  /// edits a copy, and the minimal batch from the items before to the
  /// result is emitted. Repeated identities in the result are dropped
  /// (the first occurrence kept) and returned, and so is every item before
  /// the first page. Items the body removes are left out of the answers
  /// of the requests in flight, as ``deleteItems(at:)`` does.
  ///
  /// ```swift
  /// feed.perform { posts in
  ///   posts.removeAll { $0.author == blocked }
  ///   posts.insert(announcement, at: 0)
  /// }
  /// ```
  ///
  /// Asked for while observers are being told of a change, `body` runs at
  /// once, on the items the observers see, and the result replaces the
  /// items after the delivery.
  ///
  /// - Complexity: O(*n*) plus the diff, whatever `body` does.
  @discardableResult
  public func perform(_ body: (inout [Item]) throws -> Void) rethrows -> Skipped? {
    var edited = shownItems
    try body(&edited)
    let result = edited
    if DeliveryWave.postpone({ self.replaceItems(with: result) }) { return nil }
    return replaceItems(with: result)
  }

  /// Makes `items` the items shown, with one minimal batch; see
  /// ``perform(_:)``.
  @discardableResult
  private func replaceItems(with items: [Item]) -> Skipped {
    guard storage.numberOfSections > 0 else { return Skipped(itemIDs: items.map(\.id)) }
    if isAwaitingAnswers {
      let kept = Set(items.lazy.map(\.id))
      for item in shownItems where !kept.contains(item.id) { deletedWhileLoading.insert(item.id) }
    }
    if !deletedWhileLoading.isEmpty {
      for item in items { deletedWhileLoading.remove(item.id) }
    }
    return storage.perform { sections in
      sections[0].items = SnapshotSection<SectionID, Item>.Items(items)
    }
  }

  // MARK: Requests in flight

  /// Whether a request's answer is awaited: the first page, a refresh, a
  /// next or an earlier page, in flight or taken and waiting for the
  /// delivery under way to be applied.
  var isAwaitingAnswers: Bool {
    storage.phase.isLoading || hasPageInFlight || pageAnswersToApply > 0
  }

  /// Leaves out of a request's answer the items deleted while it was in
  /// flight.
  func leavingOutDeleted(_ items: [Item]) -> [Item] {
    guard !deletedWhileLoading.isEmpty else { return items }
    return items.filter { !deletedWhileLoading.contains($0.id) }
  }

  /// The items shown, in order; none before the first page.
  var shownItems: [Item] {
    storage.numberOfSections == 0 ? [] : storage.items(inSection: 0).array
  }

  /// Forgets the deletions made while requests were in flight, once none
  /// is.
  func forgetDeletionsIfSettled() {
    if !isAwaitingAnswers { deletedWhileLoading.removeAll() }
  }
}
