import ExampleScreens
import Testing
import ViewModelKit

@MainActor
struct GreetingScreenTests {
    @Test func failureShowsAnErrorAndRetryLoadsAgain() async {
        let clock = ManualClock()
        let model = GreetingScreen.makeViewModel(clock: clock, random: ScriptedCoins(coins: [0, .max]))
        model.handle(event: .appeared)
        await clock.waitForSleepers()
        clock.advance(by: GreetingScreen.loadDuration)
        await model.waitUntilIdle()
        #expect(model.viewState.phase == .failed)
        #expect(model.viewState.failure?.attempt == 1)
        model.handle(event: .retryTapped)
        #expect(model.viewState.phase == .loading)
        await clock.waitForSleepers()
        clock.advance(by: GreetingScreen.loadDuration)
        await model.waitUntilIdle()
        #expect(model.viewState == .loaded(GreetingScreen.greeting))
    }

    @Test func cancellingIsNotAnError() async {
        let clock = ManualClock()
        let model = GreetingScreen.makeViewModel(clock: clock, random: AlwaysHeads())
        model.load()
        await clock.waitForSleepers()
        model.cancelLoad()
        #expect(model.viewState == LoadState(phase: .initial))
        #expect(!model.isLoading)
    }
}

/// A generator that returns the given values in turn.
struct ScriptedCoins: RandomNumberGenerator {
    var coins: [UInt64]
    mutating func next() -> UInt64 { coins.isEmpty ? 0 : coins.removeFirst() }
}
