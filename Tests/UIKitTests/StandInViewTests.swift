// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import Testing
  import UIKitStandIn

  /// The plain views: tree, layout, controls, spinner, labels, index paths.
  @Suite @MainActor struct StandInViewTests {
    @Test func indexPathsHaveRowsItemsAndSections() {
      var path = IndexPath(row: 3, section: 1)
      #expect(path.row == 3 && path.item == 3 && path.section == 1)
      path.item = 5
      path.section = 2
      #expect(path == IndexPath(item: 5, section: 2))
    }

    @Test func aViewIsInAWindowThroughItsAncestors() {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let parent = UIView()
      let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      parent.addSubview(child)
      #expect(child.window == nil)
      window.addSubview(parent)
      #expect(child.window === window && child.superview === parent)
      parent.removeFromSuperview()
      #expect(child.window == nil && window.subviews.isEmpty)
    }

    @Test func layoutRunsWhenNeededAndAutoresizes() {
      final class Counting: UIView {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
      }
      let view = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let fill = UIView(frame: view.bounds)
      fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.addSubview(fill)
      view.layoutIfNeeded()
      view.layoutIfNeeded()
      #expect(view.layouts == 1)
      view.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
      #expect(fill.frame.size == CGSize(width: 200, height: 50))
      view.layoutIfNeeded()
      #expect(view.layouts == 2)
    }

    @Test func controlsRunTheirActions() {
      var taps: [String] = []
      let button = UIButton(
        type: .system, primaryAction: UIAction(title: "Retry") { _ in taps.append("primary") })
      let extra = UIAction { action in taps.append("extra \(action.sender != nil)") }
      button.addAction(extra, for: .touchUpInside)
      #expect(button.title(for: .normal) == "Retry" && button.currentTitle == "Retry")
      button.sendActions(for: .touchUpInside)
      #expect(taps == ["extra true"])
      button.standInTap()
      // In the order added: the primary action first.
      #expect(taps == ["extra true", "primary", "extra true"])
      button.removeAction(extra, for: .touchUpInside)
      button.isEnabled = false
      button.standInTap()
      #expect(taps.count == 3)
      button.setTitle("Disabled", for: .disabled)
      #expect(button.currentTitle == "Disabled")
    }

    @Test func aSpinnerHidesWhenStopped() {
      let spinner = UIActivityIndicatorView(style: .large)
      #expect(spinner.isHidden && !spinner.isAnimating)
      spinner.startAnimating()
      #expect(!spinner.isHidden && spinner.isAnimating)
      spinner.stopAnimating()
      #expect(spinner.isHidden)
      spinner.hidesWhenStopped = false
      spinner.isHidden = false
      spinner.stopAnimating()
      #expect(!spinner.isHidden)
    }

    @Test func labelsAndCellsKeepTheirContent() {
      let label = UILabel()
      label.font = .preferredFont(forTextStyle: .footnote)
      label.adjustsFontForContentSizeCategory = true
      label.textAlignment = .center
      label.numberOfLines = 0
      #expect(label.font.textStyle == .footnote && label.font.pointSize == 13)
      let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "x")
      #expect(cell.detailTextLabel != nil)
      #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
      var content = cell.defaultContentConfiguration()
      content.text = "Title"
      content.secondaryText = "Subtitle"
      cell.contentConfiguration = content
      #expect(
        (cell.contentConfiguration as? UIListContentConfiguration)?.secondaryText == "Subtitle")
    }
  }
#endif
