import DataSourceGraph
import Foundation
import Observation
import TestSupport

/// Counts the change notifications of `withObservationTracking`, which may
/// arrive on any thread.
final class ChangeCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }
}

// An @Observable model beside the library, observed as SwiftUI would.
let model = SongsScreenModel()
let songs = MutableDataSource<String, Song>()
model.show(songs)
let stateChanges = ChangeCount()
withObservationTracking {
  _ = model.state
} onChange: {
  stateChanges.increment()
}
songs.load { token in
  token.succeed(with: Snapshot(id: "songs", items: [Song(id: 1, title: "Blue")]))
}
check(stateChanges.value == 1, "loading and loaded: the observed state changed")
check(model.state.kind == .content, "the model shows content")
let contentChanges = ChangeCount()
withObservationTracking {
  _ = model.snapshot
} onChange: {
  contentChanges.increment()
}
songs.append([Song(id: 2, title: "Green")], toSection: 0)
check(contentChanges.value == 1, "an edit changes the observed snapshot")
check(model.snapshot == songs.snapshot, "the model's snapshot follows the source")

// Every public name of the library, beside the frameworks' names.
try await useEveryName()
useEveryPlatformName()
