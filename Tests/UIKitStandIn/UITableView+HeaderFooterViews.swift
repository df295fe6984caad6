public import Foundation

/// The view of a table section's header or footer.
///
/// A table view shows one for a section whose data source gives a title
/// (with the title in its text label, as UIKit's own header does), or the
/// one its delegate gives. Like UIKit, the stand-in makes it anew when the
/// section is made anew (loaded, inserted or reloaded) and keeps it
/// otherwise, so a test tells a header reconfigured in place (same view,
/// new content) from a reloaded one (a new view).
@MainActor
open class UITableViewHeaderFooterView: UIView {
  /// The identifier the view was registered and dequeued with.
  public let reuseIdentifier: String?
  /// The view that holds the content.
  public let contentView = UIView()
  /// The content shown, when set with a configuration.
  open var contentConfiguration: (any UIContentConfiguration)?
  /// The text label (made on first use, as in UIKit).
  open var textLabel: UILabel? {
    if storedTextLabel == nil { storedTextLabel = UILabel() }
    return storedTextLabel
  }
  private var storedTextLabel: UILabel?

  /// Creates a view for `reuseIdentifier`.
  public init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    addSubview(contentView)
  }

  /// Creating a view from an archive is not supported: this initializer
  /// fails.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Creates a view for `reuseIdentifier`: how a table view makes one of a
  /// registered class (stand-in only).
  public required convenience init(standInReuseIdentifier: String?) {
    self.init(reuseIdentifier: standInReuseIdentifier)
  }

  /// The default list configuration, with no content.
  open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

  /// The text the view shows: its configuration's if it has one, else its
  /// text label's (stand-in only).
  package var shownText: String? {
    (contentConfiguration as? UIListContentConfiguration)?.text ?? storedTextLabel?.text
  }
}

extension UITableView {
  /// Registers `viewClass` (a `UITableViewHeaderFooterView` subclass) for
  /// `identifier`; `nil` unregisters.
  public func register(
    _ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String
  ) {
    headerFooterClasses[identifier] = viewClass
  }

  /// A new header or footer view of the class registered for `identifier`,
  /// or `nil` when none is (the stand-in does not pool these views).
  public func dequeueReusableHeaderFooterView(withIdentifier identifier: String)
    -> UITableViewHeaderFooterView?
  {
    guard let viewClass = headerFooterClasses[identifier] as? UITableViewHeaderFooterView.Type
    else { return nil }
    core.dequeues.append(
      DequeueRecord(reuseIdentifier: identifier, indexPath: nil, outcome: .created))
    return viewClass.init(standInReuseIdentifier: identifier)
  }

  /// The header view of `section` if the section is in view and its
  /// header is a `UITableViewHeaderFooterView`, as in UIKit (`nil` out of
  /// view).
  public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    realizeHeaderFooterViews()
    guard let sections = core.sections, sections.indices.contains(section) else { return nil }
    return sections[section].headerView as? UITableViewHeaderFooterView
  }

  /// The footer view of `section` if the section is in view and its
  /// footer is a `UITableViewHeaderFooterView`, as in UIKit (`nil` out of
  /// view).
  public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    realizeHeaderFooterViews()
    guard let sections = core.sections, sections.indices.contains(section) else { return nil }
    return sections[section].footerView as? UITableViewHeaderFooterView
  }

  /// The frame of `section` (its header, rows and footer) in content
  /// coordinates; `.zero` for a section the table does not have.
  public func rect(forSection section: Int) -> CGRect {
    core.ensureLoaded()
    guard let layout = core.currentLayout, layout.sections.indices.contains(section) else {
      return .zero
    }
    let span = layout.sections[section]
    return CGRect(x: 0, y: span.top, width: bounds.width, height: span.bottom - span.top)
  }

  /// Brings the header and footer views in line with what is in view, as
  /// UIKit's layout pass does: a section that left the visible area loses
  /// them (UIKit recycles them), and one that came into view gets them
  /// anew, from its delegate or its data source's titles, configured for
  /// what the data source shows now. `headerView(forSection:)`,
  /// `footerView(forSection:)` and the inspection accessors run it (they
  /// count as a layout pass).
  ///
  /// - Complexity: O(*s*) for *s* sections, plus the views made.
  func realizeHeaderFooterViews() {
    core.ensureLoaded()
    guard var sections = core.sections, let layout = core.currentLayout,
      layout.sections.count == sections.count
    else { return }
    let top = contentOffset.y
    let bottom = top + bounds.height
    var changed = false
    for index in sections.indices {
      let span = layout.sections[index]
      let inView = span.top < bottom && span.bottom > top
      guard inView != sections[index].headerFooterViewsInView else { continue }
      changed = true
      sections[index].headerView?.removeFromSuperview()
      sections[index].footerView?.removeFromSuperview()
      sections[index].headerView = nil
      sections[index].footerView = nil
      sections[index].headerFooterViewsInView = inView
      guard inView, let dataSource else { continue }
      core.questions.append(.titleForHeader(inSection: index))
      let headerTitle = dataSource.tableView(self, titleForHeaderInSection: index)
      core.questions.append(.titleForFooter(inSection: index))
      let footerTitle = dataSource.tableView(self, titleForFooterInSection: index)
      sections[index].headerView = headerFooterView(
        isHeader: true, section: index, title: headerTitle)
      sections[index].footerView = headerFooterView(
        isHeader: false, section: index, title: footerTitle)
      for view in [sections[index].headerView, sections[index].footerView].compactMap({ $0 }) {
        addSubview(view)
      }
    }
    if changed { core.sections = sections }
  }

  /// The header or footer view of a section being made: the delegate's,
  /// else one showing `title`, else none.
  func headerFooterView(isHeader: Bool, section: Int, title: String?) -> UIView? {
    if let delegate {
      core.questions.append(
        isHeader ? .viewForHeader(inSection: section) : .viewForFooter(inSection: section))
      let custom =
        isHeader
        ? delegate.tableView(self, viewForHeaderInSection: section)
        : delegate.tableView(self, viewForFooterInSection: section)
      if let custom { return custom }
    }
    guard let title else { return nil }
    let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
    view.textLabel?.text = title
    return view
  }
}

extension UITableView {
  /// The header view shown for each section, if any: `nil` for a section
  /// out of view (stand-in only).
  package var shownHeaderViews: [UIView?] {
    realizeHeaderFooterViews()
    return (core.sections ?? []).map(\.headerView)
  }

  /// The text each section's header view shows (stand-in only).
  package var shownHeaderTexts: [String?] {
    shownHeaderViews.map { ($0 as? UITableViewHeaderFooterView)?.shownText }
  }

  /// The text each section's footer view shows (stand-in only).
  package var shownFooterTexts: [String?] {
    realizeHeaderFooterViews()
    return (core.sections ?? []).map { ($0.footerView as? UITableViewHeaderFooterView)?.shownText }
  }
}
