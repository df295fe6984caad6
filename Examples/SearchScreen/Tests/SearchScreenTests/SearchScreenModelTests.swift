import DataSourceGraph
import SearchScreen
import Testing

/// The search screen's graph, driven as a user drives it: typing, scrolling,
/// tapping. Runs on Linux; the UIKit screen over it only typechecks there.
@MainActor
@Suite struct SearchScreenModelTests {
  /// The rows of the screen, by section.
  func rows(_ model: SearchScreenModel) -> [[String]] {
    model.screen.snapshot.sections.map { $0.items.map(\.title) }
  }

  @Test func typingFastShowsOnlyTheNewestTextsRows() async {
    let model = SearchScreenModel(server: SearchServer(delay: 1_000_000), pause: 5_000_000)
    for text in ["p", "pe", "pea"] { model.textChanged(to: text) }
    #expect(rows(model) == [["Search for “pea”"]], "shortcuts at once, the rest loading")
    #expect(model.screen.contentState.kind == .partial)
    await model.results.loaded()
    await model.suggestions.loaded()
    #expect(rows(model) == [["Search for “pea”"], ["Peach", "Pear"], ["Peach", "Pear"]])
    #expect(model.screen.contentState.kind == .content)
    #expect(model.results.pagingState.description == "complete")
  }

  @Test func scrollingToTheEndLoadsTheNextPage() async {
    let model = SearchScreenModel(pause: 0)
    model.textChanged(to: "an")
    await model.results.loaded()
    #expect(model.results.numberOfItems == 3)
    #expect(model.results.pagingState.description == "hasMore")
    let last = model.results.item(at: ItemPath(section: 0, item: 2))
    model.rowAppeared(last)
    #expect(model.results.pagingState.description == "loadingMore")
    await model.results.loaded()
    #expect(
      model.results.snapshot.sections[0].items.map(\.title)
        == ["Banana", "Cranberry", "Mango", "Orange", "Pomegranate"])
    #expect(model.results.pagingState.description == "complete")
  }

  @Test func aTapDoesWhatItsPartSays() async {
    let model = SearchScreenModel(pause: 0)
    model.textChanged(to: "gr")
    await model.suggestions.loaded()
    await model.results.loaded()
    let sections = model.screen.snapshot.sections
    #expect(model.select(sections[0].items[0]) == .search("gr"))
    #expect(model.select(sections[2].items[0]) == .open("Grape"))
    #expect(model.select(sections[1].items[1]) == .complete("Grapefruit"))
    #expect(model.text == "Grapefruit", "a suggestion fills the field and searches it")
    await model.results.loaded()
    #expect(model.results.snapshot.sections[0].items.map(\.title) == ["Grapefruit"])
  }

  @Test func clearingTheFieldEmptiesTheScreen() async {
    let model = SearchScreenModel(pause: 0)
    model.textChanged(to: "lime")
    await model.results.loaded()
    model.textChanged(to: "  ")
    #expect(rows(model).isEmpty)
    #expect(model.results.pagingState.description == "notLoaded")
  }

  @Test func noResultsIsAnEmptyPartNotASpinner() async {
    let model = SearchScreenModel(pause: 0)
    model.textChanged(to: "zzz")
    await model.results.loaded()
    await model.suggestions.loaded()
    #expect(model.results.contentState.kind == .empty)
    #expect(rows(model) == [["Search for “zzz”"]])
  }
}
