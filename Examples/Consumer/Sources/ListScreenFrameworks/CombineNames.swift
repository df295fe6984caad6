// The public top-level type names of Combine, as names only: empty enums, no
// API. Taken from OpenCombine 0.14.0 (`Sources/OpenCombine`), which mirrors
// Combine's public API under the same names.

public enum AnyCancellable {}
public enum AnyPublisher {}
public enum AnySubscriber {}
public enum AsyncPublisher {}
public enum AsyncThrowingPublisher {}
public enum Cancellable {}
public enum CombineIdentifier {}
public enum ConnectablePublisher {}
public enum CurrentValueSubject {}
public enum CustomCombineIdentifierConvertible {}
public enum Deferred {}
public enum Empty {}
public enum Fail {}
public enum Future {}
public enum ImmediateScheduler {}
public enum Just {}
public enum ObservableObject {}
public enum ObservableObjectPublisher {}
public enum PassthroughSubject {}
public enum Published {}
public enum Publisher {}
public enum Publishers {}
public enum Record {}
public enum Scheduler {}
public enum SchedulerTimeIntervalConvertible {}
public enum Subject {}
public enum Subscriber {}
public enum Subscribers {}
public enum Subscription {}
public enum Subscriptions {}
public enum TopLevelDecoder {}
public enum TopLevelEncoder {}
