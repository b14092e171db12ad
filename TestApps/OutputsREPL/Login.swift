/// What a login tells the screen that presented it.
@MainActor
protocol LoginDelegate: AnyObject {
    func loginDidSucceed(user: String, remember: Bool)
    func loginDidAskForHelp()
}

/// A login that reports through a weak delegate, as UIKit-era screens do.
@MainActor
final class LoginViewModel {
    var name = ""
    private(set) var error: String?
    weak var delegate: (any LoginDelegate)?

    func submit() {
        guard !name.isEmpty else {
            error = "enter a name"
            return
        }
        error = nil
        delegate?.loginDidSucceed(user: name, remember: true)
    }

    func help() {
        delegate?.loginDidAskForHelp()
    }
}
