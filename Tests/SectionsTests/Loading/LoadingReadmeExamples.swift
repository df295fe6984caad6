import DataSourceGraphSections
import Testing

// The README's "Loading" section, verbatim between the markers, compiled and
// run by `LoadingReadmeTests`. The stand-ins the examples need (Color,
// ColorAPI, Server, Message) follow the section.

// README: begin
struct Color: Identifiable, Equatable, Sendable {
  var id: String
  var hex: String
}

// Callback style (PJFDataSource's): the token says whether this load is
// still current, and is how the loader answers.
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

// async style: the fetch runs anywhere; its answer is applied on the
// caller's actor, only if this load is still the newest.
@MainActor
func refreshColors(_ source: MutableDataSource<String, Color>, from api: ColorAPI) async {
  let outcome = await source.load { try await Snapshot(id: "colors", items: api.colors()) }
  print(outcome)  // loaded, failed(…), obsolete or cancelled
}

// A graph can live on any actor, not only the main one.
actor Inbox {
  let messages = MutableDataSource<String, Message>()

  func refresh(from server: Server) async {
    await messages.load { try await Snapshot(id: "inbox", items: server.messages()) }
  }

  var state: ContentState { messages.contentState }
}
// README: end

/// A message of the inbox example.
struct Message: Identifiable, Equatable, Sendable {
  var id: Int
  var subject: String
}

/// The color service of the examples: answers from a list, or fails.
final class ColorAPI: Sendable {
  let answer: Result<[Color], LoadFailure>

  init(answer: Result<[Color], LoadFailure>) { self.answer = answer }

  /// A callback API that calls back on the main actor, later.
  func fetchColors(completion: @escaping @MainActor (Result<[Color], any Error>) -> Void) {
    let answer = answer
    Task { @MainActor in completion(answer.mapError { $0 }) }
  }

  /// The same as an `async` function.
  func colors() async throws -> [Color] { try answer.get() }
}

/// The inbox's server.
struct Server: Sendable {
  var inbox: [Message]
  func messages() async throws -> [Message] { inbox }
}

@MainActor
@Suite struct LoadingReadmeTests {
  static let colors = [Color(id: "red", hex: "#f00"), Color(id: "teal", hex: "#088")]

  @Test func callbackStyle() async {
    let source = MutableDataSource<String, Color>()
    loadColors(into: source, from: ColorAPI(answer: .success(Self.colors)))
    #expect(source.contentState.kind == .loading)
    await source.loaded()
    #expect(source.contentState.kind == .content && source.numberOfItems == 2)
    loadColors(into: source, from: ColorAPI(answer: .failure(LoadFailure(name: "offline"))))
    #expect(source.contentState.kind == .refreshing)
    await source.loaded()
    #expect(source.contentState.kind == .contentWithFailure && source.numberOfItems == 2)
  }

  @Test func asyncStyle() async {
    let source = MutableDataSource<String, Color>()
    await refreshColors(source, from: ColorAPI(answer: .success(Self.colors)))
    #expect(source.contentState.kind == .content)
    await refreshColors(source, from: ColorAPI(answer: .success([])))
    #expect(source.contentState.kind == .empty)
    await refreshColors(source, from: ColorAPI(answer: .failure(LoadFailure(name: "offline"))))
    #expect(source.contentState.kind == .error)
  }

  @Test func aGraphOnAnotherActor() async {
    let inbox = Inbox()
    #expect(await inbox.state.kind == .initial)
    await inbox.refresh(from: Server(inbox: [Message(id: 1, subject: "Hello")]))
    #expect(await inbox.state.kind == .content)
    await inbox.refresh(from: Server(inbox: []))
    #expect(await inbox.state.kind == .empty)
  }
}
