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
        package var arguments: [EventArgument]
        /// Whether the event encodes as a bare string (an enum with raw values) rather than `{"name":{…}}`.
        package var encodesAsString: Bool
        /// Whether its payload is unlabeled, written as people read it: `{"nudge":1}` for one
        /// value, `{"move":[1,2]}` for several; its arguments are then positional (`event move 1 2`),
        /// named `value`, `value2`… where a name is needed (the JSON form), never `_0`.
        package var isPositional = false
        /// The event with no arguments as JSON (`{"name":{}}`), made once: most events sent have none.
        let withoutArguments: JSONValue

        init(name: String, arguments: [EventArgument], encodesAsString: Bool) {
            self.name = name
            self.arguments = arguments
            self.encodesAsString = encodesAsString
            withoutArguments = .object([(name, .object([]))])
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
            var event: Event
            switch value {
            case .string(let name):
                event = Event(name: name, arguments: [], encodesAsString: true)
            case .object(let members) where members.count == 1:
                var positional = false
                let arguments: [EventArgument]
                switch members[0].value {
                case .object(let fields):
                    arguments = fields.map { EventArgument(name: $0.key, type: $0.value.kind) }
                case .array(let values):
                    positional = true
                    arguments = values.enumerated().map { EventArgument(name: Self.positionalName($0.offset), type: $0.element.kind) }
                case let value:
                    positional = true
                    arguments = [EventArgument(name: Self.positionalName(0), type: value.kind)]
                }
                event = Event(name: members[0].key, arguments: arguments, encodesAsString: false)
                event.isPositional = positional
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
                let name = event.isPositional ? positionalName(index) : element.label ?? "_\(index)"
                guard let argument = typed.arguments.firstIndex(where: { $0.name == name }) else { continue }
                typed.arguments[argument].cases = EnumCases.of(element.type)?.map(\.description)
                typed.arguments[argument].schema = TypeSchema.of(element.type)
            }
            return typed
        }
    }

    /// The name of an unlabeled payload's value at `index`: `value`, `value2`, `value3`…
    static func positionalName(_ index: Int) -> String {
        index == 0 ? "value" : "value\(index + 1)"
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
