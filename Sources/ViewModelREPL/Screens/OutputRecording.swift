/// An object that records a view model's outputs (a delegate conformance that calls an
/// ``OutputSender``): a state that holds it shows its type, not its fields.
public protocol OutputRecording: AnyObject {}
