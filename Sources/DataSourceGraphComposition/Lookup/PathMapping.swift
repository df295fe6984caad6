import DataSourceGraphSections

/// How a combinator maps its positions to its inputs' and back; the
/// look-ups of ``DataSource/leafLocation(at:)`` walk the graph through it.
protocol PathMapping: AnyObject {
  /// The inputs, in order.
  var mappedInputs: [AnyObject] { get }
  /// The input that holds the item at `path`, and its path there.
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)
  /// The input that holds the section at `index`, and its index there;
  /// `nil` if the section does not come from one input section.
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)?
  /// The position of `input`'s item at `path` in this node; `nil` if the
  /// node does not show it.
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath?
}

extension CompositeDataSource: PathMapping {
  var mappedInputs: [AnyObject] { entries.map { $0.child as AnyObject } }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) {
    let (c, before) = sectionCounts.locate(path.section)
    return (entries[c].child, ItemPath(section: path.section - before, item: path.item))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? {
    let (c, before) = sectionCounts.locate(index)
    return (entries[c].child, index - before)
  }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    guard let c = entries.firstIndex(where: { $0.child === input }) else { return nil }
    return ItemPath(section: sectionCounts.prefixSum(c) + path.section, item: path.item)
  }
}

extension FilteredDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) {
    (input, ItemPath(section: path.section, item: bits[path.section].select(path.item)))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (input, index) }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    guard input === self.input, bits[path.section][path.item] else { return nil }
    return ItemPath(section: path.section, item: bits[path.section].rank(path.item))
  }
}

extension FlattenedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) {
    let (s, before) = counts.locate(path.item)
    return (input, ItemPath(section: s, item: path.item - before))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { nil }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    guard input === self.input else { return nil }
    return ItemPath(section: 0, item: counts.prefixSum(path.section) + path.item)
  }
}

extension MappedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) { (input, path) }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (input, index) }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    input === self.input ? path : nil
  }
}

extension SortedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) {
    (input, ItemPath(section: path.section, item: order[path.section][path.item]))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (input, index) }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    guard input === self.input else { return nil }
    return ItemPath(section: path.section, item: positions[path.section][path.item])
  }
}

extension NonEmptySectionsDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) {
    (input, ItemPath(section: visible.select(path.section), item: path.item))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? {
    (input, visible.select(index))
  }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    guard input === self.input, visible[path.section] else { return nil }
    return ItemPath(section: visible.rank(path.section), item: path.item)
  }
}

extension SwitchableDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) { (input, path) }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (input, index) }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    showsInput && input === self.input ? path : nil
  }
}

extension SegmentedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { children.map { $0 as AnyObject } }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) { (selected, path) }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (selected, index) }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    input === selected ? path : nil
  }
}

extension FallbackDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [primary, fallback] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) { (shown, path) }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (shown, index) }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    input === shown ? path : nil
  }
}

extension SplicedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [base, spliced] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) {
    guard path.section == target else { return (base, path) }
    let start = start(in: path.section)
    if path.item < start { return (base, path) }
    if path.item < start + splicedCount {
      return (spliced, ItemPath(section: 0, item: path.item - start))
    }
    return (base, ItemPath(section: path.section, item: path.item - splicedCount))
  }
  /// The section with the spliced items is the base's: its identity and
  /// supplements come from there.
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (base, index) }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    if input === base {
      guard path.section == target, path.item >= start(in: path.section) else { return path }
      return ItemPath(section: path.section, item: path.item + splicedCount)
    }
    guard input === spliced, let target else { return nil }
    return ItemPath(section: target, item: start(in: target) + path.item)
  }
}

extension AnyHashableSections: PathMapping {
  var mappedInputs: [AnyObject] { [base] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath) { (base, path) }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (base, index) }
  func outputPath(of path: ItemPath, in input: AnyObject) -> ItemPath? {
    input === base ? path : nil
  }
}
