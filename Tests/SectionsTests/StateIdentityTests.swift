import DataSourceGraphSections
import Testing

/// ``ContentState/isSameState(as:)`` compares errors by structure:
/// dynamic type, then child by child for a
/// ``ContentState/ChildFailureList``, identity for a class, `==` for an
/// `Equatable` error, else the description.
@Suite struct StateIdentityTests {
  /// A failure that reads "offline".
  struct NetworkError: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  /// Another failure that reads "offline" too.
  struct CacheError: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  /// An `Equatable` failure whose `==` reads the code only, while its text
  /// also shows a detail.
  struct Coded: Error, Equatable, CustomStringConvertible {
    var code: Int
    var detail = ""
    var description: String { "code \(code) \(detail)" }
    static func == (a: Coded, b: Coded) -> Bool { a.code == b.code }
  }

  /// A class failure whose text can change.
  final class Failure: Error, CustomStringConvertible, @unchecked Sendable {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
  }

  /// A combinator's error: the failures of its children.
  struct Failures: ContentState.ChildFailureList, CustomStringConvertible {
    var childFailures: [(child: Int, name: String?, error: any Error)]
    /// The errors alone, as a one-failure aggregate reads.
    var description: String { childFailures.map { "\($0.error)" }.joined(separator: "; ") }
  }

  static func same(_ a: any Error, _ b: any Error) -> Bool {
    ContentState.error(a).isSameState(as: .error(b))
  }

  @Test func theCaseMustMatch() {
    #expect(
      !ContentState.error(NetworkError()).isSameState(as: .contentWithFailure(NetworkError())))
    #expect(
      ContentState.contentWithFailure(NetworkError()).isSameState(
        as: .contentWithFailure(NetworkError())))
    #expect(
      !ContentState.contentWithFailure(NetworkError()).isSameState(
        as: .contentWithFailure(CacheError())))
    #expect(!ContentState.error(NetworkError()).isSameState(as: .empty))
    for kind in [ContentState.initial, .loading, .refreshing, .content, .empty] {
      #expect(kind.isSameState(as: kind))
    }
  }

  /// Errors of different types differ even when they read the same.
  @Test func errorsOfAnotherTypeDiffer() {
    #expect(Self.same(NetworkError(), NetworkError()))
    #expect(!Self.same(NetworkError(), CacheError()))
    #expect(!Self.same(Coded(code: 1), Failure("code 1 ")))
  }

  /// An `Equatable` error compares with `==`, not by its text.
  @Test func equatableErrorsCompareWithEquals() {
    #expect(Self.same(Coded(code: 1), Coded(code: 1)))
    #expect(Self.same(Coded(code: 1, detail: "a"), Coded(code: 1, detail: "b")))
    #expect(!Self.same(Coded(code: 1), Coded(code: 2)))
  }

  /// The same instance of a class is the same error, whatever it reads
  /// now; another instance compares by its text.
  @Test func aClassErrorIsTheSameInstance() {
    let failure = Failure("offline")
    let before = ContentState.error(failure)
    failure.message = "timeout"
    #expect(before.isSameState(as: .error(failure)))
    #expect(Self.same(Failure("offline"), Failure("offline")))
    #expect(!Self.same(Failure("offline"), Failure("timeout")))
  }

  /// Any other error compares by its text, so one re-announced is the same.
  @Test func otherErrorsCompareByText() {
    struct Plain: Error { var reason: String }
    #expect(Self.same(Plain(reason: "a"), Plain(reason: "a")))
    #expect(!Self.same(Plain(reason: "a"), Plain(reason: "b")))
  }

  /// A list of child failures compares child by child: index, name and
  /// error, even when the text is the same.
  @Test func childFailuresCompareChildByChild() {
    let offline = Failures(childFailures: [(1, "Archive", NetworkError())])
    #expect(Self.same(offline, Failures(childFailures: [(1, "Archive", NetworkError())])))
    // Another child, another name, another error: the text reads the same.
    let moved = Failures(childFailures: [(0, "Archive", NetworkError())])
    let renamed = Failures(childFailures: [(1, nil, NetworkError())])
    let other = Failures(childFailures: [(1, "Archive", CacheError())])
    for changed in [moved, renamed, other] {
      #expect("\(changed)" == "\(offline)")
      #expect(!Self.same(offline, changed))
      #expect(
        !ContentState.contentWithFailure(offline).isSameState(as: .contentWithFailure(changed)))
    }
    #expect(
      !Self.same(
        offline, Failures(childFailures: offline.childFailures + [(2, nil, Coded(code: 1))])))
    // Nested lists compare all the way down; `Equatable` errors with `==`.
    let nested = Failures(childFailures: [
      (0, nil, Failures(childFailures: [(3, nil, Coded(code: 1))]))
    ])
    let same = Failures(childFailures: [
      (0, nil, Failures(childFailures: [(3, nil, Coded(code: 1, detail: "x"))]))
    ])
    let deeper = Failures(childFailures: [
      (0, nil, Failures(childFailures: [(2, nil, Coded(code: 1))]))
    ])
    #expect(Self.same(nested, same))
    #expect(!Self.same(nested, deeper))
  }

  /// A partial state's failed parts compare their errors the same way.
  @Test func partialReasonsCompareErrorsByStructure() {
    let network = ContentState.Partial.Reason.failed(NetworkError())
    #expect(network.isSame(as: .failed(NetworkError())))
    #expect(!network.isSame(as: .failed(CacheError())))
    #expect(!network.isSame(as: .pending))
    #expect(
      ContentState.Partial.Reason.failed(Coded(code: 1)).isSame(
        as: .failed(Coded(code: 1, detail: "x"))))
    let a = ContentState.Partial(missing: [.init(child: 1, reason: network)])
    let b = ContentState.Partial(missing: [.init(child: 1, reason: .failed(CacheError()))])
    #expect("\(a)" == "\(b)")
    #expect(!ContentState.partial(a).isSameState(as: .partial(b)))
    #expect(ContentState.partial(a).isSameState(as: .partial(a)))
  }
}
