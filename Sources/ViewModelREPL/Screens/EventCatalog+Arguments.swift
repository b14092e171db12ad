/// Checking an `event` line's arguments against an event of the catalog, into the event as JSON.
extension EventCatalog.Event {
    /// The event as JSON, checked against its arguments, as replies and `@events` show it
    /// (`{"select":{"id":3}}`). ``encodesAsString`` says whether the app's `Decodable` reads it as
    /// its bare name instead, so an event is decoded once, in the shape it was encoded in.
    /// - Throws: ``ReplError`` naming an unknown, missing or extra argument.
    func json(for arguments: EventArguments) throws(ReplError) -> JSONValue {
        if arguments.positional.isEmpty, arguments.named.isEmpty, self.arguments.isEmpty { return withoutArguments }
        if arguments.positional.count > self.arguments.count {
            throw ReplError(.tooManyValues(event: name, takes: self.arguments))
        }
        var members: [(key: String, value: JSONValue)] = []
        for (offset, value) in arguments.positional.enumerated() {
            members.append((self.arguments[offset].name, value))
        }
        for field in arguments.named {
            guard self.arguments.contains(where: { $0.name == field.key }) else {
                throw ReplError(.unknownEventArgument(field.key, event: name, takes: self.arguments))
            }
            if members.contains(where: { $0.key == field.key }) {
                throw ReplError(.duplicateArgument(field.key))
            }
            members.append((field.key, field.value))
        }
        if let missing = self.arguments.first(where: { argument in !argument.isOptional && !members.contains { $0.key == argument.name } }) {
            throw ReplError(.missingEventArgument(missing.name, event: name, takes: self.arguments))
        }
        if isPositional {
            // In the arguments' order, whichever order they were given in.
            let values = self.arguments.compactMap { argument in members.first { $0.key == argument.name }?.value }
            return .object([(name, values.count == 1 ? values[0] : .array(values))])
        }
        return .object([(name, .object(members))])
    }
}
