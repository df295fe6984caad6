import DataSourceGraphComposition
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import Testing

// The README's "SwiftUI" block, verbatim between the markers (the README
// imports the umbrella `DataSourceGraph` instead of the modules). Its
// SwiftUI view compiles only where SwiftUI exists, as in the README; the
// tests below run the model part.

// README: SwiftUI — begin
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
#if canImport(SwiftUI)
  import SwiftUI

  /// Sections of rows, a spinner, "No songs" or the error with a Retry
  /// button, and pull to refresh.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct SongsView: View {
    @State private var screen = SongsScreen()

    var body: some View {
      List {
        DataSourceSections(screen.model) { song in Text(song.title) }
      }
      .contentStatePlaceholder(for: screen.model, emptyMessage: "No songs")
      .refreshable { await screen.model.refresh() }
    }
  }
#endif
// README: SwiftUI — end

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
