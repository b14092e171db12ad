import Testing
import ViewModelKit

private enum Tap: Equatable { case hello, goodbye }

@MainActor
struct PreviewViewModelTests {
    @Test func recordsEventsAndKeepsItsState() {
        let preview = PreviewViewModel<Tap, String>(viewState: "This is a preview!")
        preview.handle(event: .hello)
        preview.handle(event: .goodbye)
        #expect(preview.viewState == "This is a preview!")
        #expect(preview.recordedEvents == [.hello, .goodbye])
        #expect(preview.eventCount == 2)
    }

    @Test func recordingIsCapped() {
        let preview = PreviewViewModel<Int, String>(viewState: "", recordLimit: 4)
        for event in 1...10 { preview.handle(event: event) }
        #expect(preview.eventCount == 10)
        #expect(preview.recordedEvents.count <= 4)
        #expect(preview.recordedEvents.last == 10)
    }
}

struct SeededRandomNumberGeneratorTests {
    @Test func sameSeedGivesTheSameSequence() {
        var a = SeededRandomNumberGenerator(seed: 42)
        var b = SeededRandomNumberGenerator(seed: 42)
        var c = SeededRandomNumberGenerator(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
    }
}
