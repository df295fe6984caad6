#if canImport(UIKit) && canImport(CoreData) && !os(watchOS)
  import CoreData
  import DataSourceGraph
  import DataSourceGraphCoreData
  import DataSourceGraphUIKit
  import UIKit

  /// A contact, stored by Core Data.
  @objc(Contact)
  final class Contact: NSManagedObject {
    @NSManaged var name: String
    @NSManaged var initial: String
    @NSManaged var phone: String

    /// The entity, made in code (an app would use a model file).
    @MainActor static let entity: NSEntityDescription = {
      let entity = NSEntityDescription()
      entity.name = "Contact"
      entity.managedObjectClassName = "Contact"
      entity.properties = ["name", "initial", "phone"].map { key in
        let attribute = NSAttributeDescription()
        attribute.name = key
        attribute.attributeType = .stringAttributeType
        return attribute
      }
      return entity
    }()
  }

  /// The contacts, in sections by initial, searched by name.
  @MainActor
  final class ContactsViewController: UITableViewController, UISearchResultsUpdating {
    private let context: NSManagedObjectContext
    private var feed: FetchedResultsFeed<Contact>?
    private var dataSource: TableViewDataSource<String, FetchedObject<NSManagedObjectID>>?

    init(context: NSManagedObjectContext) {
      self.context = context
      super.init(style: .insetGrouped)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    /// The contacts whose name contains `text` (all of them for ""),
    /// by initial, then name, then phone: every contact has its place, so
    /// the batch fetch and the identities agree.
    static func request(matching text: String) -> NSFetchRequest<Contact> {
      let request = NSFetchRequest<Contact>(entityName: "Contact")
      request.predicate = text.isEmpty ? nil : NSPredicate(format: "name CONTAINS[cd] %@", text)
      request.sortDescriptors = [
        NSSortDescriptor(key: "initial", ascending: true),
        NSSortDescriptor(key: "name", ascending: true),
        NSSortDescriptor(key: "phone", ascending: true),
      ]
      request.fetchBatchSize = 40  // rows are read 40 at a time, as they are shown
      return request
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      title = "Contacts"
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
      let feed = FetchedResultsFeed(
        Self.request(matching: ""), in: context, sectionNameKeyPath: "initial")
      feed.onOutcome = { outcome in
        if case .fellBack(let why) = outcome { print("contacts: store report not used: \(why)") }
      }
      let dataSource = TableViewDataSource(tableView: tableView, source: feed.source) {
        tableView, indexPath, item in
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        let contact = feed.object(for: item)  // reads this contact (and its batch) only
        var content = cell.defaultContentConfiguration()
        content.text = contact.name
        content.secondaryText = contact.phone
        cell.contentConfiguration = content
        return cell
      }
      // An edited contact's row is reconfigured in place (its revision
      // changed), never reloaded.
      let search = UISearchController(searchResultsController: nil)
      search.searchResultsUpdater = self
      navigationItem.searchController = search
      self.feed = feed
      self.dataSource = dataSource
    }

    /// A new search is a new load: the old fetch is dropped, and the rows
    /// animate from the old results to the new ones.
    func updateSearchResults(for searchController: UISearchController) {
      feed?.fetch(Self.request(matching: searchController.searchBar.text ?? ""))
    }

    /// Adds a contact: the controller reports it, and it slides into its
    /// section (a new section if it is the first of its initial).
    func add(name: String, phone: String) throws {
      let contact = Contact(entity: Contact.entity, insertInto: context)
      contact.name = name
      contact.initial = String(name.prefix(1)).uppercased()
      contact.phone = phone
      try context.obtainPermanentIDs(for: [contact])  // the identity the leaf keeps
      try context.save()
    }
  }

  /// The store: an in-memory container over the model made in code.
  @MainActor
  func makeContactsScreen() -> ContactsViewController {
    let model = NSManagedObjectModel()
    model.entities = [Contact.entity]
    let container = NSPersistentContainer(name: "Contacts", managedObjectModel: model)
    let store = NSPersistentStoreDescription()
    store.type = NSInMemoryStoreType
    container.persistentStoreDescriptions = [store]
    container.loadPersistentStores { _, error in
      if let error { print("contacts: no store: \(error)") }
    }
    return ContactsViewController(context: container.viewContext)
  }
#endif
