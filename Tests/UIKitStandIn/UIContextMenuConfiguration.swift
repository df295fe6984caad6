public import Foundation

/// What a context menu shows: in UIKit a preview and a menu. The stand-in
/// keeps the identifier; a test compares configurations by identity.
@MainActor
open class UIContextMenuConfiguration: NSObject {
  /// The identifier given at creation.
  public let identifier: any NSCopying

  /// A configuration with `identifier` (a unique one if `nil`). The
  /// stand-in takes only `nil` for the providers (it has no view
  /// controllers or menus): pass `nil` for both.
  public init(
    identifier: (any NSCopying)?, previewProvider: (() -> AnyObject?)?,
    actionProvider: (([AnyObject]) -> AnyObject?)?
  ) {
    self.identifier = identifier ?? NSUUID()
    super.init()
  }
}
