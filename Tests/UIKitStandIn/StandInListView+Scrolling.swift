public import Foundation

/// Where a scroll to a row puts it in the visible window.
enum ListScrollPlace {
  /// At the top, the middle or the bottom of the window.
  case top, middle, bottom
  /// Only as far as needed to show it whole (nothing if it is already).
  case nearest
}

extension StandInListView {
  /// Scrolls so that the row at `section` and `row` is at `place` in the
  /// visible window, as far as the content allows (the offset stays
  /// within the content and its insets); nothing for a row the view does
  /// not have. The offset changes at once, animated or not, telling the
  /// delegate (`scrollViewDidScroll`, then the display calls).
  func scroll(toSection section: Int, row: Int, at place: ListScrollPlace) {
    guard let frame = rowFrame(section: section, row: row) else { return }
    let height = bounds.height
    let top = contentOffset.y
    var target: CGFloat
    switch place {
    case .top: target = frame.minY
    case .middle: target = frame.midY - height / 2
    case .bottom: target = frame.maxY - height
    case .nearest:
      if frame.minY < top {
        target = frame.minY
      } else if frame.maxY > top + height {
        target = frame.maxY - height
      } else {
        return
      }
    }
    let insets = adjustedContentInset
    let highest = max(-insets.top, contentSize.height + insets.bottom - height)
    target = min(max(target, -insets.top), highest)
    contentOffset = CGPoint(x: contentOffset.x, y: target)
  }
}

extension UITableView {
  /// Scrolls so that the row at `indexPath` is at `scrollPosition` in the
  /// visible window (`.none`: only as far as needed to show it), as far as
  /// the content allows. Stand-in: at once, animated or not.
  public func scrollToRow(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    let place: ListScrollPlace =
      switch scrollPosition {
      case .top: .top
      case .middle: .middle
      case .bottom: .bottom
      case .none: .nearest
      }
    scroll(toSection: indexPath.section, row: indexPath.row, at: place)
  }
}

extension UICollectionView {
  /// Scrolls so that the item at `indexPath` is at `scrollPosition` in the
  /// visible window (vertical positions only; none: as far as needed to
  /// show it), as far as the content allows. Stand-in: at once, animated
  /// or not.
  public func scrollToItem(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    let place: ListScrollPlace =
      if scrollPosition.contains(.top) {
        .top
      } else if scrollPosition.contains(.centeredVertically) {
        .middle
      } else if scrollPosition.contains(.bottom) {
        .bottom
      } else {
        .nearest
      }
    scroll(toSection: indexPath.section, row: indexPath.item, at: place)
  }
}
