import ExampleScreens
import Testing
import ViewModelKit

@MainActor
struct UsersViewModelTests {
    /// Runs `loads` loads of a users screen seeded with `seed` and returns the phase each ended in.
    private func outcomes(seed: UInt64, loads: Int) async -> [LoadState<[User]>.Phase] {
        let clock = ManualClock()
        let model = UsersViewModel(clock: clock, random: SeededRandomNumberGenerator(seed: seed))
        var phases: [LoadState<[User]>.Phase] = []
        for _ in 0..<loads {
            model.load()
            await clock.waitForSleepers()
            clock.advance(by: UsersViewModel.loadDuration)
            await model.waitUntilIdle()
            phases.append(model.viewState.users.phase)
        }
        return phases
    }

    @Test func loadTakesTwoSecondsOnTheClock() async {
        let clock = ManualClock()
        let model = UsersViewModel(clock: clock, random: AlwaysHeads())
        model.handle(event: .loadTapped)
        #expect(model.viewState == UsersViewState(users: LoadState(phase: .loading, attempt: 1)))
        #expect(model.viewState.users.isInitialLoad)
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(1999))
        #expect(model.isLoading)
        clock.advance(by: .milliseconds(1))
        await model.waitUntilIdle()
        #expect(model.viewState == UsersViewState(users: .loaded(UsersViewModel.loadedUsers)))
    }

    @Test func reloadKeepsTheUsersShown() async {
        let clock = ManualClock()
        let model = UsersViewModel(clock: clock, random: AlwaysHeads())
        model.load()
        await clock.waitForSleepers()
        clock.advance(by: .seconds(2))
        await model.waitUntilIdle()
        model.load()
        #expect(model.viewState == UsersViewState(users: LoadState(phase: .loading, value: UsersViewModel.loadedUsers, attempt: 1)))
        #expect(!model.viewState.users.isInitialLoad)
    }

    @Test func sameSeedGivesTheSameOutcomes() async {
        let first = await outcomes(seed: 7, loads: 12)
        #expect(first == (await outcomes(seed: 7, loads: 12)))
        #expect(first.contains(.loaded) && first.contains(.failed))
    }
}

/// A generator whose coin always lands heads (success).
struct AlwaysHeads: RandomNumberGenerator {
    mutating func next() -> UInt64 { .max }
}

/// A generator whose coin always lands tails (failure).
struct AlwaysTails: RandomNumberGenerator {
    mutating func next() -> UInt64 { 0 }
}
