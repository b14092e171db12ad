import Foundation

/// Keeps the `NotificationCenter` observer a screen's ``ScreenOutput/notification(_:as:)`` added,
/// as long as the screen, and removes it when the screen is gone.
final class NotificationObservation {
    private let observer: any NSObjectProtocol

    init(_ observer: any NSObjectProtocol) {
        self.observer = observer
    }

    deinit {
        NotificationCenter.default.removeObserver(observer)
    }
}
