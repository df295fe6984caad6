// The forwarding of the delegate calls the data source does not route:
// UIKit only, through the Objective-C runtime (`forwardingTarget(for:)`).
#if canImport(UIKit) && !os(watchOS)
  public import UIKit

  extension TableViewDataSource {
    /// The app's table view delegate, which gets every delegate call the
    /// data source does not route (heights, highlighting, editing,
    /// scrolling…) once the data source is the table's delegate; held
    /// weakly. The calls the data source routes do not reach it: set the
    /// data source's ``ListViewDataSource/events`` handlers instead.
    /// Set it before making the data source the table's delegate: UIKit
    /// asks which calls its delegate answers when it is set.
    ///
    /// ```swift
    /// dataSource.forwardingDelegate = self  // heights, scrolling…
    /// tableView.delegate = dataSource
    /// ```
    public var forwardingDelegate: (any UITableViewDelegate)? {
      get { routes.forwardingDelegate as? any UITableViewDelegate }
      set { routes.forwardingDelegate = newValue }
    }
  }
#endif
