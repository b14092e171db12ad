// A test app of outputs registered by hand: closure properties, a weak delegate, a stream and a
// notification.
import ViewModelREPL

/// Records a login's delegate calls as outputs.
@MainActor
final class LoginRecorder: LoginDelegate, OutputRecording {
    private let send: OutputSender

    init(_ send: OutputSender) {
        self.send = send
    }

    func loginDidSucceed(user: String, remember: Bool) {
        send("loginDidSucceed", members: ["user": user, "remember": remember])
    }

    func loginDidAskForHelp() {
        send("loginDidAskForHelp")
    }
}

var screens = ScreenRegistry()
screens.register(
    "checkout", summary: "pays in 1 s, then reports the receipt through onFinished",
    actions: [.action("pay") { await $0.pay() }, .action("cancel") { $0.cancel() }],
    outputs: [.closure("onFinished", \.onFinished), .closure("onCancel", \.onCancel)]
) { context in
    CheckoutViewModel(clock: context.clock)
}
screens.register(
    "login", summary: "tells its delegate who logged in",
    actions: [.action("submit") { $0.submit() }, .action("help") { $0.help() }],
    bindings: [.binding("name", \.name)],
    outputs: [
        .outputs(["loginDidSucceed", "loginDidAskForHelp"]) { model, send in
            let recorder = LoginRecorder(send)
            model.delegate = recorder
            return recorder
        }
    ]
) { _ in
    LoginViewModel()
}
screens.register(
    "catalog", summary: "sends routes through an AsyncStream and posts when recents are cleared",
    actions: [
        .action("open", "id") { (model, id: Int) in model.open(id) }, .action("openSettings") { $0.openSettings() },
        .action("clearRecents") { $0.clearRecents() },
    ],
    outputs: [.stream("routes") { $0.routes }, .notification(CatalogViewModel.didClearRecents, as: "didClearRecents")]
) { _ in
    CatalogViewModel()
}
await REPLMain.run(screens: screens)
