import Foundation
import TestSupport
import Testing
import ViewModelREPL

/// Many timers held by one view model fire on virtual time in order of their dates, each found in
/// log n steps (each fire rescanned every timer held, twice); those due at one instant in the
/// order they were taken up. The timers are not on the main run loop, which tests running beside
/// this one share: held by the state, they are the session's to fire.
@MainActor
struct ManyTimersTests {
    @MainActor final class Reminders {
        var fired = 0
        var last = -1
        var inOrder = true
        var timers: [Timer] = []

        func schedule(_ count: Int) {
            // A thousand seconds apart: the real time a loaded machine takes before the session
            // takes the timers up (which it counts off their dates) never reorders them.
            let now = Date()
            timers = (0..<count).map { index in
                Timer(fire: now.addingTimeInterval(Double(count - index) * 1000), interval: 0, repeats: false) { [weak self] _ in
                    MainActor.assumeIsolated {
                        guard let self else { return }
                        // The timer made last is due first.
                        if index > self.last, self.last >= 0 { self.inOrder = false }
                        self.last = index
                        self.fired += 1
                    }
                }
            }
        }

        func forget() { timers = [] }
    }

    @Test func fiveHundredTimersFireInOrderOfTheirDates() async throws {
        var screens = ScreenRegistry()
        screens.register(
            "reminders", summary: "many timers", leavingOut: [],
            actions: [.action("schedule", "count") { (model: Reminders, count: Int) in model.schedule(count) }, .action("forget") { $0.forget() }]
        ) { _ in Reminders() }
        let transcript = try await SessionTranscript.run(
            ["use reminders", "event schedule count=500", "advance 600000s", "event forget", "expect fired == 500", "expect inOrder == true"],
            screens: screens)
        #expect(transcript.reply(5)?["type"] as? String == "ok", "\(String(describing: transcript.reply(5)))")
        #expect(transcript.reply(6)?["type"] as? String == "ok")
    }

    /// A wait that times out on a held timer, with nothing loading, says so: it said a load was in flight.
    @Test func aWaitThatTimesOutOnAHeldTimerNamesTheTimerNotALoad() async throws {
        var screens = ScreenRegistry()
        screens.register("reminders", summary: "one timer", actions: [.action("schedule", "count") { (model: Reminders, count: Int) in model.schedule(count) }])
        {
            _ in Reminders()
        }
        let transcript = try await SessionTranscript.run(["use reminders", "event schedule count=1", "wait timeout=10s"], screens: screens)
        let message = try #require(transcript.reply(3)?["message"] as? String)
        #expect(transcript.reply(3)?["code"] as? String == "timeout")
        #expect(message.hasPrefix("work was still to end after 10.0s: a timer a state holds was still to fire"), "\(message)")
    }
}
