import Observation

/// One person in the contacts list.
public struct Contact: Codable, Equatable, Sendable {
    public var name: String
    public var favorite: Bool
}

/// What the contacts list shows.
public enum ContactsPhase: String, Codable, Sendable {
    case idle, loading, loaded
}

/// A list loaded after a delay on the clock it is given: its `init` needs the clock, so its
/// factory is written by hand.
@MainActor
@Observable
public final class ContactsViewModel {
    public var contacts: [Contact] = []
    public var phase = ContactsPhase.idle
    public var filter = ""
    private let clock: any Clock<Duration>

    public init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    public func load() async {
        phase = .loading
        try? await clock.sleep(for: .seconds(2))
        contacts = [Contact(name: "Ada", favorite: false), Contact(name: "Grace", favorite: true)]
        phase = .loaded
    }

    public func toggleFavorite(_ name: String) {
        guard let index = contacts.firstIndex(where: { $0.name == name }) else { return }
        contacts[index].favorite.toggle()
    }

    public func add(_ contact: Contact) { contacts.append(contact) }
}
