import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// The README's code prints what it shows; the tests here check those
/// values themselves, so its output stays out of the test log.
private func print(_ items: Any..., separator: String = " ") {}

// The README's "Loading" section: each code block verbatim between its
// markers, inside the test that runs it. Every block carries its own
// stand-ins (Color, ColorAPI, Message, Server), so each is a scope of its own.

@MainActor
@Suite struct LoadingReadmeTests {
  @Test func callbackStyle() async {
    // README: callback style — begin
    struct Color: Identifiable, Equatable, Sendable {
      var id: String
      var hex: String
    }

    /// Your network client; this stand-in answers on the main actor, later.
    struct ColorAPI: Sendable {
      var result: Result<[Color], any Error>

      func fetchColors(completion: @escaping @MainActor (Result<[Color], any Error>) -> Void) {
        Task { @MainActor in completion(result) }
      }
    }

    @MainActor
    func loadColors(into source: MutableDataSource<String, Color>, from api: ColorAPI) {
      source.load { token in
        api.fetchColors { result in  // calls back on the main actor
          switch result {
          case .success(let colors): token.succeed(with: Snapshot(id: "colors", items: colors))
          case .failure(let error): token.fail(error)
          }
        }
      }
    }
    // README: callback style — end

    let colors = [Color(id: "red", hex: "#f00"), Color(id: "teal", hex: "#088")]
    let source = MutableDataSource<String, Color>()
    loadColors(into: source, from: ColorAPI(result: .success(colors)))
    #expect(source.contentState.kind == .loading)
    await source.loaded()
    #expect(source.contentState.kind == .content && source.numberOfItems == 2)
    loadColors(into: source, from: ColorAPI(result: .failure(LoadFailure(name: "offline"))))
    #expect(source.contentState.kind == .refreshing)
    await source.loaded()
    #expect(source.contentState.kind == .contentWithFailure && source.numberOfItems == 2)
  }

  @Test func asyncStyle() async {
    // README: async style — begin
    struct Color: Identifiable, Equatable, Sendable {
      var id: String
      var hex: String
    }

    /// Your network client, with an `async` API; this stand-in answers at once.
    struct ColorAPI: Sendable {
      var result: Result<[Color], any Error>

      func colors() async throws -> [Color] { try result.get() }
    }

    @MainActor
    func refreshColors(_ source: MutableDataSource<String, Color>, from api: ColorAPI) async {
      let outcome = await source.load { try await Snapshot(id: "colors", items: api.colors()) }
      print(outcome)  // loaded, failed(…), obsolete or cancelled
    }
    // README: async style — end

    let colors = [Color(id: "red", hex: "#f00"), Color(id: "teal", hex: "#088")]
    let source = MutableDataSource<String, Color>()
    await refreshColors(source, from: ColorAPI(result: .success(colors)))
    #expect(source.contentState.kind == .content)
    await refreshColors(source, from: ColorAPI(result: .success([])))
    #expect(source.contentState.kind == .empty)
    await refreshColors(source, from: ColorAPI(result: .failure(LoadFailure(name: "offline"))))
    #expect(source.contentState.kind == .error)
  }

  @Test func aGraphOnAnotherActor() async {
    // README: a graph on an actor — begin
    struct Message: Identifiable, Equatable, Sendable {
      var id: Int
      var subject: String
    }

    /// Your server; this stand-in answers at once.
    struct Server: Sendable {
      var inbox: [Message]

      func messages() async throws -> [Message] { inbox }
    }

    actor Inbox {
      let messages = MutableDataSource<String, Message>()

      func refresh(from server: Server) async {
        await messages.load { try await Snapshot(id: "inbox", items: server.messages()) }
      }

      var state: ContentState { messages.contentState }
    }
    // README: a graph on an actor — end

    let inbox = Inbox()
    #expect(await inbox.state.kind == .initial)
    await inbox.refresh(from: Server(inbox: [Message(id: 1, subject: "Hello")]))
    #expect(await inbox.state.kind == .content)
    await inbox.refresh(from: Server(inbox: []))
    #expect(await inbox.state.kind == .empty)
  }
}
