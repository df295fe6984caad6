public import DataSourceGraphNodes
public import DataSourceGraphSections
public import Observation

/// A data-source node as an `Observable` model: its content, its content
/// state and the last change, kept in step with the node for SwiftUI.
///
/// ```swift
/// @MainActor final class SongsScreen {
///   let library = MutableDataSource<String, Song>(name: "Library")
///   let model: DataSourceModel<String, Song>
///   init() { model = DataSourceModel(library.filter { !$0.isHidden }) }
/// }
///
/// List { ForEach(screen.model.items) { Text($0.title) } }  // a view of one section
/// ```
///
/// The model subscribes to the node when it is created and applies each
/// batch the node sends to the ``snapshot`` it holds, so a change costs what
/// the batch touches, not a rebuild of the content; a
/// `SnapshotChange.reloadAll(_:)` replaces it.
/// After every event the node sends, the model's ``snapshot`` equals the
/// node's and its ``state`` is the node's content state.
///
/// ## Observation
/// Each stored property is observed on its own, so a view is invalidated
/// only by what it reads:
/// - a content change sets ``snapshot``, ``lastChange`` and
///   ``changeCount`` (and so ``sections`` and ``items``), not ``state``;
/// - a state change sets ``state`` alone.
///
/// A view that shows only a spinner or an error (it reads ``state``) is not
/// invalidated by an edit of an item, and a list that reads ``sections`` is
/// not invalidated by a load that starts while the content stays. There is
/// no observation per section or per item: a `ForEach` over ``sections``
/// (identified by section identity) and over each section's `items`
/// (identified by item identity) lets SwiftUI match rows by identity and
/// skip the rows whose values did not change.
///
/// ## Ownership
/// The model holds its node strongly, and through it the graph below: a
/// screen's model owns its screen's graph, and the graph lives as long as
/// the model does (or longer, if something else holds it). The node does
/// not hold the model: its observer captures the model weakly, and the
/// observation ends when the model is released. So a model stored in a
/// view's `@State` releases the graph with the view.
///
/// ## Isolation
/// The model lives on the main actor, where SwiftUI reads it, so the graph
/// it shows lives there too: create the node, edit it and load it from the
/// main actor.
///
/// - Note: Observation needs iOS 17, macOS 14, tvOS 17, watchOS 10 or
///   visionOS 1; the rest of the library runs on iOS 16 and macOS 13.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class DataSourceModel<SectionID: Hashable, Item: Identifiable & Equatable>:
  Observable
{
  /// The content, equal to the node's after every event it sends.
  ///
  /// Each batch is applied to the previous value: the sections the batch
  /// does not touch share their storage with the previous snapshot.
  public private(set) var snapshot: Snapshot<SectionID, Item> {
    get { observed(keys.snapshot, storedSnapshot) }
    set { registrar.withMutation(of: self, keyPath: keys.snapshot) { storedSnapshot = newValue } }
  }

  /// The node's content state: loading, content, empty, failed, partial…
  ///
  /// Observed on its own: a change of the content alone does not set it.
  public private(set) var state: ContentState {
    get { observed(keys.state, storedState) }
    set { registrar.withMutation(of: self, keyPath: keys.state) { storedState = newValue } }
  }

  /// The change that took the previous content to the current ``snapshot``:
  /// the batch the node sent, or a reload. `nil` until the first change.
  ///
  /// If a batch ever does not apply to the model's content (a node that
  /// sends a batch that does not fit its own previous content), the model
  /// reads the node's snapshot instead, and this is
  /// `SnapshotChange.reloadAll(_:)` of it: so the
  /// previous content with this change applied is always the current one.
  public private(set) var lastChange: SnapshotChange<SectionID, Item>? {
    get { observed(keys.lastChange, storedLastChange) }
    set {
      registrar.withMutation(of: self, keyPath: keys.lastChange) { storedLastChange = newValue }
    }
  }

  /// The number of content changes since the model was created: a value
  /// that changes with every change, for `onChange(of:)`.
  public private(set) var changeCount: Int {
    get { observed(keys.changeCount, storedChangeCount) }
    set {
      registrar.withMutation(of: self, keyPath: keys.changeCount) { storedChangeCount = newValue }
    }
  }

  // The observed properties' storage, and their key paths made once.
  // Observation is written here by hand rather than by `@Observable`: in a
  // generic class, the macro's accessors make each property's key path
  // again at every read and write (a run-time instantiation of about
  // 18,000 instructions): a title edit on a million-item screen cost
  // 490,000 instructions through the model, 293,000 through a mirror, and
  // now 301,000.
  private var storedSnapshot: Snapshot<SectionID, Item>
  private var storedState: ContentState
  private var storedLastChange: SnapshotChange<SectionID, Item>?
  private var storedChangeCount = 0
  private let registrar = ObservationRegistrar()
  private let keys = ObservedKeys()

  /// `value`, its property's read (`key`) registered with the observers.
  private func observed<Value>(_ key: KeyPath<DataSourceModel, Value>, _ value: Value) -> Value {
    registrar.access(self, keyPath: key)
    return value
  }

  /// The node the model shows, held strongly: the model owns it and the
  /// graph below it, unless something else holds them too.
  public let source: any DataSource<SectionID, Item>

  /// The subscription to ``source``; released with the model.
  private var observation: ObservationToken?

  /// The calls of ``refresh()`` waiting for the state to settle.
  let refreshes = RefreshWaiters()

  /// Creates a model of `source` and starts following it: the model starts
  /// from the node's snapshot and state, then applies every change.
  ///
  /// - Parameter source: The node to show; the model holds it strongly.
  /// - Complexity: The cost of the node's `snapshot`
  ///   (O(1) for a leaf, O(*n*) for a combinator), once.
  public init(_ source: some DataSource<SectionID, Item>) {
    self.source = source
    storedSnapshot = source.snapshot
    storedState = source.contentState
    observation = source.observe { [weak self] event in self?.receive(event) }
  }

  /// The sections of the content, in display order: a
  /// `SnapshotSection` is `Identifiable` by its
  /// section identity, so `ForEach(model.sections)` works as it is.
  ///
  /// Reading it observes ``snapshot``.
  ///
  /// - Complexity: O(1).
  public var sections: [SnapshotSection<SectionID, Item>] { snapshot.sections }

  /// Every item, section after section: for a `List` of one section
  /// (`ForEach(model.items)`).
  ///
  /// Reading it observes ``snapshot``.
  ///
  /// - Complexity: O(1) when there is at most one section (the section's
  ///   own items are returned, their storage shared, whatever their
  ///   number); else O(*n*) in the number of items.
  public var items: SnapshotSection<SectionID, Item>.Items {
    let sections = snapshot.sections
    switch sections.count {
    case 0: return []
    case 1: return sections[0].items
    default: return .init(snapshot.allItems)
    }
  }

  /// Starts a new load of the node (`reload()`):
  /// a leaf runs its loader again, a combinator reloads its inputs. The
  /// model shows the load through ``state`` and the content it brings.
  public func reload() {
    source.reload()
  }

  /// Takes in one event of the node.
  ///
  /// - Complexity: For a batch of *k* updates of items where they are,
  ///   O(*k*); for another batch, at most O(*s* + *k* log *k* + Σ *m*): *s*
  ///   sections, *k* operations and Σ *m* the items of the sections it
  ///   changes (see `Snapshot.applying(_:)`), edited in place when the
  ///   sections stay where they are.
  private func receive(_ event: DataSourceEvent<SectionID, Item>) {
    switch event {
    case .changed(let change):
      // The graph checked the batch already: apply it without the identity
      // check that would build the identity table of every snapshot (the
      // public `applying` builds it for any batch that inserts, O(n) per
      // batch); the library's internal checks still check. It is applied
      // in place: the model holds the only copy of the sections it has
      // changed before, so an update replaces the item where it is.
      var applied = false
      registrar.withMutation(of: self, keyPath: keys.snapshot) {
        applied = storedSnapshot.applyNamed(change)
      }
      if applied {
        lastChange = change
      } else {
        let current = source.snapshot
        snapshot = current
        lastChange = .reloadAll(current)
      }
      changeCount += 1
    case .stateChanged(_, let new):
      state = new
      if !new.isLoadingOrRefreshing { refreshes.resumeAll() }
    }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DataSourceModel {
  /// The key paths of the observed properties, made once per model.
  @MainActor struct ObservedKeys {
    let snapshot = \DataSourceModel.snapshot
    let state = \DataSourceModel.state
    let lastChange = \DataSourceModel.lastChange
    let changeCount = \DataSourceModel.changeCount
  }
}
