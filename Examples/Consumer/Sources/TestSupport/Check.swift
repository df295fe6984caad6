/// Stops the program when `condition` is false, in release builds too
/// (unlike `assert`), so a wrong result fails the consumer check.
public func check(_ condition: Bool, _ claim: @autoclosure () -> String) {
  guard condition else { fatalError("check failed: \(claim())") }
  print("ok:", claim())
}
