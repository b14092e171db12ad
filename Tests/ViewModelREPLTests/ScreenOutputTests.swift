import Foundation
import TestSupport
import Testing

@testable import ViewModelREPL

/// Outputs as the registration connects them: a closure or a delegate a factory set is left as it
/// is, a notification counts when the view model or no object posts it, and `@outputs` keeps the
/// newest values while counting every one.
@MainActor
struct ScreenOutputTests {
    /// What a checkout tells the screen that presented it.
    @MainActor
    protocol CheckoutDelegate: AnyObject {
        func checkoutDidFinish(total: Int)
    }

    /// A checkout that reports through a closure and a delegate.
    @MainActor
    final class CheckoutModel {
        var onFinished: ((Int) -> Void)?
        weak var delegate: (any CheckoutDelegate)?

        func pay(_ times: Int) {
            for total in 1...max(times, 1) {
                onFinished?(total)
                delegate?.checkoutDidFinish(total: total)
            }
        }
    }

    /// The factory's own delegate, which the session must not replace.
    final class AppDelegate: CheckoutDelegate {
        var totals: [Int] = []
        func checkoutDidFinish(total: Int) { totals.append(total) }
    }

    /// Records the delegate's calls as outputs.
    final class Recorder: CheckoutDelegate, OutputRecording {
        let send: OutputSender
        init(_ send: OutputSender) { self.send = send }
        func checkoutDidFinish(total: Int) { send("checkoutDidFinish", total) }
    }

    /// A checkout screen whose factory sets its own closure and delegate when `factorySets`.
    private static func screens(factorySets: Bool, appDelegate: AppDelegate) -> ScreenRegistry {
        let delegate: ScreenOutput<CheckoutModel> = .outputs(["checkoutDidFinish"]) { model, send in
            guard model.delegate == nil else { return nil }
            let recorder = Recorder(send)
            model.delegate = recorder
            return recorder
        }
        let pay: ScreenAction<CheckoutModel> = .action("pay", "times") { (model: CheckoutModel, times: Int) in model.pay(times) }
        var screens = ScreenRegistry()
        screens.register("checkout", summary: "reports each payment", actions: [pay], outputs: [.closure("onFinished", \.onFinished), delegate]) { _ in
            let model = CheckoutModel()
            if factorySets {
                model.onFinished = { _ in }
                model.delegate = appDelegate
            }
            return model
        }
        return screens
    }

    private func outputs(_ transcript: SessionTranscript) -> [String] {
        transcript.lines.filter { $0["type"] as? String == "output" }.map { "\($0["line"] ?? "-") \($0["name"] ?? "-")=\(json($0["value"]))" }
    }

    /// A basket that posts a notification: with itself, another object or none as the object.
    @MainActor
    final class BasketModel {
        static let didEmpty = Notification.Name("ScreenOutputTests.BasketDidEmpty")
        private let other = NSObject()

        func empty(_ whose: String) {
            switch whose {
            case "own": NotificationCenter.default.post(name: Self.didEmpty, object: self, userInfo: ["removed": 2, "by": "ada"])
            case "other": NotificationCenter.default.post(name: Self.didEmpty, object: other, userInfo: ["removed": 9])
            // Keys that print alike: both kept, told apart by type, the same way every run.
            case "alike": NotificationCenter.default.post(name: Self.didEmpty, object: self, userInfo: [1: "int", "1": "text", 1.5: "double"])
            default: NotificationCenter.default.post(name: Self.didEmpty, object: nil)
            }
        }
    }

    @Test func aNotificationOfTheViewModelOrOfNoObjectIsAnOutputItsUserInfoTheValue() async throws {
        var screens = ScreenRegistry()
        screens.register(
            "basket", summary: "posts when emptied",
            actions: [.action("empty", "whose") { (model: BasketModel, whose: String) in model.empty(whose) }],
            outputs: [.notification(BasketModel.didEmpty, as: "didEmpty")]
        ) { _ in BasketModel() }
        let transcript = try await SessionTranscript.run(
            [
                "use basket", "event empty whose=own", "event empty whose=other", "event empty whose=none", "expect @outputs.didEmpty.count == 2", "describe",
                "event empty whose=alike",
            ],
            screens: screens)
        #expect(
            outputs(transcript) == [#"2 didEmpty={"by":"ada","removed":2}"#, "4 didEmpty={}", #"7 didEmpty={"1":"int","1 (String)":"text","1.5":"double"}"#])
        #expect(transcript.reply(5)?["type"] as? String == "ok")
        let described = try #require(transcript.reply(6)?["outputs"] as? [[String: Any]])
        #expect(described.map { $0["name"] as? String } == ["didEmpty"])
    }

    @Test func aClosureAndADelegateTheFactorySetAreLeftAsTheyAre() async throws {
        let app = AppDelegate()
        let transcript = try await SessionTranscript.run(
            ["use checkout", "event pay times=1", "expect @outputs.onFinished.count == 0"], screens: Self.screens(factorySets: true, appDelegate: app))
        #expect(outputs(transcript) == [])
        #expect(app.totals == [1])
        #expect(transcript.reply(3)?["type"] as? String == "ok")
    }

    @Test func whereTheFactorySetNoneEachIsAnOutputWithItsRequestsLine() async throws {
        let app = AppDelegate()
        let transcript = try await SessionTranscript.run(
            ["use checkout", "event pay times=1"], screens: Self.screens(factorySets: false, appDelegate: app))
        #expect(outputs(transcript) == ["2 onFinished=1", "2 checkoutDidFinish=1"])
        #expect(app.totals == [])
        // The reply is the state line after them, not an output.
        #expect(transcript.reply(2)?["type"] as? String == "state")
    }

    @Test func outputsKeepTheNewestValuesAndCountEveryOne() async throws {
        let transcript = try await SessionTranscript.run(
            [
                "use checkout", "event pay times=1500", "expect @outputs.onFinished.count == 1500",
                "expect @outputs.onFinished[-1] == 1500", "expect @outputs.onFinished[0] == 501",
                // Always the newest 1,000, never fewer: past 1,000 values the oldest goes one by one.
                "use checkout", "event pay times=1", "expect @outputs.onFinished[0] == 502", "expect @outputs.onFinished[-1000] == 502",
            ],
            screens: Self.screens(factorySets: false, appDelegate: AppDelegate()))
        for line in [3, 4, 5, 8, 9] { #expect(transcript.reply(line)?["type"] as? String == "ok", "line \(line)") }
    }
}
