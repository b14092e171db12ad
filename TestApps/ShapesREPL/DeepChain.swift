/// A linked list as an indirect enum: one case per level.
indirect enum Chain {
    case end
    case link(Chain)
}

/// A view model holding a value nested far deeper than a state is written.
@MainActor
final class DeepChain {
    var chain = Chain.end
    var length = 0

    init() {
        for _ in 0..<8_000 { grow() }
    }

    func grow() {
        chain = .link(chain)
        length += 1
    }
}
