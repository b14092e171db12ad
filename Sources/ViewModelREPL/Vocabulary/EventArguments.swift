/// An event's arguments: named (`id=3`) and positional (`3`), in the order given.
package struct EventArguments: Equatable, Sendable {
    package var named: [NamedValue] = []
    package var positional: [JSONValue] = []

    package init(named: [NamedValue] = [], positional: [JSONValue] = []) {
        self.named = named
        self.positional = positional
    }
}
