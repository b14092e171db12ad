import Foundation
import Observation
import ViewModelKit

/// A screen of one view-model type: the real view model, and a preview view model once mocked.
@MainActor
final class HostedScreen<Model: ViewModel>: ScreenHosting where Model.ViewEvent: Codable, Model.ViewState: Codable {
    typealias Preview = PreviewViewModel<Model.ViewEvent, Model.ViewState>

    let name: String
    let catalog: EventCatalog
    private let real: Model
    private var preview: Preview?
    private(set) var kind = ModelKind.real
    /// What ``StateEncoder`` falls back to; in codable forms, the output it matches byte for byte.
    private let encoder: JSONEncoder
    private let stateEncoder: StateEncoder
    private let decoder = ArgumentDecoding.makeDecoder()
    /// Events without arguments, decoded once: the common `event hello` skips the decoder. Names
    /// and events in two lists at the same positions: a few names are found faster by comparing
    /// than a dictionary of this generic type can hash one.
    @exclusivity(unchecked) private var plainNames: [String] = []
    @exclusivity(unchecked) private var plainEvents: [Model.ViewEvent] = []
    /// Which view models have an observation armed; arming again before it fires would pile up
    /// observers in the view model's registrar, making every later change slower.
    private var isWatchingReal = false
    private var isWatchingPreview = false
    private var onChange: (@MainActor (_ isShown: Bool) -> Void)?
    /// Receives Observation's calls; not generic, so the @Sendable closure captures no type of the app's.
    private let changes = ChangeRelay()
    /// The events the preview recorded, kept as the JSON they arrived as, so `expect @events`
    /// never re-encodes them; capped like the preview's own record.
    private var recorded: [JSONValue] = []
    /// The mocked state as written when it was checked, kept for the mock's reply.
    private var mockedBytes: [UInt8]?

    init(name: String, catalog: EventCatalog, model: Model, forms: ValueForms) {
        encoder = StateEncoder.fallbackEncoder(for: forms)
        stateEncoder = StateEncoder(forms: forms)
        self.name = name
        self.catalog = catalog
        self.real = model
        loader = (model as? any LoadingViewModel).map(ViewModelLoader.init)
        changes.target = { [weak self] kind in self?.changed(kind) }
    }

    let loader: (any ScreenLoader)?

    private var shownState: Model.ViewState {
        if kind == .preview, let preview { return preview.viewState }
        return real.viewState
    }

    func encodedState() throws(ReplError) -> [UInt8] {
        if kind == .preview, let mockedBytes { return mockedBytes }
        do {
            return try stateEncoder.encode(shownState, fallback: encoder)
        } catch {
            throw ReplError(.stateDoesNotEncode(reason: String(describing: error)))
        }
    }

    func declaredTypes() -> [String: Any.Type] {
        StoredLayout.declaredTypes(of: Model.ViewState.self)
    }

    func stateValue() throws(ReplError) -> JSONValue {
        try Self.parsedState(encodedState())
    }

    func send(_ event: JSONValue, asName: Bool) throws(DecodingFailure) -> EventOutcome {
        let decoded = try decode(event, asName: asName)
        if kind == .preview, let preview {
            mockedBytes = nil
            preview.handle(event: decoded)
            if recorded.count == preview.recordLimit { recorded.removeFirst(recorded.count / 2) }
            recorded.append(event)
            return .recorded(event, count: preview.eventCount)
        }
        real.handle(event: decoded)
        return .handled(result: nil)
    }

    /// Decodes an event once, in the shape the catalog says it is encoded in; an event without
    /// arguments is decoded once per session.
    private func decode(_ event: JSONValue, asName: Bool) throws(DecodingFailure) -> Model.ViewEvent {
        let plainName: String? = {
            guard case .object(let members) = event, members.count == 1, case .object(let arguments) = members[0].value, arguments.isEmpty else {
                return nil
            }
            return members[0].key
        }()
        if let plainName, let position = plainNames.firstIndex(of: plainName) { return plainEvents[position] }
        let shaped = asName ? plainName.map(JSONValue.string) ?? event : event
        do {
            let decoded = try decodeJSON(Model.ViewEvent.self, from: shaped)
            if let plainName {
                plainNames.append(plainName)
                plainEvents.append(decoded)
            }
            return decoded
        } catch {
            throw DecodingFailure(reason: DecodingFailure.reason(for: error, decoding: Model.ViewEvent.self, from: shaped))
        }
    }

    /// Decodes `value` straight from the parsed JSON where that decodes as JSONDecoder would,
    /// else with JSONDecoder, which also words every error.
    private func decodeJSON<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        if let direct = JSONValueDecoder.decodeIfHandled(type, from: value) { return direct }
        return try decoder.decode(type, from: Data(JSONWriter.bytes(value)))
    }

    func mock(_ state: JSONValue, given: [String]?) throws(ReplError) {
        let decoded: Model.ViewState
        do {
            decoded = try decodeJSON(Model.ViewState.self, from: state)
        } catch {
            throw ReplError(.stateDoesNotDecode(screen: name, reason: DecodingFailure.reason(for: error, decoding: Model.ViewState.self, from: state)))
        }
        // What the state's type writes back must be what was given: nothing lost, nothing changed.
        let written: [UInt8]
        do {
            written = try stateEncoder.encode(decoded, fallback: encoder)
        } catch {
            throw ReplError(.stateDoesNotEncode(reason: String(describing: error)))
        }
        if written != JSONWriter.bytes(state) {
            let paths = MockCheck.differences(given: state, shown: try Self.parsedState(written), within: given)
            if !paths.isEmpty { throw ReplError(.mockWouldChange(screen: name, paths: paths)) }
        }
        if let preview {
            preview.viewState = decoded
        } else {
            preview = Preview(viewState: decoded)
        }
        mockedBytes = written
        kind = .preview
    }

    func showReal() {
        mockedBytes = nil
        kind = .real
    }

    func recordedEvents() -> [JSONValue] {
        recorded
    }

    func watch(_ onChange: @escaping @MainActor (_ isShown: Bool) -> Void) {
        self.onChange = onChange
        // Both view models are watched: the real one may be loading behind the preview, and what
        // waits for that load (virtual time, `wait`) must hear when it ends.
        if let preview, !isWatchingPreview {
            isWatchingPreview = true
            withObservationTracking {
                _ = preview.viewState
            } onChange: { [changes] in
                changes.relay(.preview)
            }
        }
        if !isWatchingReal {
            isWatchingReal = true
            withObservationTracking {
                _ = real.viewState
            } onChange: { [changes] in
                changes.relay(.real)
            }
        }
    }

    private func changed(_ watched: ModelKind) {
        switch watched {
        case .real: isWatchingReal = false
        case .preview: isWatchingPreview = false
        }
        // A change to the view model not shown is not a change of what the screen shows.
        onChange?(watched == kind)
    }
}
