import DataSourceGraph
import DataSourceGraphTesting
import Foundation
import ListScreenFrameworks
import Observation
import TestSupport

// A list screen's file imports the library beside SwiftUI or UIKit, Combine,
// Foundation and Observation. Here ListScreenFrameworks stands in for the
// first three with their type names, and every public top-level name of the
// library is used below, unqualified: a library name that one of these
// modules also declares is an "ambiguous" compile error. `.ci/consumer`
// fails when a public name of the library is missing from this file.

/// An album of the screen, with Foundation's types in it.
struct Album: Identifiable, Equatable, Sendable {
  var id: UUID
  var title: String
  var released: Date
}

/// The failure of the examples.
struct Offline: Error {}

/// Every public type and protocol of the library in a type position, where a
/// type of the same name in an imported module is a compile error
/// ("ambiguous", or "cannot specialize" a generic one); an expression such
/// as `Snapshot(…)` could instead pick one of the two without a word. Add
/// every new public type here.
typealias EveryType = (
  AnyDataSource<CompositeSectionID, Album>,
  ValueItem<String>,
  ContentState.AggregateError,
  UIKitRule.ValidationError,
  ChangeBatch<String, Album>,
  BatchMove<ItemPath>,
  ContentState.ChildFailure,
  CompositeDataSource<Album>,
  CompositeSectionID,
  ContentState,
  any DataSource<String, Album>,
  DataSourceEvent<String, Album>,
  DataSourceEventSequence<String, Album>,
  IdentityDifference.Move,
  IdentityDifference.Update,
  IdentityDifference.Duplicates,
  EditScript,
  FallbackDataSource<String, Album>,
  FilteredDataSource<String, Album>,
  FlattenedDataSource<Int, Album>,
  IdentityDifference,
  ItemPath,
  LeafLocation<ItemPath>,
  ContentState.LoadOutcome,
  LoadToken<String, Album>,
  ContentState.LoadingPhase,
  MappedDataSource<String, Album>,
  MirrorRenderer<String, Album>,
  MutableDataSource<String, Album>,
  NonEmptySectionsDataSource<String, Album>,
  ObservationToken,
  ObserverList<Int>,
  OutlineDataSource<String, Album>,
  OutlineRow<Album>,
  Page<Album, Int>,
  PageRequest<String, Album, Int>,
  PagedDataSource<String, Album, Int>,
  PagingState,
  ContentState.Partial,
  TextListStyle.Placeholder,
  ReorderRefusal,
  any ReorderableDataSource,
  any Renderer<String, Album>,
  SegmentedDataSource<String, Album>,
  Snapshot<String, Album>,
  SnapshotChange<String, Album>,
  SnapshotSection<String, Album>,
  SectionSupplements,
  SectionSupplements.Update,
  SortedDataSource<String, Album>,
  SplicedDataSource<String, Album>,
  SwitchableDataSource<String, Album>,
  TextListRenderer<String, Album>,
  TextListStyle,
  UIKitPlan<String, Album>,
  UIKitRule,
  ValidatingRenderer<MirrorRenderer<String, Album>>,
  UIKitRule.ValidationMode,
  UIKitRule.Violation
)

/// The frameworks' names this file meets beside the library's.
func frameworkNames() -> [Any.Type] {
  [
    Section.self, List.self, ForEach.self, Text.self, TextRenderer.self, View.self, Color.self,
    Label.self, Group.self, EmptyView.self, ProgressView.self, ContentUnavailableView.self,
    UITableView.self, UICollectionView.self, UITableViewDataSource.self,
    NSDiffableDataSourceSnapshot.self, UIContentConfiguration.self, Published.self,
    AnyCancellable.self, IndexPath.self, UUID.self, ObservationRegistrar.self,
  ]
}

/// Connects a renderer to a source: the `DataSource` and `Renderer` protocols
/// as constraints.
func attach<Item>(
  _ renderer: some Renderer<Int, Item>, to source: some DataSource<Int, Item>
) -> ObservationToken {
  source.render(into: renderer)
}

/// Uses every public top-level type, protocol and free function of the
/// library, and checks what it computes.
@MainActor
func useEveryName() async throws {
  let albums = (0..<4).map {
    Album(id: UUID(), title: "Album \($0)", released: Date(timeIntervalSince1970: Double($0)))
  }

  // The diff engine.
  let difference: IdentityDifference = albums.reversed().identityDifference(from: albums)
  let moves: [IdentityDifference.Move] = difference.moves
  let updates: [IdentityDifference.Update] = difference.updates
  let duplicates: IdentityDifference.Duplicates = difference.duplicates
  let script: EditScript = [3, 1, 2].editScript(from: [1, 2, 3], by: ==)
  check(moves.count == 3 && updates.isEmpty && duplicates.isEmpty, "a reversal of 4: 3 moves")
  check(script.deletes.count == 1 && script.inserts.count == 1, "one delete, one insert")
  check(longestIncreasingSubsequence([2, 0, 1]) == [1, 2], "the longest increasing run")

  // Snapshots, batches, the validator and the UIKit plan.
  let old: Snapshot<String, Album> = Snapshot(
    sections: [SnapshotSection(id: "new", header: "New", items: albums)])
  let new = Snapshot(sections: [SnapshotSection(id: "new", items: Array(albums.reversed()))])
  let batch: ChangeBatch<String, Album> = new.difference(from: old)
  let change: SnapshotChange<String, Album> = .batch(batch)
  let first: ItemPath? = new.itemPath(for: albums[3].id)
  let violations: [UIKitRule.Violation] = batch.violations(
    from: old, to: new, mode: UIKitRule.ValidationMode.batch)
  let rules: [UIKitRule] = violations.map(\.rule)
  let plan: UIKitPlan<String, Album> = try change.uikitPlan(from: old)
  check(first == ItemPath(section: 0, item: 0) && rules.isEmpty, "a valid batch")
  check(plan.steps.last?.snapshot == new, "the plan ends on the new snapshot")
  do throws(UIKitRule.ValidationError) {
    try ChangeBatch<String, Album>().validate(from: old, to: new)
    check(false, "an empty batch cannot take old to new")
  } catch {
    check(!error.violations.isEmpty, "the validator explains why: \(error.rules)")
  }

  // Observation and loading.
  let events = ObserverList<DataSourceEvent<String, Album>>()
  var heard = 0
  let listening: ObservationToken = events.add { _ in heard += 1 }
  events.send(.changed(change))
  listening.cancel()
  let idle = MutableDataSource<String, Album>()
  let phase: ContentState.LoadingPhase = idle.phase
  check(heard == 1 && !phase.isLoading, "an observer list and an idle leaf")

  let shelf = MutableDataSource(snapshot: old)
  let wishlist = MutableDataSource<String, Album>()
  var pending: LoadToken<String, Album>?
  wishlist.load { token in pending = token }
  let outcome: ContentState.LoadOutcome = await shelf.load { new }
  let loaded = if case .loaded = outcome { true } else { false }
  check(loaded && shelf.snapshot == new, "an async load")

  // The combinators, and the renderers on top.
  let parts: CompositeDataSource<Album> = CompositeDataSource(shelf, wishlist)
  let recent: FilteredDataSource<CompositeSectionID, Album> = parts.filter {
    $0.released > Date(timeIntervalSince1970: 0)
  }
  let flat: FlattenedDataSource<Int, Album> = recent.joined()
  let byTitle: SortedDataSource<Int, Album> = flat.sorted { $0.title < $1.title }
  let titled: MappedDataSource<Int, Album> = byTitle.map { album in
    Album(id: album.id, title: album.title.uppercased(), released: album.released)
  }
  let shown: NonEmptySectionsDataSource<CompositeSectionID, Album> =
    parts.removingEmptySections()
  let optional: SwitchableDataSource<String, Album> = wishlist.switched(isEnabled: true)
  let tabs: SegmentedDataSource<String, Album> = SegmentedDataSource(shelf, optional)
  let orShelf: FallbackDataSource<String, Album> = wishlist.fallingBack(to: shelf)
  let banner: SplicedDataSource<String, Album> = shelf.splicing(wishlist, intoSection: "new", at: 0)
  let stored: AnyDataSource<CompositeSectionID, Album> = parts.eraseToAnyDataSource()
  let more = CompositeDataSource(parts, shelf)  // a composite in a composite, beside a leaf
  check(stored.numberOfItems == parts.numberOfItems, "an erased node reads through")
  check(
    more.numberOfItems == parts.numberOfItems
      && more.hiddenDuplicates.count == shelf.numberOfItems,
    "a nested composite shows each item once")
  var tags = Snapshot<String, ValueItem<String>>()
  tags.appendSections(["tags"])
  tags.appendItems(["jazz", "live"], toSection: "tags")
  tags.deleteItems(["live"])
  check(tags.itemIDs == ["jazz"], "a diffable-style snapshot of Hashable values")
  let state: ContentState = parts.contentState
  let partial: ContentState.Partial? =
    if case .partial(let partial) = state { partial } else { nil }
  check(partial?.missing.count == 1, "the wishlist is missing: partial")
  check(titled.numberOfItems == 3 && shown.numberOfSections == 1, "3 recent albums, 1 section")
  check(tabs.numberOfItems == 4 && orShelf.numberOfItems == 4, "a segment, a fallback")
  check(banner.numberOfItems == 4, "nothing spliced in yet")
  let tapped: LeafLocation<ItemPath>? = parts.leafLocation(at: ItemPath(section: 0, item: 0))
  check(tapped?.source === shelf, "the first row belongs to the shelf")

  let style: TextListStyle = .plain
  let text = TextListRenderer<Int, Album>(style: style) { $0.title }
  let mirror = ValidatingRenderer(MirrorRenderer<Int, Album>())
  let observations = [attach(text, to: titled), attach(mirror, to: titled)]
  check(pending?.fail(Offline()) == true, "the wishlist fails")
  check(text.frame().contains("ALBUM 3"), "the text renderer draws the screen")
  check(mirror.base.snapshot == titled.snapshot, "the mirror saw every change")
  for observation in observations { observation.cancel() }
  let empty: TextListStyle.Placeholder? = TextListStyle.Placeholder.standard(for: .empty)
  check(empty != nil, "a standard placeholder for an empty screen")

  // When every part fails, the composite's error lists each failure.
  let lost = [MutableDataSource<String, Album>(), MutableDataSource<String, Album>()]
  for part in lost { part.load { token in token.fail(Offline()) } }
  let broken = CompositeDataSource(lost[0], lost[1])
  let failure: ContentState.AggregateError? =
    broken.contentState.error as? ContentState.AggregateError
  let failures: [ContentState.ChildFailure] = failure?.failures ?? []
  check(failures.count == 2, "both parts failed: an aggregate error")
  check(frameworkNames().count == 22, "the frameworks' names resolve")
}
