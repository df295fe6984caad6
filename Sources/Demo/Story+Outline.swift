import DataSourceGraph
import DataSourceGraphTesting

extension Story {
  /// Part 5: an outline: expand, expand inside, collapse and expand again
  /// (the inner expansion is kept), a section collapsed to its header, and
  /// the library changing under the expanded rows.
  static let outlineSteps: [Step<OutlineScreen>] = [
    Step(0, "A library as an outline: artists, albums, tracks. Everything collapsed."),
    Step(1_000, "Expand Miles Davis: his albums are inserted after his row.") {
      $0.expand("Miles Davis")
    },
    Step(2_000, "Expand Kind of Blue, inside: its tracks.") { $0.expand("Kind of Blue") },
    Step(3_000, "Collapse Miles Davis: every row under him leaves.") {
      $0.collapse("Miles Davis")
    },
    Step(4_000, "Expand him again: Kind of Blue is still expanded.") { $0.expand("Miles Davis") },
    Step(5_000, "Collapse the Electronic section: its header stays.") {
      $0.collapse(section: "Electronic")
    },
    Step(6_000, "The library changes: a new album, one insert where it is shown.") {
      $0.addAlbum()
    },
    Step(7_000, "Everything as it was left: expansion is kept by identity."),
  ]
}
