import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// The code of the README's "Outlines" section draft, verbatim between the
/// `README` markers, and checks of what its comments say.
@Suite struct OutlineReadmeTests {
  @Test func readmeOutlineExample() {
    // README: Outlines
    struct Folder: Identifiable, Equatable {
      var id: String
      var subfolders: [Folder] = []
    }
    let travel = Folder(id: "Travel", subfolders: [Folder(id: "2026")])
    let folders = MutableDataSource<String, Folder>(
      snapshot: Snapshot(id: "mail", items: [Folder(id: "Inbox", subfolders: [travel])]))
    let outline = folders.outlined(children: { $0.subfolders })
    var log: [String] = []
    let token = outline.observe { event in
      guard case .changed(.batch(let b)) = event else { return }
      log.append("+\(b.itemInserts.count) -\(b.itemDeletes.count) ~\(b.itemUpdates.count)")
    }
    outline.expand("Travel")  // not shown yet: remembered, no batch
    outline.expand("Inbox")  // Travel and 2026 inserted after Inbox, Inbox's row updated
    outline.collapse(section: "mail")  // its 3 rows deleted; the section and header stay
    outline.expand(section: "mail")  // the 3 rows back, expanded as they were
    token.cancel()
    // log: ["+2 -0 ~1", "+0 -3 ~0", "+3 -0 ~0"]
    // README: end

    #expect(log == ["+2 -0 ~1", "+0 -3 ~0", "+3 -0 ~0"])
    #expect(outline.snapshot.sections[0].items.map(\.depth) == [0, 1, 2])
    #expect(outline.numberOfSections == 1)
  }
}
