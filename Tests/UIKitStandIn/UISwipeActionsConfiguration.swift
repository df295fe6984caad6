public import Foundation

/// An action shown when the user swipes a row.
@MainActor
open class UIContextualAction: NSObject {
  /// Styles of actions.
  public enum Style: Int, Sendable {
    /// A plain action.
    case normal = 0
    /// A destructive action (red).
    case destructive = 1
  }

  /// Runs the action: the action, the view it was shown in, and a
  /// completion to call with whether it was performed.
  public typealias Handler =
    @MainActor (UIContextualAction, UIView, @escaping (Bool) -> Void) ->
    Void

  /// The style.
  public let style: Style
  /// The title shown.
  open var title: String?
  /// Runs the action.
  public let handler: Handler

  /// An action of `style` titled `title` that runs `handler`.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
    super.init()
  }
}

/// The actions shown when the user swipes a row from one edge.
@MainActor
open class UISwipeActionsConfiguration: NSObject {
  /// The actions, from the edge inwards.
  public let actions: [UIContextualAction]
  /// Whether a full swipe performs the first action (default `true`).
  open var performsFirstActionWithFullSwipe = true

  /// A configuration of `actions`, from the edge inwards.
  public init(actions: [UIContextualAction]) {
    self.actions = actions
    super.init()
  }
}
