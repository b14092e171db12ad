import Observation
import ViewModelKit

/// What the foo screen shows: a line of text and whether its modal sheet is up.
public struct FooViewState: Codable, Hashable, Sendable {
    /// The text in the middle of the screen.
    public var text: String
    /// Whether the modal sheet is presented.
    public var sheetIsPresented: Bool

    /// Creates a state.
    public init(text: String, sheetIsPresented: Bool = false) {
        self.text = text
        self.sheetIsPresented = sheetIsPresented
    }
}

/// What the foo screen's buttons report.
public enum FooViewEvent: Codable, Sendable, CaseIterable {
    /// The Hello button was tapped.
    case hello
    /// The Goodbye button was tapped.
    case goodbye
    /// The "Present modal sheet" button was tapped.
    case present
    /// The sheet was swiped away.
    case dismiss
}

/// The real view model of the foo screen: greets, says goodbye and presents a sheet.
@MainActor
@Observable
public final class FooViewModel: ViewModel {
    public var viewState = FooViewState(text: "Nothing has happened yet.")

    /// Creates the view model in its first state.
    public init() {}

    public func handle(event: FooViewEvent) {
        switch event {
        case .hello: viewState.text = "👋"
        case .goodbye: viewState.text = "😢"
        case .present: viewState.sheetIsPresented = true
        case .dismiss: viewState.sheetIsPresented = false
        }
    }
}
