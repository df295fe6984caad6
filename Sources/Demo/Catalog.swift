import DataSourceGraph

/// A colour of the palette in part 1.
struct Swatch: Identifiable, Equatable, Sendable {
  var id: String { name }
  var name: String
  var hex: String
  /// `"Crimson   #DC143C"`.
  var text: String { name + String(repeating: " ", count: max(1, 10 - name.count)) + hex }
}

/// A track of the home screen in part 2.
struct Track: Identifiable, Equatable, Sendable {
  var id: String { title }
  var title: String
  var detail: String
  /// `"Blue in Green · Miles Davis"`.
  var text: String { "\(title) · \(detail)" }
}

/// Why a fake server fails. The descriptions never name the part: the
/// renderer's banners put the part's name before them ("Suggestions: The
/// server timed out.").
enum DemoError: Error, CustomStringConvertible {
  case offline
  case timeout

  var description: String {
    switch self {
    case .offline: "The network is offline."
    case .timeout: "The server timed out."
    }
  }
}

/// What the fake servers answer.
enum Answer: String, Sendable {
  case success = "Success"
  case empty = "Empty"
  case error = "Error"
}

/// The demo's fixed data.
enum Catalog {
  /// The palette; `version` 1 moves, renames and adds colours, so a second
  /// success shows moves, updates and inserts.
  static func palette(version: Int) -> Snapshot<String, Swatch> {
    let first = [
      Swatch(name: "Crimson", hex: "#DC143C"), Swatch(name: "Amber", hex: "#FFBF00"),
      Swatch(name: "Lime", hex: "#32CD32"), Swatch(name: "Teal", hex: "#008080"),
      Swatch(name: "Indigo", hex: "#4B0082"), Swatch(name: "Violet", hex: "#8F00FF"),
    ]
    let second = [
      Swatch(name: "Teal", hex: "#008080"), Swatch(name: "Crimson", hex: "#DC143C"),
      Swatch(name: "Amber", hex: "#FFC000"), Swatch(name: "Lime", hex: "#32CD32"),
      Swatch(name: "Coral", hex: "#FF7F50"), Swatch(name: "Indigo", hex: "#4B0082"),
    ]
    return Snapshot(id: "palette", header: "Palette", items: version % 2 == 0 ? first : second)
  }

  /// An empty palette: the section is there, without items.
  static let emptyPalette = Snapshot<String, Swatch>(id: "palette", header: "Palette", items: [])

  /// The names of the home screen's parts, in the composite's order.
  static let partNames = ["Favourites", "Recent", "Suggestions"]

  /// The tracks of a part; each version differs a little from the one
  /// before (a move, an update, an insert, a delete).
  static func tracks(part: Int, version: Int) -> [Track] {
    let versions: [[[Track]]] = [
      [  // Favourites
        [
          Track(title: "Blue in Green", detail: "Miles Davis"),
          Track(title: "So What", detail: "Miles Davis"),
          Track(title: "Blue Monday", detail: "New Order"),
          Track(title: "Naima", detail: "John Coltrane"),
        ],
        [
          Track(title: "So What", detail: "Miles Davis"),
          Track(title: "Blue in Green", detail: "Miles Davis"),
          Track(title: "Naima", detail: "John Coltrane, live"),
          Track(title: "Footprints", detail: "Wayne Shorter"),
        ],
      ],
      [  // Recent
        [
          Track(title: "Kind of Blue", detail: "album"),
          Track(title: "Giant Steps", detail: "John Coltrane"),
          Track(title: "Bluebird", detail: "Charlie Parker"),
        ],
        [
          Track(title: "Take Five", detail: "Dave Brubeck"),
          Track(title: "Kind of Blue", detail: "album"),
          Track(title: "Giant Steps", detail: "John Coltrane"),
          Track(title: "Bluebird", detail: "Charlie Parker"),
        ],
      ],
      [  // Suggestions
        [
          Track(title: "Blues Walk", detail: "Lou Donaldson"),
          Track(title: "Moanin'", detail: "Art Blakey"),
          Track(title: "Bye Bye Blackbird", detail: "Miles Davis"),
          Track(title: "Bebop", detail: "Dizzy Gillespie"),
        ],
        [
          Track(title: "Moanin'", detail: "Art Blakey"),
          Track(title: "Blues Walk", detail: "Lou Donaldson"),
          Track(title: "Bye Bye Blackbird", detail: "Miles Davis"),
          Track(title: "Blue Train", detail: "John Coltrane"),
        ],
      ],
    ]
    let list = versions[part]
    return list[version % list.count]
  }

  /// Page `page` of the feed in part 4, three tracks each; a refresh
  /// (`version` 1 and after) puts a new track on top of the first page.
  static func feedPage(_ page: Int, version: Int) -> [Track] {
    let pages = [
      [
        Track(title: "Autumn Leaves", detail: "Cannonball Adderley"),
        Track(title: "Round Midnight", detail: "Thelonious Monk"),
        Track(title: "My Favorite Things", detail: "John Coltrane"),
      ],
      [
        Track(title: "Moanin'", detail: "Art Blakey"),
        Track(title: "Take the A Train", detail: "Duke Ellington"),
        Track(title: "Song for My Father", detail: "Horace Silver"),
      ],
      [
        Track(title: "Maiden Voyage", detail: "Herbie Hancock"),
        Track(title: "Watermelon Man", detail: "Herbie Hancock"),
        Track(title: "Cantaloupe Island", detail: "Herbie Hancock"),
      ],
      [
        Track(title: "Goodbye Pork Pie Hat", detail: "Charles Mingus"),
        Track(title: "Strange Fruit", detail: "Billie Holiday"),
      ],
    ]
    guard page == 0, version > 0 else { return pages[page] }
    return [Track(title: "Spain", detail: "Chick Corea")] + pages[0]
  }

  /// The library of part 5: two sections of artists, albums and tracks;
  /// `withNewAlbum` adds an album to Miles Davis.
  static func library(withNewAlbum: Bool) -> Snapshot<String, Entry> {
    var miles = Entry(
      title: "Miles Davis",
      children: [
        Entry(
          title: "Kind of Blue",
          children: [Entry(title: "So What"), Entry(title: "Blue in Green")]),
        Entry(title: "Bitches Brew"),
      ])
    if withNewAlbum { miles.children.insert(Entry(title: "Sketches of Spain"), at: 1) }
    let coltrane = Entry(
      title: "John Coltrane",
      children: [Entry(title: "Giant Steps", children: [Entry(title: "Naima")])])
    let newOrder = Entry(
      title: "New Order", children: [Entry(title: "Power, Corruption & Lies")])
    let kraftwerk = Entry(title: "Kraftwerk", children: [Entry(title: "Computer World")])
    return Snapshot(sections: [
      SnapshotSection(id: "Jazz", header: "Jazz", items: [miles, coltrane]),
      SnapshotSection(id: "Electronic", header: "Electronic", items: [newOrder, kraftwerk]),
    ])
  }
}
