import Foundation
import ViewModelKit

/// A screen opened in this session, with what the session tracks about it.
@MainActor
final class OpenScreen {
    let host: any ScreenHosting
    /// The same host when it is a class hosted as written, with what that kind adds; looked up once.
    let asWritten: (any AsWrittenHosting)?
    /// The real view model, when it loads; looked up once, as every command asks.
    let loader: (any ScreenLoader)?
    /// Its watch is deferred until the batch of lines is handled.
    var needsWatch = false
    /// Its state changed since its last state line.
    var isDirty = false
    /// The request whose load produces this screen's pushed state lines.
    var pushTag: RequestTag?
    /// The shown state as a value, kept until it may have changed, so checks do not re-encode it.
    private var cachedState: JSONValue?
    /// The shown state as the last reply's snapshot wrote it, kept as long as ``cachedState`` would
    /// be: the checks after a reply read the state from it instead of writing it again.
    private var renderedState: [UInt8]?
    /// Changes whenever the shown state may have changed, and differs between screens: what was
    /// checked at one version need not be checked again at it.
    private(set) var stateVersion: UInt64
    /// The last ``stateVersion`` given out, by any screen.
    private static var lastVersion: UInt64 = 0
    /// The dependencies its factory wrapped, their stubs and calls.
    let dependencies: DependencyTable
    /// The outputs it declares, in order, each with the values sent (the newest ``outputLimit`` to
    /// twice that) and how many older ones were dropped.
    private(set) var outputs: [(name: String, values: [JSONValue], dropped: Int)] = []
    /// How many values of one output `@outputs` keeps.
    static var outputLimit: Int { 1000 }

    init(host: any ScreenHosting, dependencies: DependencyTable) {
        self.host = host
        self.asWritten = host as? any AsWrittenHosting
        self.loader = host.loader
        self.dependencies = dependencies
        outputs = asWritten?.outputSchemas().map { ($0.name, [], 0) } ?? []
        Self.lastVersion += 1
        stateVersion = Self.lastVersion
    }

    var name: String { host.name }

    /// Whether the real view model has a load (or other work) in flight.
    var isLoading: Bool { loader?.isLoading ?? false }

    /// How many pieces of work the real view model has in flight.
    var workCount: Int { loader?.workCount ?? 0 }

    /// The shown state, encoded, with which view model shows it. `keepingBytes` for a command's
    /// reply: the checks that follow it, before anything else can run, read the state from these
    /// bytes. A push's snapshot keeps nothing: a load may change the state again before a check
    /// reads it, unseen until the screen's watch is armed.
    func snapshot(keepingBytes: Bool = false) throws(ReplError) -> StateSnapshot {
        let json = try host.encodedState()
        if keepingBytes { renderedState = json }
        return StateSnapshot(screen: host.name, model: host.kind, isLoading: isLoading, json: json)
    }

    /// The shown state as a value, for checks and `mock FIELD=VALUE`.
    func stateValue() throws(ReplError) -> JSONValue {
        if let cachedState { return cachedState }
        let value: JSONValue
        if let renderedState {
            value = try type(of: host).parsedState(renderedState)
        } else {
            value = try host.stateValue()
        }
        cachedState = value
        return value
    }

    /// Keeps a value `name` sent, for `@outputs`.
    func noteOutput(_ name: String, _ value: JSONValue) {
        guard let index = outputs.firstIndex(where: { $0.name == name }) else {
            outputs.append((name, [value], 0))
            return
        }
        // Up to twice the limit is kept, and the oldest limit's worth dropped at once (constant
        // time per value); `@outputs` shows the newest ``outputLimit`` of them, never fewer.
        if outputs[index].values.count == 2 * Self.outputLimit {
            outputs[index].values.removeFirst(Self.outputLimit)
            outputs[index].dropped += Self.outputLimit
        }
        outputs[index].values.append(value)
    }

    /// What a path looks into: the state, or `@events` (what the preview recorded), `@model`
    /// (which view model is shown), `@calls` or `@outputs` (what the view model sent), `@result` (what
    /// its last action returned), each under its own name.
    func root(for path: StatePath) throws(ReplError) -> JSONValue {
        switch path.components.first {
        case .key("@outputs"):
            // `@outputs.NAME.count` counts every value sent, the list holds the newest.
            if path.components.count == 3, case .key(let name) = path.components[1], case .key("count") = path.components[2],
                let log = outputs.first(where: { $0.name == name })
            {
                return .object([("@outputs", .object([(name, .object([("count", .int(log.dropped + log.values.count))]))]))])
            }
            return .object([("@outputs", .object(outputs.map { ($0.name, JSONValue.array(Array($0.values.suffix(Self.outputLimit)))) }))])
        // What the last action that returned something returned; missing before any did.
        case .key("@result"): return .object(asWritten?.latestResult.map { [("@result", $0)] } ?? [])
        case .key("@events"): return .object([("@events", .array(host.recordedEvents()))])
        case .key("@model"): return .object([("@model", .string(host.kind.rawValue))])
        case .key("@calls"):
            // `@calls.NAME.count` counts every call, `.dropped` the oldest no longer kept; the list holds the newest.
            if path.components.count == 3, case .key(let name) = path.components[1], case .key(let member) = path.components[2],
                member == "count" || member == "dropped", let log = try? dependencies.calls(of: name)
            {
                let counts: JSONValue = .object([("count", .int(log.dropped + log.calls.count)), ("dropped", .int(log.dropped))])
                return .object([("@calls", .object([(name, counts)]))])
            }
            let calls = dependencies.allCalls().map { ($0.name, JSONValue.array($0.calls.map(\.json))) }
            return .object([("@calls", .object(calls))])
        default:
            let state = try stateValue()
            // A path through a shared object's or a cycle's mark reads the object it stands for.
            guard IdentifiedState.meetsMark(path, in: state), let value = asWritten?.identifiedValue(at: path) else { return state }
            return Self.rooted(value, at: path)
        }
    }

    /// A root in which `path` leads to `value`, and nothing else is.
    private static func rooted(_ value: JSONValue, at path: StatePath) -> JSONValue {
        var current = value
        for component in path.components.reversed() {
            switch component {
            case .key(let key): current = .object([(key, current)])
            case .index(let index) where index >= 0: current = .array(Array(repeating: .null, count: index) + [current])
            case .index(let index): current = .array([current] + Array(repeating: .null, count: -index - 1))
            }
        }
        return current
    }

    /// Forgets the kept state value: a command or a load may have changed what is shown.
    func stateMayHaveChanged() {
        cachedState = nil
        renderedState = nil
        Self.lastVersion += 1
        stateVersion = Self.lastVersion
    }
}
