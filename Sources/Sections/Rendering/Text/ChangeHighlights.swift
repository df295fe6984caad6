/// Where the last change left its marks in the new content: which rows and
/// sections were inserted, moved or updated, and how many were deleted.
struct ChangeHighlights: Equatable {
  /// How a row or section header is marked.
  enum Mark: Equatable {
    case inserted, moved, updated, movedAndUpdated
  }

  var insertedSections: Set<Int> = []
  var movedSections: Set<Int> = []
  var updatedSections: Set<Int> = []
  var insertedItems: Set<ItemPath> = []
  var movedItems: Set<ItemPath> = []
  var updatedItems: Set<ItemPath> = []
  var deletedSections = 0
  var deletedItems = 0
  var insertedItemCount = 0
  var isReload = false

  init() {}

  /// The marks of `batch`, at positions of the snapshot it leads to.
  ///
  /// - Complexity: O(*k*), where *k* is the number of operations.
  init<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>) {
    insertedSections = Set(batch.sectionInserts.map(\.index))
    movedSections = Set(batch.sectionMoves.map(\.to))
    updatedSections = Set(batch.sectionUpdates.map(\.to))
    insertedItems = Set(batch.itemInserts.map(\.path))
    movedItems = Set(batch.itemMoves.map(\.to))
    updatedItems = Set(batch.itemUpdates.map(\.to))
    deletedSections = batch.sectionDeletes.count
    deletedItems = batch.itemDeletes.count
    insertedItemCount =
      batch.itemInserts.count + batch.sectionInserts.reduce(0) { $0 + $1.section.items.count }
  }

  /// The highlights of a reload: nothing marked, the summary says so.
  static var reload: ChangeHighlights {
    var highlights = ChangeHighlights()
    highlights.isReload = true
    return highlights
  }

  func mark(ofSection index: Int) -> Mark? {
    if insertedSections.contains(index) { return .inserted }
    return Self.combine(
      moved: movedSections.contains(index), updated: updatedSections.contains(index))
  }

  func mark(of path: ItemPath) -> Mark? {
    if insertedSections.contains(path.section) || insertedItems.contains(path) { return .inserted }
    return Self.combine(moved: movedItems.contains(path), updated: updatedItems.contains(path))
  }

  private static func combine(moved: Bool, updated: Bool) -> Mark? {
    switch (moved, updated) {
    case (true, true): .movedAndUpdated
    case (true, false): .moved
    case (false, true): .updated
    case (false, false): nil
    }
  }

  /// `"last change: 2 inserted, 1 moved, 1 updated, 3 deleted"`, or `nil`
  /// when nothing changed.
  var summary: String? {
    if isReload { return "last change: everything reloaded" }
    var parts: [String] = []
    if insertedItemCount > 0 { parts.append("\(insertedItemCount) inserted") }
    if !movedItems.isEmpty { parts.append("\(movedItems.count) moved") }
    if !updatedItems.isEmpty { parts.append("\(updatedItems.count) updated") }
    if deletedItems > 0 { parts.append("\(deletedItems) deleted") }
    for (count, verb) in [
      (insertedSections.count, "inserted"), (movedSections.count, "moved"),
      (updatedSections.count, "updated"), (deletedSections, "deleted"),
    ] where count > 0 {
      parts.append("\(count) section\(count == 1 ? "" : "s") \(verb)")
    }
    return parts.isEmpty ? nil : "last change: " + parts.joined(separator: ", ")
  }
}
