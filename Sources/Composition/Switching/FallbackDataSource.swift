public import DataSourceGraphNodes
import DataSourceGraphSections

/// A primary source, or a second one while the primary has no content: a
/// placeholder list, suggestions for an empty search (Chainable Data
/// Sources' placeholder source).
///
/// ```swift
/// let results = FallbackDataSource(searchResults, fallback: suggestions)
/// ```
///
/// When the primary gains or loses its content the switch is emitted as one
/// batch, from what was shown to what is shown, with at most one state
/// change: the change of the source that was shown, followed by the
/// minimal batch between the two sources' content, composed into one.
/// Otherwise the shown source's batches pass through. The primary and the
/// fallback may share a source (`all.filter { $0.isMatch }.fallingBack(to: all)`):
/// one change of it reaches the fallback's observers as one batch. The state keeps the
/// primary's loading phase and judges content by what is shown
/// (``DataSourceGraphSections/ContentState/init(input:hasContent:)``): a loading primary with a
/// placeholder shown is refreshing.
public final class FallbackDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// A child.
  public typealias Child = any DataSource<SectionID, Item>
  /// The source shown when it has content.
  public let primary: Child
  /// The source shown while the primary has no content.
  public let fallback: Child
  /// The name of the source: the one set, else the primary's (see
  /// `DataSource.name`). Setting `nil` reports the primary's again; setting
  /// it emits nothing.
  public var name: String? {
    get { ownName ?? primary.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  /// Whether the fallback is shown.
  public private(set) var showsFallback: Bool
  var observations: [ObservationToken] = []
  /// The inputs' events handed over in the wave under way.
  var received: [(fromPrimary: Bool, event: DataSourceEvent<SectionID, Item>)] = []
  let output = NodeOutput<SectionID, Item>(state: .empty)

  /// Creates a source showing `primary`, or `fallback` while `primary` has
  /// no content.
  public init(_ primary: Child, fallback: Child) {
    self.primary = primary
    self.fallback = fallback
    showsFallback = !primary.hasContent
    output.publish(nil, state: derivedState)
    observations.append(
      output.follow(primary) { [weak self] in self?.received.append((fromPrimary: true, $0)) })
    observations.append(
      output.follow(fallback) { [weak self] in self?.received.append((fromPrimary: false, $0)) })
    output.afterReceiving = { [weak self] in self?.takeReceived() }
  }

  /// The source shown.
  public var shown: Child { showsFallback ? fallback : primary }
  private var derivedState: ContentState {
    ContentState(input: primary.contentState, hasContent: shown.hasContent)
  }

  /// Reloads the primary.
  public func reload() { primary.reload() }
  /// Runs `body` once the loads of both the primary and the fallback have
  /// settled, since either may be the one shown then (see
  /// `DataSource.whenLoaded(_:)`).
  public func whenLoaded(_ body: @escaping () -> Void) {
    whenAllLoaded([primary, fallback], body)
  }

  /// Takes in what the inputs sent in this wave, once both have taken the
  /// change (they may share a source: `all.filter { … }.fallingBack(to: all)`).
  /// Without a switch, the shown input's change passes through. With one,
  /// the shown input's change (which takes what was shown to that input's
  /// content now) is followed by the minimal batch from that content to
  /// the other input's, and the two are sent as one batch.
  private func takeReceived() {
    let events = received
    received.removeAll()
    let wasFallback = showsFallback
    var changes = events.compactMap { fromPrimary, event -> SnapshotChange<SectionID, Item>? in
      guard fromPrimary != wasFallback, case .changed(let change) = event else { return nil }
      return change
    }
    let wantsFallback = !primary.hasContent
    guard wantsFallback != wasFallback else {
      for change in changes { output.publish(change, state: derivedState) }
      output.publish(nil, state: derivedState)
      return
    }
    // A node written outside the library may have sent several changes:
    // pass all but the last through.
    let last = changes.popLast()
    for change in changes { output.publish(change, state: output.state) }
    let before = shown.snapshot
    showsFallback = wantsFallback
    let switching = shown.snapshot.difference(from: before)
    switch last {
    case nil:
      output.publish(switching, state: derivedState)
    case .batch(let batch)?:
      output.publish(batch.followed(by: switching, intermediate: before), state: derivedState)
    case .reloadAll?:
      output.publish(.reloadAll(shown.snapshot), state: derivedState)
    }
  }
}

/// The fallback shows one of its inputs whole: every read is the shown
/// input's.
extension FallbackDataSource: ReadThroughNode {
  package var readSource: any DataSource<SectionID, Item> { shown }
}
