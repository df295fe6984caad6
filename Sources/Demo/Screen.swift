/// What the demo shows at one moment: a heading for the part of the story,
/// and a list drawn by a `TextListRenderer`.
@MainActor protocol Screen: AnyObject {
  /// The line above the caption, naming the screen.
  var heading: String { get }
  /// The list as the text renderer draws it now.
  func frame() -> String
  /// Whether a spinner is showing, so the player should animate it.
  var isAnimating: Bool { get }
  /// Advances the spinner by one step.
  func advanceSpinner()
}
