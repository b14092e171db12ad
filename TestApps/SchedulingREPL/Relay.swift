import Foundation

extension Notification.Name {
    /// Posted by ``RelayService`` off the main actor once a relay arrives.
    static let relayArrived = Notification.Name("RelayArrived")
}

/// A service that announces through `NotificationCenter`, posting from a task off the main actor.
struct RelayService {
    func announce(_ text: String) {
        Task.detached {
            NotificationCenter.default.post(name: .relayArrived, object: nil, userInfo: ["text": text])
        }
    }
}

/// Work on the main run loop and the main operation queue, and a notification observed on `.main`.
@MainActor
final class RelayViewModel {
    private(set) var performed = 0
    private(set) var operations = 0
    private(set) var announcements: [String] = []
    private let service = RelayService()
    private var observer: (any NSObjectProtocol)?

    init() {
        observer = NotificationCenter.default.addObserver(forName: .relayArrived, object: nil, queue: .main) { [weak self] note in
            let text = note.userInfo?["text"] as? String ?? ""
            MainActor.assumeIsolated { self?.announcements.append(text) }
        }
    }

    func perform() {
        RunLoop.main.perform { MainActor.assumeIsolated { self.performed += 1 } }
    }

    func operation() {
        OperationQueue.main.addOperation { MainActor.assumeIsolated { self.operations += 1 } }
    }

    func announce(_ text: String) {
        service.announce(text)
    }
}
