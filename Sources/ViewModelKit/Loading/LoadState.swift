/// Where a load stands, keeping the last loaded value through reloads and failed reloads.
///
/// One type covers the three loading patterns a screen meets:
/// - an empty screen before the first load (`initial`),
/// - a spinner in the middle on the *initial* load, but only a small one in the toolbar on a
///   reload, because the last value is still shown (``isInitialLoad``),
/// - an error with a human-readable message and a retry, where the attempt count says how many
///   tries in a row have failed.
///
/// The rule for ``attempt``: a load that starts from `initial`, `loaded` or `failed` is one more
/// attempt; a load that starts while another is in flight replaces it and is the same attempt; a
/// success resets it to 0. Cancelling is never an error and never an attempt: it restores exactly
/// what was shown before the load started (phase, value, failure and attempt).
///
/// Its JSON form is flat and stable: `{"phase":"loading","value":[…],"failure":null,"attempt":1,"isInitialLoad":false}`.
/// `isInitialLoad` is written for readers and ignored when decoding, since it follows from the rest.
public struct LoadState<Value> {
    /// The four phases a load goes through.
    public enum Phase: String, Codable, Sendable, CaseIterable {
        case initial, loading, loaded, failed
    }

    /// The current phase.
    public private(set) var phase: Phase
    /// The last value loaded successfully, kept while a reload runs and after a reload fails.
    public private(set) var value: Value?
    /// Why the last attempt failed; `nil` unless ``phase`` is `failed`.
    public private(set) var failure: LoadFailure?
    /// Attempts since the last success, counting the one in flight (0 before any load).
    public private(set) var attempt: Int
    /// What was shown before the load in flight started, restored if it is cancelled; `nil` when
    /// no load is in flight, or when the state was made in the `loading` phase (a mock).
    private var beforeLoad: Shown?

    /// The part of a state a cancelled load restores.
    private struct Shown: Sendable {
        var phase: Phase
        var failure: LoadFailure?
        var attempt: Int
    }

    /// A state before any load.
    public init() {
        self.init(phase: .initial, value: nil, failure: nil, attempt: 0)
    }

    /// A state with every field given, for previews, mocks and tests.
    public init(phase: Phase, value: Value? = nil, failure: LoadFailure? = nil, attempt: Int = 0) {
        self.phase = phase
        self.value = value
        self.failure = phase == .failed ? failure ?? LoadFailure(message: "failed") : nil
        self.attempt = max(0, attempt)
    }

    /// A loaded state holding `value`.
    public static func loaded(_ value: Value) -> Self {
        Self(phase: .loaded, value: value, attempt: 0)
    }

    /// Whether a load is in flight with nothing loaded yet: the spinner belongs in the middle.
    public var isInitialLoad: Bool {
        // A pattern, not `value == nil`: that generic comparison looks up `Optional<Value>` at
        // run time, and the state is written after every command.
        @inline(__always) get {
            guard phase == .loading, case .none = value else { return false }
            return true
        }
    }

    /// Whether a load is in flight.
    public var isLoading: Bool { phase == .loading }

    /// A load started: the last value stays. A load that replaces one in flight is the same attempt.
    public mutating func start() {
        guard phase != .loading else { return }
        beforeLoad = Shown(phase: phase, failure: failure, attempt: attempt)
        phase = .loading
        failure = nil
        attempt += 1
    }

    /// The load in flight produced `value`.
    public mutating func succeed(with value: Value) {
        phase = .loaded
        self.value = value
        failure = nil
        attempt = 0
        beforeLoad = nil
    }

    /// The load in flight failed with a message a person can read; the last value stays.
    public mutating func fail(message: String) {
        phase = .failed
        failure = LoadFailure(message: message, attempt: attempt)
        beforeLoad = nil
    }

    /// The load in flight was cancelled: back to exactly what the screen showed before it (a
    /// failure shown then is shown again), never an error.
    public mutating func cancel() {
        guard phase == .loading else { return }
        if let beforeLoad {
            phase = beforeLoad.phase
            failure = beforeLoad.failure
            attempt = beforeLoad.attempt
        } else {
            // Made in the loading phase (a mock): nothing is known of before, so the value decides.
            attempt = max(0, attempt - 1)
            phase = value != nil ? .loaded : .initial
        }
        beforeLoad = nil
    }
}

/// Why a load failed, in words a person can read, and which attempt in a row it was.
public struct LoadFailure: Codable, Hashable, Sendable {
    /// A human-readable message, such as `HTTP 404 from http://…`.
    public var message: String
    /// Which attempt in a row this was (1 for the first failure after a success or start).
    public var attempt: Int

    /// Creates a failure.
    public init(message: String, attempt: Int = 1) {
        self.message = message
        self.attempt = attempt
    }
}

extension LoadState: Sendable where Value: Sendable {}

/// Two states are equal when they show the same: what a cancel would restore is not compared.
extension LoadState: Equatable where Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.phase == rhs.phase && lhs.value == rhs.value && lhs.failure == rhs.failure && lhs.attempt == rhs.attempt
    }
}

extension LoadState: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(phase)
        hasher.combine(value)
        hasher.combine(failure)
        hasher.combine(attempt)
    }
}

/// The members of a load state's JSON form. Outside the generic type, so its metadata is static:
/// keys nested in `LoadState<Value>` are looked up at run time on every use in unspecialised code.
private enum LoadStateCodingKeys: String, CodingKey {
    case phase, value, failure, attempt, isInitialLoad
}

extension LoadState: Codable where Value: Codable {
    private typealias CodingKeys = LoadStateCodingKeys

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let phase = try container.decode(Phase.self, forKey: .phase)
        let failure = try container.decodeIfPresent(LoadFailure.self, forKey: .failure)
        self.init(
            phase: phase,
            value: try container.decodeIfPresent(Value.self, forKey: .value),
            failure: failure,
            attempt: try container.decodeIfPresent(Int.self, forKey: .attempt) ?? failure?.attempt ?? 0
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // The same JSON as encoding the enum and the optionals themselves, without the generic
        // round trips through their own `encode(to:)`: a state is written after every command.
        // Members in key order, so an encoder writing sorted keys has nothing to reorder.
        try container.encode(attempt, forKey: .attempt)
        if let failure {
            try container.encode(failure, forKey: .failure)
        } else {
            try container.encodeNil(forKey: .failure)
        }
        try container.encode(isInitialLoad, forKey: .isInitialLoad)
        try container.encode(phase.rawValue, forKey: .phase)
        if let value {
            try container.encode(value, forKey: .value)
        } else {
            try container.encodeNil(forKey: .value)
        }
    }
}
