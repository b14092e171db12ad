/// A 64-bit digest of what a reply says (FNV-1a): a state's JSON as written, or the kind of reply
/// and its few facts. Two replays of the same step agree on it exactly when they agree on the state.
enum ReplyDigest {
    static func of(_ reply: Reply) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0100_0000_01b3
            }
        }
        switch reply {
        case .state(let snapshot):
            add(snapshot.screen.utf8)
            add(snapshot.json)
            if let result = snapshot.result { add(JSONWriter.bytes(result)) }
        case .recorded(let recorded):
            add(JSONWriter.bytes(recorded.event))
            add("recorded \(recorded.count)".utf8)
        case .ok(let acknowledgement):
            add(("ok " + acknowledgement.command).utf8)
        case .error(let error):
            add(("error " + error.code.rawValue).utf8)
        case .clock(let now):
            add("clock \(now)".utf8)
        default:
            add("other".utf8)
        }
        return hash
    }
}
