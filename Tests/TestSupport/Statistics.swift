#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// The environment variable that makes the property tests print what they
/// tried (seeds, steps, shapes, refusals), one plain line each: `.ci/run`
/// sets it for the release pass, so CI's log shows what the long runs
/// covered. Unset, `swift test` prints only Swift Testing's lines.
public let statisticsVariable = "DATASOURCEGRAPH_TEST_STATISTICS"

/// Whether the tests print their statistics (see ``statisticsVariable``).
public let printsStatistics: Bool = getenv(statisticsVariable) != nil

/// Prints `line` when the tests print statistics (see
/// ``statisticsVariable``); otherwise does nothing, and `line` is not
/// built.
public func reportStatistics(_ line: @autoclosure () -> String) {
  guard printsStatistics else { return }
  print(line())
}
