// A leaf source and its loading, through the product DataSourceGraphNodes
// (which brings DataSourceGraphSections' values), and renderers from
// DataSourceGraphTesting, as an app's tests would use them.
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import TestSupport  // check(_:_:), which stops on a wrong result in release too

struct Fruit: Identifiable, Equatable, CustomStringConvertible {
  var id: Int
  var name: String
  var description: String { name }
}

let old = Snapshot(
  id: "fruit",
  items: [Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Pear"), Fruit(id: 3, name: "Plum")])
let new = Snapshot(
  id: "fruit",
  items: [Fruit(id: 2, name: "Pear"), Fruit(id: 3, name: "Plum"), Fruit(id: 1, name: "Apple!")])

// A leaf: every edit arrives as its exact batch; renderers stay in step.
let source = MutableDataSource(
  sections: [
    SnapshotSection(id: "fruit", header: "Fruit", items: old.allItems),
    SnapshotSection(id: "nuts", header: "Nuts", items: []),
  ])
let mirror = MirrorRenderer<String, Fruit>()
let text = TextListRenderer<String, Fruit>(style: .plain)
var counts: [Int] = []
let observations = [
  source.render(into: mirror),
  source.render(into: text),
  source.observe { event in
    if case .changed(.batch(let batch)) = event { counts.append(batch.count) }
  },
]
source.append([Fruit(id: 4, name: "Almond")], toSection: 1)
source.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
source.replace(with: new)
check(counts.count == 3 && counts[0] == 1 && counts[1] == 1, "one batch per edit")
check(mirror.snapshot == source.snapshot && mirror.failures.isEmpty, "the mirror saw every change")
check(text.frame().contains("Apple!"), "the text renderer draws the content")
print(text.frame())

// Loading: a callback loader, its state, and a stale answer ignored.
let loading = MutableDataSource<String, Fruit>()
var late: LoadToken<String, Fruit>?
loading.load { token in late = token }
check(loading.contentState.kind == .loading, "loading")
loading.load { token in token.succeed(with: old) }
check(loading.contentState.kind == .content && loading.numberOfItems == 3, "loaded")
check(late?.succeed(with: new) == false, "a stale answer is ignored")
check(loading.snapshot == old, "the content stays the newest answer's")
for observation in observations { observation.cancel() }
