import Observation
import Synchronization
import Testing

@testable import ViewModelREPL

/// A view model whose child points back at it, as an owner or a delegate does.
@MainActor
private final class Owner {
    var name = "a"
    let child = Child()
    init() { child.owner = self }
}

@MainActor
private final class Child {
    weak var owner: Owner?
}

/// A view model guarding a count with a `Mutex`, and an `Atomic`.
@MainActor
private final class Guarded {
    let lock = Mutex(3)
    let hits = Atomic(0)
    var count = 1
}

/// A client of a getter and a setter, shaped as a `Binding` made with `get:` and `set:` is.
private struct Client {
    let get: () -> Int
    let set: (Int) -> Void
}

/// An `@Observable` class holding a constant the view shows and a dependency, and tracking a
/// client (stored as `_client`, as a wrapper's storage is: it is no wrapper here).
@MainActor
@Observable
private final class Place {
    var visits = 0
    var client = Client(get: { 1 }, set: { _ in })
    let region = "GB"
    let service = Child()
}

/// A wrapper that keeps its value.
@propertyWrapper
private struct Kept<Value> {
    var wrappedValue: Value
}

/// Properties named with raw identifiers, one behind a wrapper.
@MainActor
private final class RawNames {
    var `raw name` = 1
    @Kept var `raw kept` = 2
}

/// What a screen hosted as written shows of its own view model.
@MainActor
@Suite struct ReflectedStateTests {
    private func state<Model: AnyObject>(of model: Model, constants: Set<String> = []) throws -> String {
        let screen = ReflectedScreen(
            name: "s", catalog: EventCatalog(events: []), make: { model }, fields: nil, constants: constants, actions: [], bindings: [],
            isOnVirtualTime: true)
        return JSONWriter.string(try screen.stateValue())
    }

    @Test func aFieldPointingBackAtTheViewModelIsACycle() throws {
        #expect(try state(of: Owner()) == #"{"child":{"owner":"<cycle: Owner>"},"name":"a"}"#)
    }

    /// The runtime gives a `~Copyable` property's type as `()`: it is named as such, not `null`.
    @Test func aMutexOrAtomicOfTheViewModelIsNamed() throws {
        #expect(try state(of: Guarded()) == #"{"count":1,"hits":"<~Copyable>","lock":"<~Copyable>"}"#)
    }

    /// The runtime keeps a raw identifier's backquotes in its field names, and makes its spaces
    /// no-break ones: it is shown as written.
    @Test func rawIdentifiersShowAsTheirNames() throws {
        let shown = try state(of: RawNames())
        #expect(shown == #"{"raw kept":2,"raw name":1}"#, "\(shown)")
    }

    @Test func anObservableClassShowsTheConstantsNamed() throws {
        #expect(try state(of: Place()) == #"{"client":{},"visits":0}"#)
        #expect(try state(of: Place(), constants: ["region"]) == #"{"client":{},"region":"GB","visits":0}"#)
    }
}
