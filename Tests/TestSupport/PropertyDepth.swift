/// How deep the random property tests go in each of CI's passes: the one
/// place that chooses, so each test states its debug and release depths on
/// one line each.
///
/// - Debug builds run the debug depth: quick enough for every `swift test`.
/// - Release builds run the release depth: `.ci/run`'s release pass is the
///   one that runs the deep property runs, with many seeds and long runs.
/// - The sanitizer passes (`.ci/run` builds them with the compile condition
///   `DATASOURCEGRAPH_SANITIZER_PASS`, in a debug build) run a quarter of
///   the debug seeds and cases, rounded up and at least one, each as long as
///   in debug. The thread and address sanitizers look for data races and
///   memory errors, which a few seeds reach as well as many; under them the
///   tests run several times slower, and the seeds' search for wrong
///   results is the release pass's work.
///
/// ```swift
/// static let seeds = PropertyDepth.seeds(debug: 1...20, release: 1...200)
/// static let steps = PropertyDepth.steps(debug: 40, release: 300)
/// ```
public enum PropertyDepth {
  /// The seeds to run: `release` in a release build, `debug` in a debug
  /// build, and the first quarter of `debug` (rounded up, at least one) in a
  /// sanitizer pass.
  public static func seeds(debug: ClosedRange<UInt64>, release: ClosedRange<UInt64>) -> [UInt64] {
    #if DATASOURCEGRAPH_SANITIZER_PASS
      Array(debug.prefix(quarter(of: debug.count)))
    #elseif DEBUG
      Array(debug)
    #else
      Array(release)
    #endif
  }

  /// The seeds to run, as a range: `release` in a release build, `debug` in
  /// a debug build, and the first quarter of `debug` (rounded up, at least
  /// one) in a sanitizer pass.
  public static func seeds(debug: Range<UInt64>, release: Range<UInt64>) -> Range<UInt64> {
    #if DATASOURCEGRAPH_SANITIZER_PASS
      debug.lowerBound..<(debug.lowerBound + UInt64(quarter(of: debug.count)))
    #elseif DEBUG
      debug
    #else
      release
    #endif
  }

  /// A number of independent cases or rounds (a test's seeds when it counts
  /// them, its random cases): `release` in a release build, `debug` in a
  /// debug build, and a quarter of `debug` (rounded up, at least one) in a
  /// sanitizer pass.
  public static func count(debug: Int, release: Int) -> Int {
    #if DATASOURCEGRAPH_SANITIZER_PASS
      quarter(of: debug)
    #elseif DEBUG
      debug
    #else
      release
    #endif
  }

  /// How long each seed runs (its steps, pairs, chains, rounds): `release`
  /// in a release build, and `debug` in a debug build and in a sanitizer
  /// pass, whose seeds are fewer but each as long as in debug.
  public static func steps(debug: Int, release: Int) -> Int {
    #if DEBUG || DATASOURCEGRAPH_SANITIZER_PASS
      debug
    #else
      release
    #endif
  }

  /// Whether the seeds run deep enough for a test to expect every outcome
  /// it tallies (every refusal reason, every shape): in debug and release
  /// builds, not in a sanitizer pass, whose quarter of the seeds may miss a
  /// rare one. A test checks its coverage under `if PropertyDepth.coversEveryOutcome`.
  public static var coversEveryOutcome: Bool {
    #if DATASOURCEGRAPH_SANITIZER_PASS
      false
    #else
      true
    #endif
  }

  /// A quarter of `count`, rounded up, and at least one when `count` is.
  private static func quarter(of count: Int) -> Int { count > 0 ? (count + 3) / 4 : count }
}
