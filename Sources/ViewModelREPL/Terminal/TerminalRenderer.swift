/// Renders a terminal session's output in the mode the person chose: the human view, or the
/// protocol lines (coloured, one per line or indented) exactly as a program would get them.
@MainActor
final class TerminalRenderer: OutputConsumer {
    /// The line being handled, for carets under errors.
    var input: String? {
        get { human.input }
        set { human.input = newValue }
    }
    private var human: HumanView
    private var highlighter: JSONHighlighter
    // Implicitly unwrapped only because its output closure refers to this renderer: it is set in init.
    private var protocolWriter: ProtocolWriter<OutputChannel>!
    private let show: (String) -> Void

    /// - Parameter show: Prints text above the line being edited.
    init(colour: Bool, show: @escaping (String) -> Void) {
        self.show = show
        human = HumanView(colour: colour)
        highlighter = JSONHighlighter(style: .compact, colour: colour)
        protocolWriter = ProtocolWriter(
            output: OutputChannel { [unowned self] bytes in
                self.show(self.highlighter.format(Array(bytes)))
                return true
            })
    }

    var isClosed: Bool { false }

    func consume(_ value: OutputValue, settings: OutputSettings) {
        switch settings.mode ?? .human {
        case .human:
            human.columns = TerminalSize.columns()
            show(human.text(for: value.reply, push: value.push))
        case .json, .pretty:
            highlighter.style = settings.mode == .pretty ? .pretty : .compact
            protocolWriter.render(value)
            // The human view follows the states shown meanwhile, so its next change is against them.
            if case .state = value.reply { _ = human.text(for: value.reply, push: value.push) }
        }
    }

    func flush() {
        protocolWriter.flush()
    }
}
