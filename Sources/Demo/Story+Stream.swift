import DataSourceGraph

extension Story {
  /// When part 3 starts, in milliseconds.
  static let thirdPart = 21_500

  /// Part 3: two tasks iterate `queue.events`; one keeps up and prints
  /// every event, the other is held back during four edits and a refresh,
  /// then gets one composed batch (the refresh's round trip dropped).
  static func scheduleStream(on player: Player, style: TextListStyle) {
    let timeline = player.timeline
    let t = thirdPart
    var screen: StreamScreen?
    timeline.at(t) {
      screen = StreamScreen(timeline: timeline, style: style)
      player.screen = screen!
      player.caption = "Two tasks iterate queue.events: one keeps up, one is held back."
    }
    timeline.at(t + 500) {
      player.caption = "Add a track: the task that keeps up gets the batch at once."
      screen?.edit {
        _ = $0.append([Track(title: "Footprints", detail: "Wayne Shorter")], toSection: 0)
      }
    }
    timeline.at(t + 1_100) {
      player.caption = "Move a track."
      screen?.edit {
        $0.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
      }
    }
    timeline.at(t + 1_700) {
      player.caption = "Update a track."
      screen?.edit { _ = $0.update(Track(title: "Naima", detail: "John Coltrane, live")) }
    }
    timeline.at(t + 2_300) {
      player.caption = "Delete a track."
      screen?.edit { $0.deleteItems(withIDs: ["Blue Monday"]) }
    }
    timeline.at(t + 2_900) {
      player.caption = "Pull to refresh: refreshing, and back to content when the answer comes."
      screen?.refresh(answerAfter: 600)
    }
    timeline.at(t + 4_100) {
      player.caption =
        "The held-back task wakes: one batch for the four edits; the refresh went nowhere."
      screen?.wakeLaggingConsumer()
    }
    timeline.at(t + 5_000) {
      player.caption = "Both tasks keep up now: each gets the next change."
      screen?.edit {
        _ = $0.append([Track(title: "Blue Train", detail: "John Coltrane")], toSection: 0)
      }
    }
    timeline.at(t + 5_600) {
      screen?.stop()
    }
  }
}
