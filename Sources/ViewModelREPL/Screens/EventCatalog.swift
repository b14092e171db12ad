import Foundation

/// A screen's events with their argument names and types, learnt from sample events.
///
/// App teams pass one sample of each event (`[.hello, .select(id: 0)]`, or `allCases`); encoding a
/// sample with its own `Encodable` conformance shows its name and its arguments' names and types,
/// so `describe`, completion and error messages need nothing more from the app's types.
package struct EventCatalog: Sendable {
    /// One event.
    package struct Event: Sendable, Equatable {
        package var name: String
        package var arguments: [Argument]
        /// Whether the event encodes as a bare string (an enum with raw values) rather than `{"name":{…}}`.
        package var encodesAsString: Bool
        /// The event with no arguments as JSON (`{"name":{}}`), made once: most events sent have none.
        let withoutArguments: JSONValue

        init(name: String, arguments: [Argument], encodesAsString: Bool) {
            self.name = name
            self.arguments = arguments
            self.encodesAsString = encodesAsString
            withoutArguments = .object([(name, .object([]))])
        }
    }

    /// One argument of an event.
    package struct Argument: Sendable, Equatable {
        package var name: String
        package var type: String
        /// For an argument of enum type, its cases (`planning`, `booked(Int)`), from the type.
        package var cases: [String]?
        /// Its JSON Schema from its declared type, where the event's type tells it.
        package var schema: JSONValue?

        package init(name: String, type: String, cases: [String]? = nil, schema: JSONValue? = nil) {
            self.name = name
            self.type = type
            self.cases = cases
            self.schema = schema
        }
    }

    package var events: [Event]

    /// Builds the catalog from sample events.
    package init<Sample: Encodable>(samples: [Sample]) {
        // Written as states are, so an optional argument given as nil is still listed, and a date reads as text.
        let encoder = StateEncoder()
        let fallback = StateEncoder.fallbackEncoder(for: .readable)
        var events: [Event] = []
        for sample in samples {
            guard let bytes = try? encoder.encode(sample, fallback: fallback),
                let value = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self))
            else { continue }
            let event: Event
            switch value {
            case .string(let name):
                event = Event(name: name, arguments: [], encodesAsString: true)
            case .object(let members) where members.count == 1:
                let arguments: [Argument]
                if case .object(let fields) = members[0].value {
                    arguments = fields.map { Argument(name: $0.key, type: $0.value.kind) }
                } else {
                    arguments = []
                }
                event = Event(name: members[0].key, arguments: arguments, encodesAsString: false)
            default:
                continue
            }
            if !events.contains(where: { $0.name == event.name }) { events.append(event) }
        }
        self.events = Self.typed(events, by: Sample.self)
    }

    /// The events with each argument's declared type read from the event enum's cases: an
    /// argument of enum type lists its cases, and every argument gets the schema of its type.
    private static func typed(_ events: [Event], by type: Any.Type) -> [Event] {
        guard let cases = EnumCases.of(type) else { return events }
        return events.map { event in
            guard let payload = cases.first(where: { $0.name == event.name })?.payloadType else { return event }
            // A labeled payload's arguments are its labels; an unlabeled one's `_0`, `_1`, as Codable names them.
            let elements = EnumCases.tupleElements(of: payload) ?? [(nil, payload)]
            var typed = event
            for (index, element) in elements.enumerated() {
                guard let argument = typed.arguments.firstIndex(where: { $0.name == (element.label ?? "_\(index)") }) else { continue }
                typed.arguments[argument].cases = EnumCases.of(element.type)?.map(\.description)
                typed.arguments[argument].schema = TypeSchema.of(element.type)
            }
            return typed
        }
    }

    /// A catalog of the events given.
    package init(events: [Event]) {
        self.events = events
    }

    /// The event named `name`.
    package func event(_ name: String) -> Event? {
        events.first { $0.name == name }
    }

    /// Every event name.
    package var names: [String] { events.map(\.name) }
}
