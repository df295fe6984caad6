import DataSourceGraph
import DataSourceGraphTesting

extension Story {
  /// Part 3: two tasks iterate `queue.events`; one keeps up and prints
  /// every event, the other is held back during four edits and a refresh,
  /// then gets one composed batch (the refresh's round trip dropped).
  static let streamSteps: [Step<StreamScreen>] = [
    Step(0, "Two tasks iterate queue.events: one keeps up, one is held back."),
    Step(500, "Add a track: the task that keeps up gets the batch at once.") {
      $0.edit { queue in
        _ = queue.append([Track(title: "Footprints", detail: "Wayne Shorter")], toSection: 0)
      }
    },
    Step(1_100, "Move a track.") {
      $0.edit { queue in
        queue.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
      }
    },
    Step(1_700, "Update a track.") {
      $0.edit { queue in _ = queue.update(Track(title: "Naima", detail: "John Coltrane, live")) }
    },
    Step(2_300, "Delete a track.") {
      $0.edit { queue in queue.deleteItems(withIDs: ["Blue Monday"]) }
    },
    Step(2_900, "Pull to refresh: refreshing, and back to content when the answer comes.") {
      $0.refresh(answerAfter: 600)
    },
    Step(
      4_100, "The held-back task wakes: one batch for the four edits; the refresh went nowhere."
    ) { $0.wakeLaggingConsumer() },
    Step(5_000, "Both tasks keep up now: each gets the next change.") {
      $0.edit { queue in
        _ = queue.append([Track(title: "Blue Train", detail: "John Coltrane")], toSection: 0)
      }
    },
    Step(5_600) { $0.stop() },
  ]
}
