import DataSourceGraph

extension Story {
  /// When part 5 starts, in milliseconds.
  static let fifthPart = 35_500

  /// Part 5: an outline: expand, expand inside, collapse and expand again
  /// (the inner expansion is kept), a section collapsed to its header, and
  /// the library changing under the expanded rows.
  static func scheduleOutline(on player: Player, style: TextListStyle) {
    let timeline = player.timeline
    let t = fifthPart
    var screen: OutlineScreen?
    timeline.at(t) {
      screen = OutlineScreen(style: style)
      player.screen = screen!
      player.caption = "A library as an outline: artists, albums, tracks. Everything collapsed."
    }
    timeline.at(t + 1_000) {
      player.caption = "Expand Miles Davis: his albums are inserted after his row."
      screen?.expand("Miles Davis")
    }
    timeline.at(t + 2_000) {
      player.caption = "Expand Kind of Blue, inside: its tracks."
      screen?.expand("Kind of Blue")
    }
    timeline.at(t + 3_000) {
      player.caption = "Collapse Miles Davis: every row under him leaves."
      screen?.collapse("Miles Davis")
    }
    timeline.at(t + 4_000) {
      player.caption = "Expand him again: Kind of Blue is still expanded."
      screen?.expand("Miles Davis")
    }
    timeline.at(t + 5_000) {
      player.caption = "Collapse the Electronic section: its header stays."
      screen?.collapse(section: "Electronic")
    }
    timeline.at(t + 6_000) {
      player.caption = "The library changes: a new album, one insert where it is shown."
      screen?.addAlbum()
    }
    timeline.at(t + 7_000) {
      player.caption = "Everything as it was left: expansion is kept by identity."
    }
  }
}
