import Foundation
import Observation
import ViewModelKit

/// A screen hosting any `@MainActor` class as written: its state read by reflection (or chosen key
/// paths), its behaviour as actions, its bindings written by `write`, and the work its actions start
/// tracked by the session.
///
/// Nothing is asked of the class's own code, so its changes are found by comparing what it shows:
/// after each command, at each step of virtual time and turn of a wait, when a piece of its work
/// ends, and (on real time, while work runs) every ``realTimePollInterval``. Where the class says
/// when it changes (see ``ModelObservation``), it is also heard at once: a change no command or
/// tracked work made (a `Task.detached`, a timer) is pushed as it happens.
@MainActor
final class ReflectedScreen<Model: AnyObject>: AsWrittenHosting, ScreenLoader {
    typealias Call = ScreenAction<Model>.Call

    let name: String
    let catalog: EventCatalog
    private let model: Model
    private let chosenFields: [ScreenField<Model>]?
    private let actions: [ScreenAction<Model>]
    /// The actions' names, in the same order: found without walking the generic actions.
    private let actionNames: [String]
    private let bindings: [ScreenBinding<Model>]
    private let reflector = ValueReflector()
    /// Where the state is rendered, reused for every rendering.
    private let renderBuffer = ByteBuffer(capacity: 1024)
    private let isOnVirtualTime: Bool
    private(set) var kind = ModelKind.real

    /// What the preview shows: the mocked state, keys sorted.
    private var preview: JSONValue?
    /// The actions the preview recorded instead of running, as JSON, capped as the preview's own record.
    private var recorded: [JSONValue] = []
    private var recordedCount = 0
    private static var recordLimit: Int { 1000 }

    /// The state last written for the shown view model, and the real one's last seen state.
    private var shownBytes: [UInt8]?
    private var realBytes: [UInt8]?
    private var onChange: (@MainActor (_ isShown: Bool) -> Void)?

    /// The work of each command that is still running.
    private var work: [WeakWork] = []
    /// What a command's token tells when its work ends.
    private let owner: WorkOwner
    /// The work the view model started as it was made, while it counts as work in flight.
    private var makingWork = WeakWork()
    /// Work set aside as observers: owned (its states are pushed with its line), never waited for.
    private var observers: [WeakWork] = []
    /// Work `cancel` cancelled that has not ended yet: no longer loading, still waited for.
    private var cancelled: [WeakWork] = []
    /// The token of the last command whose work ended with it, for the next command.
    private var spareToken: WorkToken?
    /// The tasks of the actions started, for `cancel`; forgotten when no work runs.
    private var tasks: [Task<Void, Never>] = []
    private var startedWork = false
    /// An action's failure while its command runs, which makes that command's reply an error.
    private var failureNow: ReplError?
    private var isRunningCommand = false
    /// Failures of actions after their command returned, pushed with the next lines.
    private var failures: [ReplError] = []
    /// Notes to log (``takeNotes()``).
    private var notes: [String] = []
    /// Whether the state is being read now: a change the model reports meanwhile is one its own
    /// getters made as they were read (a counter of reads), which nobody else made.
    private var isReading = false
    /// Whether Observation reported such a change, so its tracking is to be armed again once read.
    private var changedWhileReading = false
    /// The fields whose value is new every time the state is read (a clock's reading, a counter
    /// of reads): left out when the state is compared with what it showed, so reading it is no change.
    private var restless: Set<String> = []
    /// The last action `load`, `reload` or `retry` ran, for `retry`.
    private var lastLoad: ScreenAction<Model>?
    private var pollTask: Task<Void, Never>?
    /// Whether the real state last written is the model's state now: set when it is written, and
    /// cleared by whatever may run the model's code (a command's work, or the session letting other
    /// work run), so a poll in between need not render it again to compare.
    private var shownIsCurrent = false
    /// Whether the model is `@Observable`, whose tracked properties show under their own names.
    private let isObservable: Bool
    /// What hears the model's changes as they are made, where the model says so.
    private let observation: ModelObservation<Model>
    /// What the view model tells the app to do, connected as it was made.
    private let outputs: [ScreenOutput<Model>]
    /// What the outputs' connections made that the view model holds weakly (a recording delegate).
    private var outputKeepers: [AnyObject] = []
    /// The outputs' subscriptions to the view model's sequences, cancelled with the screen.
    private var outputTasks: [Task<Void, Never>] = []
    /// Where outputs go once the session opened the screen; until then they wait in ``earlyOutputs``.
    private var outputSink: (@MainActor (_ name: String, _ value: JSONValue) -> Void)?
    private var earlyOutputs: [(name: String, value: JSONValue)] = []
    /// What the last action that returned something returned, as `@result` shows it.
    private(set) var latestResult: JSONValue?
    /// Whether an action returned ``latestResult`` while the command that sent it ran.
    private var resultIsNew = false

    /// How often a screen with work in flight on real time is compared.
    static var realTimePollInterval: Duration { .milliseconds(50) }

    /// The screen, its view model made by `make` as a command's work: a `Task` its `init` (or the
    /// factory) starts is the work of the command that opened the screen, which `wait` waits for
    /// and whose line its states are pushed with.
    init(
        name: String, catalog: EventCatalog, make: () -> Model, fields: [ScreenField<Model>]?, leavingOut: Set<String> = [],
        constants: Set<String> = [], actions: [ScreenAction<Model>], bindings: [ScreenBinding<Model>], outputs: [ScreenOutput<Model>] = [],
        isOnVirtualTime: Bool
    ) {
        let owner = WorkOwner()
        var token = WorkToken { [owner] in MainActor.assumeIsolated { owner.ended?() } }
        let model = WorkToken.$current.withValue(token) { make() }
        self.owner = owner
        self.name = name
        self.model = model
        self.chosenFields = fields
        self.actions = actions
        actionNames = actions.map(\.name)
        self.bindings = bindings
        self.outputs = outputs
        self.isOnVirtualTime = isOnVirtualTime
        self.catalog = catalog
        isObservable = model is any Observable
        observation = ModelObservation(model: model, fields: fields, isObservable: isObservable)
        observation.changed = { [weak self] in self?.observedChange() }
        reflector.leftOut = leavingOut
        if !constants.isEmpty { reflector.constants = (ObjectIdentifier(Swift.type(of: model)), constants) }
        owner.ended = { [weak self] in self?.workEnded() }
        if !isKnownUniquelyReferenced(&token) { makingWork = WeakWork(token: token) }
        keep(&token)
        connectOutputs()
    }

    deinit {
        for task in outputTasks { task.cancel() }
    }

    /// The screen hosting `model`, made already.
    convenience init(
        name: String, catalog: EventCatalog, model: Model, fields: [ScreenField<Model>]?, actions: [ScreenAction<Model>],
        bindings: [ScreenBinding<Model>], isOnVirtualTime: Bool
    ) {
        self.init(name: name, catalog: catalog, make: { model }, fields: fields, actions: actions, bindings: bindings, isOnVirtualTime: isOnVirtualTime)
    }

    var loader: (any ScreenLoader)? { self }

    // MARK: State

    /// The real view model's fields as shown.
    private func currentFields() -> [(name: String, value: Any)] {
        if let chosenFields { return chosenFields.map { ($0.name, $0.read(model)) } }
        return reflector.fields(of: model).filter { !reflector.isLeftOut($0.value) }
    }

    private func renderReal() throws(ReplError) -> [UInt8] {
        let out = renderBuffer
        out.removeAll()
        isReading = true
        defer {
            isReading = false
            if changedWhileReading {
                changedWhileReading = false
                observation.listen()
            }
        }
        do {
            if chosenFields == nil {
                try reflector.writeProperties(of: model, observable: isObservable, to: out)
            } else {
                try reflector.writeObject(currentFields(), to: out)
            }
        } catch {
            throw ReplError(.stateDoesNotEncode(reason: String(describing: error)))
        }
        return out.array
    }

    private func renderShown() throws(ReplError) -> [UInt8] {
        if kind == .preview, let preview { return JSONWriter.bytes(preview) }
        return try renderReal()
    }

    func encodedState() throws(ReplError) -> [UInt8] {
        let bytes = try renderShown()
        shownBytes = bytes
        if kind == .real {
            realBytes = bytes
            shownIsCurrent = true
        }
        return bytes
    }

    func stateValue() throws(ReplError) -> JSONValue {
        try Self.parsedState(renderShown())
    }

    func identifiedValue(at path: StatePath) -> JSONValue? {
        // A preview's state is JSON a person gave: it holds no objects to read through.
        guard kind == .real else { return nil }
        let out = ByteBuffer(capacity: 4096)
        do {
            try reflector.writeIdentified {
                if chosenFields == nil {
                    try reflector.writeProperties(of: model, observable: isObservable, to: out)
                } else {
                    try reflector.writeObject(currentFields(), to: out)
                }
            }
            return IdentifiedState(try Self.parsedState(out.array)).lookup(path)
        } catch {
            return nil
        }
    }

    /// Each field's type, as declared (an optional that is `nil` now is still `String?`).
    func fieldTypes() -> [(name: String, type: String)] {
        let declared = declaredTypes()
        return currentFields().map { ($0.name, declared[$0.name].map(TypeName.of) ?? ValueReflector.typeName(of: $0.value)) }.sorted { $0.name < $1.name }
    }

    func declaredTypes() -> [String: Any.Type] {
        if let chosenFields { return Dictionary(chosenFields.map { ($0.name, $0.type()) }) { first, _ in first } }
        return reflector.declaredTypes(of: model)
    }

    var bindingTypes: [(name: String, type: String)] { bindings.map { ($0.name, $0.type) } }
    /// Worked out once, the first time `explore` writes a binding.
    private(set) lazy var bindingSchemas: [(name: String, schema: JSONValue)] = bindings.map { ($0.name, $0.schema()) }

    // MARK: Outputs

    func outputSchemas() -> [(name: String, schema: JSONValue?)] {
        outputs.flatMap { zip($0.names, $0.schemas).map { ($0, $1) } }
    }

    func sendOutputs(to sink: @escaping @MainActor (_ name: String, _ value: JSONValue) -> Void) {
        outputSink = sink
        let early = earlyOutputs
        earlyOutputs.removeAll()
        for output in early { sink(output.name, output.value) }
    }

    /// Records what the callbacks its factory made with `context.output` send, as its own outputs.
    func takeOutputs(from callbacks: ContextOutputs) {
        callbacks.connect { [weak self] name, payload in self?.sent(name, payload) }
    }

    /// Gives the view model just made its recording closures and delegates, and subscribes to its sequences.
    private func connectOutputs() {
        guard !outputs.isEmpty else { return }
        let sender = OutputSender { [weak self] name, payload in self?.sent(name, payload) }
        for output in outputs {
            if let keeper = output.connect(model, sender) { outputKeepers.append(keeper) }
            if let subscribe = output.subscribe { outputTasks.append(subscribe(model, sender)) }
        }
    }

    /// The view model sent an output: its value as the state shows values.
    private func sent(_ name: String, _ payload: OutputSender.Payload) {
        let value = encoded(payload)
        guard let outputSink else { return earlyOutputs.append((name, value)) }
        outputSink(name, value)
    }

    /// A value the view model gave (an output, an action's result) as the state shows values; the
    /// error's message where it cannot be written.
    private func encoded(_ payload: OutputSender.Payload) -> JSONValue {
        let out = ByteBuffer(capacity: 256)
        do throws(ReplError) {
            do {
                switch payload {
                case .none: out.append("{}")
                case .value(let sent): try reflector.writeValue(sent, to: out)
                case .members(let members): try reflector.writeObject(members.map { (name: $0.0, value: $0.1) }, to: out)
                }
            } catch {
                throw ReplError(.stateDoesNotEncode(reason: String(describing: error)))
            }
            return try Self.parsedState(out.array)
        } catch {
            return .string(error.message)
        }
    }

    // MARK: Actions and bindings

    func send(_ event: JSONValue, asName: Bool) throws(DecodingFailure) -> EventOutcome {
        guard case .object(let members) = event, members.count == 1, let index = actionNames.firstIndex(of: members[0].key) else {
            throw DecodingFailure(reason: "not an action of \(name)")
        }
        let action = actions[index]
        if kind == .preview {
            recordedCount += 1
            if recorded.count == Self.recordLimit { recorded.removeFirst(recorded.count / 2) }
            recorded.append(event)
            return .recorded(event, count: recordedCount)
        }
        var arguments: [(key: String, value: JSONValue)] = []
        if case .object(let given) = members[0].value { arguments = given }
        let call: Call
        do {
            call = try action.prepare(arguments)
        } catch let failure as DecodingFailure {
            throw failure
        } catch {
            throw DecodingFailure(reason: DecodingFailure.reason(for: error))
        }
        resultIsNew = false
        if let failure = run(call, action: action.name) { return .failed(failure) }
        defer { resultIsNew = false }
        return .handled(result: resultIsNew ? latestResult : nil)
    }

    func write(_ fields: [NamedValue]) throws(ReplError) {
        guard kind == .real else { throw ReplError(.writeInPreview(screen: name)) }
        var writes: [@MainActor (Model) -> Void] = []
        for field in fields {
            guard let binding = bindings.first(where: { $0.name == field.key }) else {
                throw ReplError(.notWritable(field.key, screen: name, writable: bindings.map(\.name)))
            }
            do {
                writes.append(try binding.prepare(field.value))
            } catch {
                throw ReplError(.writeDoesNotDecode(field: field.key, type: binding.type, reason: (error as? DecodingFailure)?.reason ?? "\(error)"))
            }
        }
        _ = track {
            for write in writes { write(model) }
        }
    }

    func takeStartedWork() -> Bool {
        defer { startedWork = false }
        return startedWork
    }

    var hasMetTimers: Bool { !reflector.metTimers.isEmpty }

    func takeTimers() -> [Timer] {
        guard !reflector.metTimers.isEmpty else { return [] }
        defer { reflector.metTimers.removeAll() }
        return reflector.metTimers
    }

    func setAsideObservers() -> Bool {
        guard let token = makingWork.token else { return false }
        makingWork = WeakWork()
        work.removeAll { $0.token === token }
        observers.append(WeakWork(token: token))
        return true
    }

    func takeNotes() -> [String] {
        guard !notes.isEmpty else { return [] }
        defer { notes.removeAll() }
        return notes
    }

    func takeFailures() -> [ReplError] {
        guard !failures.isEmpty else { return [] }
        defer { failures.removeAll() }
        return failures
    }

    /// Runs `body` with a fresh token bound, keeping the token while any task it started runs.
    /// Returns the failure an action reported while `body` ran.
    private func track(_ body: () -> Void) -> ReplError? {
        var token = spareToken ?? WorkToken { [owner] in MainActor.assumeIsolated { owner.ended?() } }
        spareToken = nil
        token.arm()
        shownIsCurrent = false
        isRunningCommand = true
        failureNow = nil
        WorkToken.$current.withValue(token) { body() }
        isRunningCommand = false
        keep(&token)
        return failureNow
    }

    /// After a command: keeps its token as running work when a task holds it, else for the next command.
    private func keep(_ token: inout WorkToken) {
        if isKnownUniquelyReferenced(&token) {
            // Nothing holds it: no work ran on, and the next command can use it again.
            token.disarm()
            spareToken = token
        } else {
            work.append(WeakWork(token: token))
            startedWork = true
            pollWhileWorking()
        }
    }

    /// Makes `call`: a sync one in place, an async one as a task of this screen, running at once
    /// until its first suspension.
    private func run(_ call: Call, action: String) -> ReplError? {
        track {
            let model = self.model
            switch call {
            case .sync(let call):
                do {
                    kept(try call(model))
                } catch {
                    actionEnded(action, throwing: error)
                }
            case .async(let call):
                let body: @MainActor () async -> Void = { [weak self] in
                    do {
                        let result = try await call(model)
                        self?.kept(result)
                    } catch {
                        self?.actionEnded(action, throwing: error)
                    }
                }
                if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
                    tasks.append(Task.immediate { @MainActor in await body() })
                } else {
                    tasks.append(Task { @MainActor in await body() })
                }
            }
        }
    }

    /// Keeps what an action returned, as the state shows values, for its reply and `@result`.
    private func kept(_ result: ActionResult) {
        guard let value = result.value else { return }
        latestResult = encoded(.value(value))
        resultIsNew = true
    }

    /// An action threw: a failure, unless it was cancelled (the user moved on).
    private func actionEnded(_ action: String, throwing error: any Error) {
        guard !ErrorMeaning.isCancellation(error) else { return }
        actionFailed(action, error)
    }

    private func actionFailed(_ action: String, _ error: any Error) {
        let failure = ReplError(.actionFailed(action: action, screen: name, message: ErrorMeaning.message(for: error)))
        if isRunningCommand {
            failureNow = failure
        } else {
            failures.append(failure)
            onChange?(false)
        }
    }

    /// A command's work has ended: look at the state, and wake whatever waits for the work.
    private func workEnded() {
        work.removeAll { $0.token == nil }
        cancelled.removeAll { $0.token == nil }
        observers.removeAll { $0.token == nil }
        if work.isEmpty { tasks.removeAll() }
        shownIsCurrent = false
        poll()
        onChange?(false)
    }

    /// On real time nothing steps the screen, so it is compared while its work runs.
    private func pollWhileWorking() {
        guard !isOnVirtualTime, pollTask == nil else { return }
        pollTask = Task { [weak self] in
            while let screen = self, screen.workCount > 0 {
                try? await Task.sleep(for: Self.realTimePollInterval)
                self?.mayChange()
                self?.poll()
            }
            self?.pollTask = nil
        }
    }

    func mayChange() {
        shownIsCurrent = false
    }

    func poll() {
        guard let onChange, !(shownIsCurrent && kind == .real) else { return }
        guard let now = try? renderReal() else { return }
        if kind == .real {
            if let shownBytes, now != shownBytes, isChange(from: shownBytes, to: now) { onChange(true) }
        } else if now != realBytes {
            realBytes = now
            onChange(false)
        }
    }

    /// Whether `now` differs from `before` in more than the fields that change on every read.
    /// A difference is looked at again at once: what differs between two reads with nothing run
    /// in between changes on every read, is noted once, and is left out from then on.
    private func isChange(from before: [UInt8], to now: [UInt8]) -> Bool {
        // Most often a change is a change: one more read tells, and nothing is parsed.
        if let again = try? renderReal(), again != now, case .object(let first)? = try? Self.parsedState(now),
            case .object(let second)? = try? Self.parsedState(again)
        {
            let found = Set(first.filter { member in !second.contains { $0.key == member.key && $0.value == member.value } }.map(\.key))
                .subtracting(restless)
            if !found.isEmpty {
                restless.formUnion(found)
                notes.append(Messages.restlessFields(found.sorted()))
            }
        }
        guard !restless.isEmpty, case .object(let nowMembers)? = try? Self.parsedState(now),
            case .object(let shownMembers)? = try? Self.parsedState(before)
        else { return true }
        let kept = { (members: [(key: String, value: JSONValue)]) in members.filter { !self.restless.contains($0.key) } }
        return JSONValue.object(kept(nowMembers)) != JSONValue.object(kept(shownMembers))
    }

    func watch(_ onChange: @escaping @MainActor (_ isShown: Bool) -> Void) {
        self.onChange = onChange
        observation.listen()
    }

    /// The model says it is changing: what it shows is no longer current, and the session is told
    /// (as for a protocol screen, it pushes the state once the change is made, or the command
    /// making it replies with it).
    private func observedChange() {
        if isReading {
            changedWhileReading = true
            return
        }
        shownIsCurrent = false
        onChange?(kind == .real)
    }

    // MARK: Loading

    var loads: Bool { actions.contains { $0.drives.contains(.load) } }
    var isLoading: Bool { work.contains { $0.token != nil } }
    var workCount: Int { (work + cancelled).reduce(0) { $0 + ($1.token == nil ? 0 : 1) } }

    private func action(for command: LoadCommands) -> ScreenAction<Model>? {
        actions.first { $0.drives.contains(command) }
    }

    func load(isReload: Bool) {
        guard let action = (isReload ? action(for: .reload) : nil) ?? action(for: .load) else { return }
        start(action)
    }

    func retry() -> Bool {
        guard let action = action(for: .retry) ?? lastLoad else { return false }
        start(action)
        return true
    }

    private func start(_ action: ScreenAction<Model>) {
        lastLoad = action
        guard let call = try? action.prepare([]) else { return }
        if let failure = run(call, action: action.name) { failures.append(failure) }
    }

    func cancelLoad() {
        for task in tasks { task.cancel() }
        tasks.removeAll()
        // Cancelled, the work is no longer a load in flight, though its tasks end only when they
        // next run: the reply to `cancel` says so, and `wait` still waits for them.
        cancelled += work.filter { $0.token != nil }
        work.removeAll()
        if let cancel = action(for: .cancel), let call = try? cancel.prepare([]) {
            if let failure = run(call, action: cancel.name) { failures.append(failure) }
        }
    }

    // MARK: Preview

    func mock(_ state: JSONValue, given named: [String]?) throws(ReplError) {
        let fields = currentFields()
        // `mock state=` names the whole state; a field of that name is reached as `["state"]`.
        let hasStateField = named == nil && fields.contains { $0.name == "state" }
        guard case .object(let given) = state else {
            throw ReplError(.stateDoesNotDecode(screen: name, reason: Messages.expectedFields(hasStateField: hasStateField)))
        }
        var shown: [(key: String, value: JSONValue)] = []
        for member in given where !fields.contains(where: { $0.name == member.key }) {
            if hasStateField { throw ReplError(.stateDoesNotDecode(screen: name, reason: Messages.expectedFields(hasStateField: true))) }
            throw ReplError(.unknownStateField(member.key, screen: name, known: fields.map(\.name).sorted()))
        }
        for field in fields {
            guard let value = given.first(where: { $0.key == field.name })?.value else {
                guard ValueReflector.isOptional(field.value) else {
                    throw ReplError(.stateDoesNotDecode(screen: name, reason: "missing '\(field.name)'"))
                }
                shown.append((field.name, .null))
                continue
            }
            // `mock FIELD=VALUE` checks the fields it names; the rest are as the state showed them.
            if let named, !named.contains(where: { MockCheck.names(field.name, path: $0) }) {
                shown.append((field.name, JSONValue.sortingKeys(value)))
                continue
            }
            shown.append((field.name, try checked(value, as: field)))
        }
        shown.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        preview = .object(shown)
        shownIsCurrent = false
        kind = .preview
    }

    /// `value` as the field shows it: decoded as the field's type and written again where the type
    /// is `Decodable`, refused when that changes it; as given (keys sorted) where it is not.
    private func checked(_ value: JSONValue, as field: (name: String, value: Any)) throws(ReplError) -> JSONValue {
        let decoded: Any?
        do {
            decoded = try ArgumentDecoding.decode(value, asTypeOf: field.value)
        } catch {
            throw ReplError(.stateDoesNotDecode(screen: name, reason: "\(field.name): \((error as? DecodingFailure)?.reason ?? "\(error)")"))
        }
        guard let decoded else {
            // Not Decodable, so shown as given: an enum's value must still be one of its cases.
            if let cases = EnumCases.of(Swift.type(of: field.value)), !Self.names(value, oneOf: cases) {
                throw ReplError(.stateDoesNotDecode(screen: name, reason: Messages.notACase(field.name, cases: cases.map(\.description))))
            }
            return JSONValue.sortingKeys(value)
        }
        let out = ByteBuffer()
        guard (try? reflector.writeValue(decoded, to: out)) != nil,
            let written = try? JSONParser.parse(String(decoding: out.bytes, as: UTF8.self), maximumDepth: 512)
        else {
            throw ReplError(.stateDoesNotDecode(screen: name, reason: "\(field.name) does not encode again"))
        }
        // The same check as the protocol path's: a value in another of its forms (a date as the old number) is not a change.
        guard MockCheck.differences(given: value, shown: written).isEmpty else {
            throw ReplError(.stateDoesNotDecode(screen: name, reason: "\(field.name) would show as \(JSONWriter.string(written)), not as given"))
        }
        return written
    }

    /// Whether `value` is an enum case in its readable form: `"name"` for a case without payload,
    /// `{"name":…}` for one with.
    private static func names(_ value: JSONValue, oneOf cases: [EnumCases.Case]) -> Bool {
        switch value {
        case .string(let text): cases.contains { $0.name == text && $0.payload == nil }
        case .object(let members): members.count == 1 && cases.contains { $0.name == members[0].key && $0.payload != nil }
        default: false
        }
    }

    func showReal() {
        shownIsCurrent = false
        kind = .real
    }

    func recordedEvents() -> [JSONValue] {
        recorded
    }
}

/// Tells a screen its command's work has ended: made before the screen (whose view model is made
/// as a command's work), told the screen once it exists.
@MainActor
private final class WorkOwner {
    var ended: (@MainActor () -> Void)?
}
