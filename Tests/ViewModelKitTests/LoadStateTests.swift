import Foundation
import Testing
import ViewModelKit

struct LoadStateTests {
    @Test func startsInitialWithNothingLoaded() {
        let state = LoadState<[Int]>()
        #expect(state == LoadState(phase: .initial, value: nil, failure: nil, attempt: 0))
        #expect(!state.isInitialLoad)
    }

    @Test func firstLoadIsTheInitialOne() {
        var state = LoadState<[Int]>()
        state.start()
        #expect(state == LoadState(phase: .loading, value: nil, failure: nil, attempt: 1))
        #expect(state.isInitialLoad)
    }

    @Test func reloadKeepsTheLastValueAndIsNotInitial() {
        var state = LoadState<[Int]>.loaded([1, 2])
        state.start()
        #expect(state == LoadState(phase: .loading, value: [1, 2], failure: nil, attempt: 1))
        #expect(!state.isInitialLoad)
    }

    @Test func failedReloadKeepsTheLastValueAndCountsAttempts() {
        var state = LoadState<[Int]>.loaded([1, 2])
        state.start()
        state.fail(message: "offline")
        state.start()
        state.fail(message: "still offline")
        #expect(state == LoadState(phase: .failed, value: [1, 2], failure: LoadFailure(message: "still offline", attempt: 2), attempt: 2))
    }

    @Test func successResetsFailureAndAttempts() {
        var state = LoadState<[Int]>()
        state.start()
        state.fail(message: "offline")
        state.start()
        state.succeed(with: [3])
        #expect(state == .loaded([3]))
    }

    @Test(arguments: [
        (LoadState<[Int]>(), LoadState<[Int]>(phase: .initial)),
        (LoadState<[Int]>.loaded([1]), LoadState<[Int]>.loaded([1])),
    ])
    func cancelGoesBackToWhatWasShownBefore(before: LoadState<[Int]>, after: LoadState<[Int]>) {
        var state = before
        state.start()
        state.cancel()
        #expect(state == after)
    }

    @Test func cancellingARetryShowsTheFailureAgain() {
        var state = LoadState<[Int]>.loaded([1])
        state.start()
        state.fail(message: "offline")
        let failed = state
        state.start()
        state.cancel()
        #expect(state == failed)
        #expect(state.failure == LoadFailure(message: "offline", attempt: 1))
    }

    @Test func aLoadThatReplacesTheOneInFlightIsTheSameAttempt() {
        var state = LoadState<[Int]>()
        for _ in 0..<1000 { state.start() }
        #expect(state == LoadState(phase: .loading, value: nil, failure: nil, attempt: 1))
        state.cancel()
        #expect(state == LoadState<[Int]>())
    }

    @Test func cancellingAMockedLoadFallsBackOnTheValue() {
        var state = LoadState<[Int]>(phase: .loading, value: [1], attempt: 2)
        state.cancel()
        #expect(state == LoadState(phase: .loaded, value: [1], attempt: 1))
    }

    @Test func jsonFormRoundTripsAndNamesTheInitialLoad() throws {
        var state = LoadState<[String]>.loaded(["a"])
        state.start()
        state.fail(message: "HTTP 500")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(state), as: UTF8.self)
        #expect(json == #"{"attempt":1,"failure":{"attempt":1,"message":"HTTP 500"},"isInitialLoad":false,"phase":"failed","value":["a"]}"#)
        #expect(try JSONDecoder().decode(LoadState<[String]>.self, from: Data(json.utf8)) == state)
    }
}
