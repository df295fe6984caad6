// The UIKit that the UIKit layer (DataSourceGraphUIKit) is written against,
// chosen in one place: Apple's UIKit where it has table and collection views
// (iOS, tvOS, visionOS, Mac Catalyst); on the platforms with no UIKit, the
// test-only stand-in that the layer's Linux tests drive. The layer's files
// import this module instead of each repeating the choice. The layer never
// re-exports it, so an app that imports DataSourceGraphUIKit sees no name
// from here.
#if canImport(UIKit) && !os(watchOS)
  @_exported public import UIKit
#elseif canImport(UIKitStandIn)
  @_exported public import UIKitStandIn
#endif
