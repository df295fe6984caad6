public import Foundation

/// What assistive technologies are told and asked: whether VoiceOver runs,
/// the element it has focused, and the notifications an app posts.
///
/// The stand-in's VoiceOver is driven by tests through `StandInVoiceOver`
/// (stand-in only): off unless a test turns it on.
public enum UIAccessibility {
  /// A notification an app posts to assistive technologies.
  public struct Notification: Hashable, Sendable, RawRepresentable {
    /// The raw value.
    public let rawValue: UInt32
    /// Creates a notification from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// A new screen appeared; VoiceOver focuses the argument (a view or
    /// an element), if any.
    public static let screenChanged = Notification(rawValue: 1000)
    /// The layout of the screen changed; VoiceOver focuses the argument (a
    /// view or an element), if any.
    public static let layoutChanged = Notification(rawValue: 1001)
    /// VoiceOver speaks the argument, a string.
    public static let announcement = Notification(rawValue: 1008)
  }

  /// An assistive technology, as `focusedElement(using:)` names it.
  public struct AssistiveTechnologyIdentifier: Hashable, Sendable, RawRepresentable {
    /// The raw value.
    public let rawValue: String
    /// Creates an identifier from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// VoiceOver.
    public static let notificationVoiceOver = AssistiveTechnologyIdentifier(
      rawValue: "UIAccessibilityNotificationVoiceOverIdentifier")
    /// Switch Control.
    public static let notificationSwitchControl = AssistiveTechnologyIdentifier(
      rawValue: "UIAccessibilityNotificationSwitchControlIdentifier")
  }

  /// Whether VoiceOver is running.
  @MainActor public static var isVoiceOverRunning: Bool { StandInVoiceOver.isRunning }

  /// The element the assistive technology has focused (`nil`: all of
  /// them): a view or a `UIAccessibilityElement`, or `nil` when none is
  /// focused or the technology is not running. An element that left the
  /// screen (in no window) is not focused.
  @MainActor
  public static func focusedElement(using identifier: AssistiveTechnologyIdentifier?) -> Any? {
    guard StandInVoiceOver.isRunning, identifier == nil || identifier == .notificationVoiceOver,
      let element = StandInVoiceOver.focused, StandInVoiceOver.hostView(of: element)?.window != nil
    else { return nil }
    return element
  }

  /// Posts `notification` with `argument`: VoiceOver, when it runs,
  /// focuses the view or element given with `layoutChanged` or
  /// `screenChanged` (if it is on screen). Every post is recorded (stand-in:
  /// `StandInVoiceOver.posted`).
  @MainActor
  public static func post(notification: Notification, argument: Any?) {
    StandInVoiceOver.posted.append(.init(notification: notification, argument: argument))
    guard StandInVoiceOver.isRunning,
      notification == .layoutChanged || notification == .screenChanged,
      let element = argument as AnyObject?, StandInVoiceOver.hostView(of: element)?.window != nil
    else { return }
    StandInVoiceOver.focused = element
  }
}

/// An accessibility element that is not a view (for example a part of a
/// cell that draws several), inside a container: a view or another element.
@MainActor
open class UIAccessibilityElement: NSObject {
  /// The view or element that contains this one; held weakly.
  open weak var accessibilityContainer: AnyObject?

  /// Creates an element inside `container`.
  public init(accessibilityContainer container: Any) {
    accessibilityContainer = container as AnyObject
    super.init()
  }
}

/// VoiceOver as the tests drive it (stand-in only): whether it runs, what
/// it has focused, and what the app posted. It is process-wide, as UIKit's
/// is: turn it on only inside `run(_:)`, from synchronous code on the main
/// actor, so no other test sees it.
@MainActor
package enum StandInVoiceOver {
  /// A notification posted, with its argument.
  package struct Post {
    package var notification: UIAccessibility.Notification
    package var argument: Any?
  }

  /// Whether VoiceOver runs.
  package private(set) static var isRunning = false
  /// The element focused, if any.
  fileprivate(set) static var focused: AnyObject?
  /// Every notification posted, in order.
  package internal(set) static var posted: [Post] = []

  /// Runs `body` with VoiceOver on, nothing focused and nothing posted;
  /// turns it off and forgets both afterwards.
  package static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    isRunning = true
    focused = nil
    posted = []
    defer {
      isRunning = false
      focused = nil
      posted = []
    }
    return try body()
  }

  /// Moves VoiceOver's focus to `element` (a view or an element), as a
  /// user's swipe or touch does.
  package static func focus(_ element: AnyObject?) {
    focused = element
  }

  /// The announcements posted, in order.
  package static var announcements: [String] {
    posted.filter { $0.notification == .announcement }.compactMap { $0.argument as? String }
  }

  /// The view `element` is shown in: itself for a view, else the view its
  /// chain of containers leads to.
  static func hostView(of element: AnyObject) -> UIView? {
    var current: AnyObject? = element
    while let next = current {
      if let view = next as? UIView { return view }
      current = (next as? UIAccessibilityElement)?.accessibilityContainer
    }
    return nil
  }

  /// VoiceOver loses its focus when the focused element's view is `view`,
  /// or inside it, and `view` leaves the screen (the list view recycled it).
  static func viewLeft(_ view: UIView) {
    guard let element = focused else { return }
    var current = hostView(of: element)
    while let next = current {
      if next === view {
        focused = nil
        return
      }
      current = next.superview
    }
  }
}
