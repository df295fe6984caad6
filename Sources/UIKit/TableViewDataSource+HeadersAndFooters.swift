#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphUIKitPlatform

  extension TableViewDataSource {
    /// Configures `view` as the header of the section at `section`, from
    /// the section shown: with ``headerViewConfigurator`` if it is set, else
    /// by showing the header title (``headerTitleProvider``) in it.
    ///
    /// Call it from your table view delegate for a header view you dequeue,
    /// so a header that appears and one refreshed in place are configured
    /// by the same code:
    ///
    /// ```swift
    /// func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
    ///   let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
    ///   if let view { dataSource.configureHeaderView(view, forSection: section) }
    ///   return view
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - view: The header view.
    ///   - section: The index of the section, in what the view shows.
    public func configureHeaderView(_ view: UITableViewHeaderFooterView, forSection section: Int) {
      guard let shown = self.section(at: section) else { return }
      if let headerViewConfigurator {
        headerViewConfigurator(view, shown, section)
      } else {
        Self.show(headerTitleProvider(shown, section), in: view)
      }
    }

    /// Configures `view` as the footer of the section at `section`, from
    /// the section shown: with ``footerViewConfigurator`` if it is set, else
    /// by showing the footer title (``footerTitleProvider``) in it.
    ///
    /// - Parameters:
    ///   - view: The footer view.
    ///   - section: The index of the section, in what the view shows.
    public func configureFooterView(_ view: UITableViewHeaderFooterView, forSection section: Int) {
      guard let shown = self.section(at: section) else { return }
      if let footerViewConfigurator {
        footerViewConfigurator(view, shown, section)
      } else {
        Self.show(footerTitleProvider(shown, section), in: view)
      }
    }

    /// Configures again the visible header and footer views of `sections`
    /// (indices in what the view shows), in place; a section whose header
    /// is not visible has nothing to configure: its view is configured when
    /// it appears.
    ///
    /// - Returns: The sections whose title header or footer appears or
    ///   disappears (no view of yours configures it, and its title became
    ///   `nil` or stopped being `nil`): only a reload adds or removes a
    ///   table's title header, and lays the section out again.
    /// - Complexity: O(*k*) views for *k* sections.
    func reconfigureHeadersAndFooters(ofSections sections: [Int]) -> [Int] {
      guard let tableView = displayedTableView else { return [] }
      var reloads: [Int] = []
      for section in sections {
        guard let shown = self.section(at: section) else { continue }
        if let before = renderer.sectionsBeforeSupplementUpdate[section] {
          func appears(_ title: SectionTitleProvider) -> Bool {
            (title(before, section) == nil) != (title(shown, section) == nil)
          }
          if headerViewConfigurator == nil && appears(headerTitleProvider)
            || footerViewConfigurator == nil && appears(footerTitleProvider)
          {
            reloads.append(section)
            continue
          }
        }
        if let header = tableView.headerView(forSection: section) {
          configureHeaderView(header, forSection: section)
        }
        if let footer = tableView.footerView(forSection: section) {
          configureFooterView(footer, forSection: section)
        }
      }
      return reloads
    }

    /// Shows `title` in `view`: in its list content configuration if it has
    /// one, else in its text label (the table view's own title headers).
    static func show(_ title: String?, in view: UITableViewHeaderFooterView) {
      if var content = view.contentConfiguration as? UIListContentConfiguration {
        content.text = title
        view.contentConfiguration = content
      } else {
        view.textLabel?.text = title
      }
      view.setNeedsLayout()
    }
  }
#endif
