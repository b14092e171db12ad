import Foundation

/// A draft saved 1 s after each edit by a `Timer` the view model does not keep.
@MainActor
final class AutosaveViewModel {
    private(set) var draft = ""
    private(set) var saved = true

    func edit(_ text: String) {
        draft = text
        saved = false
        _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in
            MainActor.assumeIsolated { self?.saved = true }
        }
    }
}
