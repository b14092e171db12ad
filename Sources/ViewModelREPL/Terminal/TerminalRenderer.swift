/// Renders a terminal session's replies in the output mode the person chose: the human view, or
/// the protocol lines (coloured, one per line or indented) exactly as a program would get them.
@MainActor
final class TerminalRenderer: ReplyRenderer {
    var mode: OutputMode {
        didSet { highlighter.style = mode == .pretty ? .pretty : .compact }
    }
    /// The line being handled, for carets under errors.
    var input: String? {
        get { human.input }
        set { human.input = newValue }
    }
    private var human: HumanView
    private var highlighter: JSONHighlighter
    // Implicitly unwrapped only because its output closure refers to this renderer: it is set in init.
    private var protocolWriter: ProtocolWriter!
    private let show: (String) -> Void

    /// - Parameter show: Prints text above the line being edited.
    init(mode: OutputMode, colour: Bool, states: StateRendering, show: @escaping (String) -> Void) {
        self.mode = mode
        self.show = show
        human = HumanView(colour: colour)
        highlighter = JSONHighlighter(style: mode == .pretty ? .pretty : .compact, colour: colour)
        protocolWriter = ProtocolWriter(
            output: OutputChannel { [unowned self] bytes in
                self.show(self.highlighter.format(Array(bytes)))
                return true
            }, states: states)
    }

    var isClosed: Bool { false }

    func render(_ reply: Reply, tag: RequestTag?, push: Bool) {
        switch mode {
        case .human:
            human.columns = TerminalSize.columns()
            show(human.text(for: reply, push: push))
            protocolWriter.skip(reply)
        case .json, .pretty:
            protocolWriter.render(reply, tag: tag, push: push)
            // The human view follows the states shown meanwhile, so its next change is against them.
            if case .state = reply { _ = human.text(for: reply, push: push) }
        }
    }

    func flush() {
        protocolWriter.flush()
    }
}
