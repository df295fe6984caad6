// Where UIKit cannot be imported, the module is built on the UIKit stand-in
// and re-exports it, so a file that imports DataSourceGraphUIKit sees the
// stand-in's `UITableView` and friends as it would see UIKit's (its own
// `import UIKit` then compiles only on Apple platforms).
#if !canImport(UIKit) || os(watchOS)
  @_exported public import UIKitStandIn
#endif
