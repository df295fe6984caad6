import DataSourceGraphSections

/// A value that belongs to a node's isolation domain, carried through a
/// task that only hands it back to that domain (see ``NodeActor``).
///
/// `@unchecked Sendable` because the compiler cannot see the round trip:
/// the value is made on the node's actor, travels inside a task that never
/// touches it, and is used again only on that actor, by
/// ``NodeActor``. Nothing else in the library may unwrap it.
struct Confined<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }
}
