// The umbrella product: `import DataSourceGraph` brings the whole library,
// as in the README's first example. This target depends on DataSourceGraph
// and no other product of the library.
import DataSourceGraph
import TestSupport  // check(_:_:), which stops on a wrong result in release too

struct Track: Identifiable, Equatable {
  var id: String
  var title: String
}

struct Offline: Error, CustomStringConvertible {
  var description: String { "The network is offline." }
}

// Two parts that load independently, composed and drawn as text.
let favourites = MutableDataSource<String, Track>()
let recent = MutableDataSource<String, Track>()
let screen = CompositeDataSource(favourites, recent).removingEmptySections()
let renderer = TextListRenderer<CompositeSectionID, Track>(style: .plain) { $0.title }
renderer.title = "Music"
let mirror = ValidatingRenderer(MirrorRenderer<CompositeSectionID, Track>())
let observations = [screen.render(into: renderer), screen.render(into: mirror)]

favourites.load { token in
  token.succeed(
    with: Snapshot(id: "favourites", header: "Favourites", items: [Track(id: "a", title: "Blue")]))
}
recent.load { token in token.fail(Offline()) }
print(renderer.frame())
check(screen.contentState.kind == .partial, "one part loaded, one failed: partial")
check(renderer.frame().contains("Blue"), "the loaded part is drawn")
check(renderer.frame().contains("The network is offline."), "the failure is shown")

recent.load { token in
  token.succeed(
    with: Snapshot(id: "recent", header: "Recent", items: [Track(id: "b", title: "Green")]))
}
check(screen.contentState.kind == .content, "both parts loaded: content")
check(screen.numberOfSections == 2 && screen.numberOfItems == 2, "two sections, two tracks")
check(mirror.base.snapshot == screen.snapshot && mirror.failures.isEmpty, "every batch was valid")

// The diff engine and the batch types come with the umbrella too.
check(
  [3, 1, 2].identityDifference(from: [1, 2, 3]).moves == [IdentityDifference.Move(from: 2, to: 0)],
  "diff")
for observation in observations { observation.cancel() }
