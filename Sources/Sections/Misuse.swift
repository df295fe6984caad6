/// Stops the program with `message` when `condition` is false: the check
/// behind the misuses the public API documents (an index out of range, a
/// negative splice index, `follow(_:)` without an actor, …).
///
/// It exists because `precondition(_:_:file:line:)` drops its message in
/// optimized (`-O`) builds: a release build would stop with no word of what
/// went wrong. `fatalError(_:file:line:)` keeps its message under `-O`, so
/// the message naming the index and the count is printed in debug and
/// release builds alike. Unlike `precondition`, the check is also kept under
/// `-Ounchecked`.
///
/// It is `@inlinable` so that callers in other modules of the package pay
/// only for evaluating `condition`; `message` is built only when the check
/// fails.
///
/// - Parameters:
///   - condition: What correct use guarantees.
///   - message: What went wrong, naming the values involved.
///   - file: The file to report; the caller's, by default.
///   - line: The line to report; the caller's, by default.
@inlinable
package func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard condition() else { fatalError(message(), file: file, line: line) }
}
