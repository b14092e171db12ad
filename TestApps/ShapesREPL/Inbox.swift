/// A client a view model holds privately: long state of its own, none of it the screen's.
final class MailClient {
    var cache: [String: [String]] = ["inbox": ["a", "b"], "sent": []]
    var requests = 0
}

/// A view model holding a private dependency, shown without it by `leavingOut:`.
@MainActor
final class Inbox {
    private let client = MailClient()
    var messages: [String] = []

    func refresh() {
        client.requests += 1
        messages = client.cache["inbox"] ?? []
    }
}
