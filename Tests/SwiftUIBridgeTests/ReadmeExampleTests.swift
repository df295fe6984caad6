import DataSourceGraphComposition
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import Testing

// The model part of the README's "SwiftUI" block, verbatim between the
// markers (the README imports the umbrella `DataSourceGraph` instead of the
// modules; its SwiftUI view compiles only on Apple platforms and is not
// here).

// README: SwiftUI model — begin
struct Song: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var isHidden = false
}

/// A screen's graph, and the model SwiftUI reads: the model owns the graph.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class SongsScreen {
  let library = MutableDataSource<String, Song>(name: "Library")
  let model: DataSourceModel<String, Song>

  init() {
    model = DataSourceModel(library.filter { !$0.isHidden })
    library.load { token in
      token.succeed(
        with: Snapshot(
          id: "songs", header: "Songs",
          items: [Song(id: 1, title: "Blue"), Song(id: 2, title: "Demo", isHidden: true)]))
    }
  }
}
// README: SwiftUI model — end

@MainActor
@Suite struct ReadmeExampleTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theModelOfTheReadmeShowsTheVisibleSongs() {
    let screen = SongsScreen()
    #expect(screen.model.state.kind == .content)
    #expect(screen.model.sections.map(\.header) == ["Songs"])
    #expect(screen.model.items == [Song(id: 1, title: "Blue")])
    _ = screen.library.update(Song(id: 2, title: "Demo"))
    #expect(screen.model.items.map(\.title) == ["Blue", "Demo"])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theScreenAndItsGraphGoAwayTogether() {
    weak var weakModel: DataSourceModel<String, Song>?
    weak var weakLibrary: MutableDataSource<String, Song>?
    do {
      let screen = SongsScreen()
      weakModel = screen.model
      weakLibrary = screen.library
    }
    #expect(weakModel == nil)
    #expect(weakLibrary == nil)
  }
}
