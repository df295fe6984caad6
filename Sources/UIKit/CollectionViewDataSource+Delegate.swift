// The forwarding of the delegate calls the data source does not route:
// UIKit only, through the Objective-C runtime (`forwardingTarget(for:)`).
#if canImport(UIKit) && !os(watchOS)
  public import UIKit

  extension CollectionViewDataSource {
    /// The app's collection view delegate, which gets every delegate call
    /// the data source does not route (layout, highlighting, scrolling…)
    /// once the data source is the view's delegate; held weakly. The
    /// calls the data source routes do not reach it: set the data
    /// source's ``ListViewDataSource/events`` handlers instead. Set it
    /// before making the data source the view's delegate: UIKit asks
    /// which calls its delegate answers when it is set.
    public var forwardingDelegate: (any UICollectionViewDelegate)? {
      get { routes.forwardingDelegate as? any UICollectionViewDelegate }
      set { routes.forwardingDelegate = newValue }
    }
  }
#endif
