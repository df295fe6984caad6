public import Foundation

/// The closure an action runs, given the action.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// An action that runs a closure: given to a control for an event, or to a
/// button as its primary action.
@MainActor
open class UIAction: NSObject {
  /// The title shown for the action.
  open var title: String
  /// The action's identifier; a control keeps one action per identifier.
  public let identifier: Identifier
  /// The control that sent the action, while its handler runs.
  public internal(set) var sender: Any?
  /// The closure the action runs.
  let handler: UIActionHandler

  /// The identifier of an action.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    /// The identifier's text.
    public let rawValue: String
    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - title: The title shown for the action.
  ///   - identifier: The identifier; a unique one when `nil`.
  ///   - handler: The closure to run when the action is performed.
  public init(
    title: String = "", identifier: Identifier? = nil, handler: @escaping UIActionHandler
  ) {
    self.title = title
    self.identifier = identifier ?? Identifier(UUID().uuidString)
    self.handler = handler
    super.init()
  }
}

/// A view that turns touches into events, and events into actions.
@MainActor
open class UIControl: UIView {
  /// Whether the control takes touches.
  open var isEnabled = true
  /// The actions registered, with their events, in the order added.
  private var actions: [(action: UIAction, events: Event)] = []

  /// The events a control sends.
  public struct Event: OptionSet, Hashable, Sendable {
    /// The raw bits, as in UIKit.
    public let rawValue: UInt
    /// Creates a set of events from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A touch went up inside the control: a tap.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// The control's primary action fired (a button: a tap).
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
  }

  /// The state of a control, used to pick a title or an image.
  public struct State: OptionSet, Hashable, Sendable {
    /// The raw bits, as in UIKit.
    public let rawValue: UInt
    /// Creates a state from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The normal state.
    public static let normal = State([])
    /// Disabled.
    public static let disabled = State(rawValue: 1 << 1)
    /// Selected.
    public static let selected = State(rawValue: 1 << 2)
  }

  /// The control's state, from `isEnabled`.
  open var state: State {
    var state: State = .normal
    if !isEnabled { state.insert(.disabled) }
    return state
  }

  /// Registers `action` for `controlEvents`. An action with the same
  /// identifier already registered is replaced, as in UIKit.
  open func addAction(_ action: UIAction, for controlEvents: Event) {
    if let index = actions.firstIndex(where: { $0.action.identifier == action.identifier }) {
      let events = actions[index].events.union(controlEvents)
      actions[index] = (action, events)
    } else {
      actions.append((action, controlEvents))
    }
  }

  /// Stops sending `controlEvents` to `action`.
  open func removeAction(_ action: UIAction, for controlEvents: Event) {
    for index in actions.indices where actions[index].action.identifier == action.identifier {
      actions[index].events.subtract(controlEvents)
    }
    actions.removeAll { $0.events.isEmpty }
  }

  /// Runs, in the order they were added, the actions registered for any of
  /// `controlEvents`; tests use it to simulate a user's touch.
  open func sendActions(for controlEvents: Event) {
    let due = actions.filter { !$0.events.intersection(controlEvents).isEmpty }
    for entry in due {
      entry.action.sender = self
      entry.action.handler(entry.action)
      entry.action.sender = nil
    }
  }

  /// Simulates a tap as UIKit delivers one (stand-in only): when the
  /// control is enabled, sends `.touchUpInside` and `.primaryActionTriggered`.
  package func standInTap() {
    guard isEnabled else { return }
    sendActions(for: [.touchUpInside, .primaryActionTriggered])
  }
}

/// A button: a control with a title per state and, optionally, a primary
/// action run on every tap.
@MainActor
open class UIButton: UIControl {
  /// The kind of button.
  public let buttonType: ButtonType
  /// The titles set per state.
  private var titles: [State: String] = [:]
  /// The label showing the current title.
  public let titleLabel: UILabel? = UILabel()

  /// Kinds of buttons.
  public enum ButtonType: Int, Sendable {
    /// A button drawn by the app.
    case custom = 0
    /// A standard system button.
    case system = 1
    /// A detail disclosure button.
    case detailDisclosure = 2
    /// An information button on a light background.
    case infoLight = 3
    /// An information button on a dark background.
    case infoDark = 4
    /// An add-contact button.
    case contactAdd = 5
    /// A plain button.
    case plain = 6
    /// A close button.
    case close = 7
  }

  /// Creates a button of `buttonType`.
  public init(type buttonType: ButtonType) {
    self.buttonType = buttonType
    super.init(frame: .zero)
  }

  /// Creates a button of `buttonType` that runs `primaryAction` on every
  /// tap; its title becomes the button's title for the normal state.
  public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
    self.init(type: buttonType)
    if let primaryAction {
      if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
      addAction(primaryAction, for: .primaryActionTriggered)
    }
  }

  /// Creates a custom button with the given frame.
  public override convenience init(frame: CGRect) {
    self.init(type: .custom)
    self.frame = frame
  }

  /// Creating a button from an archive is not supported: this initializer
  /// fails.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Sets the title for `state`.
  open func setTitle(_ title: String?, for state: State) {
    titles[state] = title
    titleLabel?.text = currentTitle
  }

  /// The title for `state`, or the normal title when none was set for it.
  open func title(for state: State) -> String? {
    titles[state] ?? titles[.normal]
  }

  /// The title for the button's current state.
  open var currentTitle: String? { title(for: state) }
}
