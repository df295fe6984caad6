// The combinators: this target depends on the product
// DataSourceGraphComposition and no other product of the library (its
// snapshots and leaves come with it, from DataSourceGraphSections).
import DataSourceGraphComposition
import DataSourceGraphSections
import TestSupport  // check(_:_:), which stops on a wrong result in release too

struct Post: Identifiable, Equatable {
  var id: Int
  var title: String
  var isHidden = false
  var likes = 0
}

let pinned = MutableDataSource(
  snapshot: Snapshot(id: "pinned", items: [Post(id: 1, title: "Welcome")]))
let feed = MutableDataSource(
  snapshot: Snapshot(
    id: "feed",
    items: [
      Post(id: 2, title: "Hello", likes: 3),
      Post(id: 3, title: "Spam", isHidden: true),
      Post(id: 4, title: "World", likes: 5),
    ]))

// Both sources, without hidden posts, in one section, most liked first.
let screen = CompositeDataSource(pinned, feed)
  .filter { !$0.isHidden }
  .joined()
  .sorted { $0.likes > $1.likes }
let mirror = MirrorRenderer<Int, Post>()
let observation = screen.render(into: mirror)

check(screen.snapshot.allItems.map(\.title) == ["World", "Hello", "Welcome"], "filtered, sorted")
feed.append([Post(id: 5, title: "New", likes: 4)], toSection: 0)
feed.update(Post(id: 2, title: "Hello", likes: 9))
feed.update(Post(id: 4, title: "World", isHidden: true, likes: 5))
check(
  screen.snapshot.allItems.map(\.title) == ["Hello", "New", "Welcome"],
  "updates reorder and filter the screen")
check(mirror.snapshot == screen.snapshot && mirror.failures.isEmpty, "every batch applied")
check(screen.contentState.kind == .content, "the aggregate state is content")

// A switchable part and a segmented pair.
let optional = feed.switched(isEnabled: false)
check(optional.numberOfItems == 0, "a disabled source shows nothing")
optional.isEnabled = true
check(optional.numberOfItems == 4, "an enabled source shows its input")
let tabs = SegmentedDataSource(pinned, feed)
tabs.selectedIndex = 1
check(tabs.numberOfItems == 4, "the second segment is shown")
observation.cancel()
