import DataSourceGraph
import Observation

/// A song of the screen.
struct Song: Identifiable, Equatable {
  var id: Int
  var title: String
}

/// What a SwiftUI list screen holds: the content to show and its state,
/// kept in step with a data source. `@Observable` expands to code that names
/// the `Observation` module, which the library's old class `Observation`
/// shadowed; it is `ObservationToken` now.
@Observable final class SongsScreenModel {
  private(set) var snapshot = Snapshot<String, Song>()
  private(set) var state = ContentState.initial
  @ObservationIgnored private var observation: ObservationToken?

  /// Shows `source`, and follows its batches and state changes.
  func show(_ source: some DataSource<String, Song>) {
    snapshot = source.snapshot
    state = source.contentState
    observation = source.observe { [weak self] event in
      guard let self else { return }
      if case .changed(let change) = event, let next = snapshot.applying(change) {
        snapshot = next
      }
      if case .stateChanged(_, let new) = event { state = new }
    }
  }
}
