import Foundation

/// A toast that dismisses itself after 2 seconds with a Foundation `Timer` on the main run loop.
@MainActor
final class ToastViewModel {
    private(set) var message: String?
    private var dismissTimer: Timer?

    func show(_ text: String) {
        message = text
        dismissTimer?.invalidate()
        dismissTimer = Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { [weak self] _ in
            MainActor.assumeIsolated { self?.message = nil }
        }
    }
}

/// A clock face ticking once a second with a repeating `Timer`.
@MainActor
final class ClockFaceViewModel {
    private(set) var ticks = 0
    private var timer: Timer?

    func start() {
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.ticks += 1 }
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}

/// A countdown whose `Timer` schedules the next one from its own block, then spends a while on
/// its work (30 ms of real time, as a machine under load would): each second is still one second.
@MainActor
final class CountdownViewModel {
    private(set) var left = 0
    private var timer: Timer?

    func start(_ seconds: Int) {
        left = seconds
        next()
    }

    private func next() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.left -= 1
                if self.left > 0 { self.next() }
                // The work after rescheduling, which the next timer's date must not lose.
                let start = ContinuousClock.now
                while ContinuousClock.now - start < .milliseconds(30) {}
            }
        }
    }
}
