import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import Testing

/// The example of the DataSourceGraphTesting module page, verbatim.
@Suite struct ModulePageExampleTests {
  struct Mail: Identifiable, Equatable {
    var id: Int
  }

  @Test func aMirrorBehindAValidatorFollowsTheScreen() {
    let inbox = MutableDataSource<String, Mail>(snapshot: Snapshot(id: "inbox", items: []))
    let screen = inbox
    let mail = Mail(id: 1)

    let mirror = MirrorRenderer(for: screen)
    let observation = screen.render(into: ValidatingRenderer(mirror))
    inbox.append([mail], toSection: 0)
    #expect(mirror.snapshot == screen.snapshot)

    #expect(mirror.snapshot.sections.first?.items == [mail])
    observation.cancel()
  }
}
