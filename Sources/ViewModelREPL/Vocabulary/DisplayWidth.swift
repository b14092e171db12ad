/// How many columns text takes in a monospace terminal or drawing: most characters one, East
/// Asian wide ones and emoji two, combining marks and joiners none.
enum DisplayWidth {
    /// The columns `text` takes.
    static func of(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + cells($1.value) }
    }

    /// The columns one Unicode scalar takes.
    static func cells(_ value: UInt32) -> Int {
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            2
        default: 1
        }
    }
}
