// The blocks of the article "Showing a node in SwiftUI", section "Long
// lists: a collection view", verbatim. They compile only where UIKit's
// collection views and SwiftUI both exist, as `DataSourceCollectionView`
// does; `SongsScreen` is the README's (ReadmeExampleTests.swift). On Linux
// the tests of `StatePlaceholder` and `SectionSupplementaries` run what the
// view decides, and the UIKit tests run the data source it shows the node
// through.
#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
  import DataSourceGraphSections
  import DataSourceGraphSwiftUI
  import SwiftUI
  import UIKit

  // Article: long lists — begin
  @available(iOS 17, tvOS 17, *)
  struct LongSongsView: View {
    @State private var screen = SongsScreen()

    var body: some View {
      DataSourceCollectionView(screen.model) { song in
        Text(song.title)
      } header: { section in
        Text(section.header ?? "Songs").font(.headline)
      }
      .contentStatePlaceholder(for: screen.model, emptyMessage: "No songs")
      .refreshable { await screen.model.refresh() }
    }
  }

  @available(iOS 17, tvOS 17, *)
  struct PlainSongsView: View {
    @State var screen = SongsScreen()

    var body: some View {
      DataSourceCollectionView(
        screen.model, layout: .list(UICollectionLayoutListConfiguration(appearance: .plain))
      ) { song in
        Text(song.title)
      }
    }
  }
// Article: long lists — end
#endif
