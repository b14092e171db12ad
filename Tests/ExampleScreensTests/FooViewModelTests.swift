import ExampleScreens
import Testing
import ViewModelKit

@MainActor
struct FooViewModelTests {
    @Test func startsWithNothingHappened() {
        #expect(FooViewModel().viewState == FooViewState(text: "Nothing has happened yet.", sheetIsPresented: false))
    }

    @Test(arguments: [
        (FooViewEvent.hello, FooViewState(text: "👋", sheetIsPresented: false)),
        (.goodbye, FooViewState(text: "😢", sheetIsPresented: false)),
        (.present, FooViewState(text: "Nothing has happened yet.", sheetIsPresented: true)),
        (.dismiss, FooViewState(text: "Nothing has happened yet.", sheetIsPresented: false)),
    ])
    func eventChangesTheState(event: FooViewEvent, expected: FooViewState) {
        let model = FooViewModel()
        model.handle(event: event)
        #expect(model.viewState == expected)
    }

    @Test func previewIgnoresEvents() {
        let preview = PreviewViewModel<FooViewEvent, FooViewState>(viewState: FooViewState(text: "This is a preview!"))
        preview.handle(event: .present)
        #expect(preview.viewState == FooViewState(text: "This is a preview!", sheetIsPresented: false))
        #expect(preview.recordedEvents == [.present])
    }
}
