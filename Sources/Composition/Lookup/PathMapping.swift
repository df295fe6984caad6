import DataSourceGraphNodes
import DataSourceGraphSections

/// How a combinator maps its positions to its inputs' and back; the
/// look-ups of ``DataSource/leafLocation(at:)`` walk the graph through it.
///
/// Every look-up follows only the inputs the node shows now: a fallback's
/// shown source, a segmented source's selected child, a switch's input
/// while it shows it, every child of a composite, both the base and the
/// spliced source of a splice, the input of any other combinator. So when
/// one leaf is reachable through several inputs (a fallback whose primary
/// and fallback both derive from it), a look-up goes the way the rows on
/// screen came.
///
/// Every mapping node routes a row's events down its chain
/// (`LocationRouting`, with the walk of `DataSource.locationChain(at:)`).
protocol PathMapping: LocationRouting {
  /// The inputs, in order. One source is listed twice when it is an input
  /// twice (a composite with the same child at two indices).
  var mappedInputs: [AnyObject] { get }
  /// The indices in ``mappedInputs`` of the inputs whose items the node
  /// shows now, in order.
  var shownInputs: [Int] { get }
  /// The shown input that holds the item at `path` (a path the node
  /// holds), and its path there; `nil` if no shown input holds it.
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)?
  /// The shown input that holds the section at `index` (a section the
  /// node has), and its index there; `nil` if the section does not come
  /// from one section of a shown input.
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)?
  /// The position in this node of the item at `path` of the input at
  /// `index` in ``mappedInputs`` (one of ``shownInputs``; `path` is inside
  /// that input); `nil` if the node does not show that item.
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath?
}

/// The one input of a unary combinator, always shown.
private let onlyInput = [0]

/// Every child is shown (a disabled switch shows no section itself); the
/// child that holds a section is found by the section counts, so one
/// source that is a child twice is told apart by its index.
extension CompositeDataSource: PathMapping {
  var mappedInputs: [AnyObject] { layout.objects }
  var shownInputs: [Int] { Array(entries.indices) }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    let (c, before) = layout.sectionCounts.locate(path.section)
    let local = ItemPath(section: path.section - before, item: path.item)
    return (child(c), childPath(ofShown: local, inChildAt: c))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? {
    let (c, before) = layout.sectionCounts.locate(index)
    return (child(c), index - before)
  }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    guard entries.indices.contains(index),
      let shown = shownPath(ofChildPath: path, inChildAt: index)
    else { return nil }
    return ItemPath(
      section: layout.sectionCounts.prefixSum(index) + shown.section, item: shown.item)
  }
}

extension FilteredDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  var shownInputs: [Int] { onlyInput }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    (input, bits.inputPath(ofShown: path))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (input, index) }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    index == 0 ? bits.shownPosition(of: path) : nil
  }
}

extension FlattenedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  var shownInputs: [Int] { onlyInput }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    let (s, before) = counts.locate(path.item)
    return (input, ItemPath(section: s, item: path.item - before))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { nil }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    guard index == 0 else { return nil }
    return ItemPath(section: 0, item: counts.prefixSum(path.section) + path.item)
  }
}

extension MappedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  var shownInputs: [Int] { onlyInput }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? { (input, path) }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (input, index) }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    index == 0 ? path : nil
  }
}

extension SortedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  var shownInputs: [Int] { onlyInput }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    (input, inputPath(of: path))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (input, index) }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    guard index == 0 else { return nil }
    return sortedPath(of: path)
  }
}

extension NonEmptySectionsDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  var shownInputs: [Int] { onlyInput }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    (input, ItemPath(section: visible.select(path.section), item: path.item))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? {
    (input, visible.select(index))
  }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    guard index == 0, visible[path.section] else { return nil }
    return ItemPath(section: visible.rank(path.section), item: path.item)
  }
}

/// The input is shown only while the switch shows it.
extension SwitchableDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  var shownInputs: [Int] { showsInput ? onlyInput : [] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    showsInput ? (input, path) : nil
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? {
    showsInput ? (input, index) : nil
  }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    showsInput && index == 0 ? path : nil
  }
}

/// Both inputs are shown: the base (input 0) everywhere, the spliced
/// source (input 1) inside the target section while the base has it,
/// without the items whose identity the base shows.
extension SplicedDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [base, spliced] }
  var shownInputs: [Int] { [0, 1] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    guard path.section == target else { return (base, path) }
    let start = start(in: path.section)
    if path.item < start { return (base, path) }
    if path.item < start + splicedCount {
      return (spliced, splicedPath(ofShown: path.item - start))
    }
    return (base, ItemPath(section: path.section, item: path.item - splicedCount))
  }
  /// The section with the spliced items is the base's: its identity and
  /// supplements come from there.
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (base, index) }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    switch index {
    case 0:
      guard path.section == target, path.item >= start(in: path.section) else { return path }
      return ItemPath(section: path.section, item: path.item + splicedCount)
    case 1:
      guard let target, let shown = shown.shownPosition(of: path) else { return nil }
      return ItemPath(section: target, item: start(in: target) + shown.item)
    default:
      return nil
    }
  }
}
