public import Testing

/// Runs a property test's cases one after another inside one test, so that
/// `swift test` prints a line for the test rather than one for every seed.
///
/// Swift Testing prints each case of `@Test(arguments:)` as it starts, which
/// made the suite's output thousands of lines long. A test that runs its
/// seeds through ``forEachSeed(_:isolation:_:)`` carries the ``Trait/namesTheSeed``
/// trait, which adds the seed to every issue recorded while the seed runs:
/// a failure still names the seed that replays it.
///
/// ```swift
/// @Test(.namesTheSeed)
/// func diffsApply() async { await forEachSeed(1...40, diffsApply(seed:)) }
///
/// func diffsApply(seed: UInt64) { … }
/// ```
public func forEachSeed<Seeds: Sequence>(
  _ seeds: Seeds, isolation: isolated (any Actor)? = #isolation,
  _ body: (Seeds.Element) async throws -> Void
) async rethrows {
  for seed in seeds {
    try await RunningSeed.$description.withValue("seed \(seed)") { try await body(seed) }
    // Lets the actor's other tests run between seeds: a long run of seeds
    // on the main actor would otherwise hold it for the whole run.
    await Task.yield()
  }
}

/// The seed running inside ``forEachSeed(_:isolation:_:)``, as the issues of the test
/// will name it.
enum RunningSeed {
  @TaskLocal static var description: String?
}

extension Trait where Self == IssueHandlingTrait {
  /// Adds the running seed (``forEachSeed(_:isolation:_:)``) to each issue the test
  /// records, once.
  public static var namesTheSeed: Self {
    .compactMapIssues { issue in
      guard let seed = RunningSeed.description,
        !issue.comments.contains(where: { $0.rawValue == seed })
      else { return issue }
      var issue = issue
      issue.comments.append(Comment(rawValue: seed))
      return issue
    }
  }
}
