import Foundation

/// A state a view model defines by itself: an enum that describes itself otherwise than its case.
enum Mood: CustomStringConvertible, Hashable {
    case idle, busy
    var description: String { "Mood is \(self == .idle ? "calm" : "busy")" }
}

/// A raw-value enum whose JSON is its raw value, not its case name.
enum Privacy: String, Codable, CaseIterable {
    case pub = "public"
    case priv = "private"
}

/// An alert as a screen keeps it: text, and what to do when it is confirmed.
struct Alert {
    var title: String
    var action: (() -> Void)?
}

/// A prompt whose case holds a closure beside its text.
enum Prompt {
    case none
    case confirm(title: String, action: (() -> Void)?)
}

/// A generic box whose type argument names a closure type but holds none.
struct Box<Tag> {
    var count = 3
}

/// A count whose own `Codable` writes an object but reads a plain number: what it prints does
/// not read back, so it cannot be mocked, while every other field can.
struct Tally: Codable {
    var count: Int

    init(count: Int) {
        self.count = count
    }

    init(from decoder: any Decoder) throws {
        count = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
    }

    private enum CodingKeys: String, CodingKey {
        case count
    }
}

/// Numbers, keys, closures and enums in the forms a hostile sweep found printed wrongly.
@MainActor
final class OddValues {
    var decimal = Decimal(string: "3.14159265358979323846264338327950288")!
    var decimalNaN = Decimal.nan
    var doubles: [Double] = [1.5, .nan, .infinity, -.infinity]
    var float: Float = 0.1
    var negativeZero = -0.0
    var byMood: [Mood: Int] = [.idle: 1, .busy: 2]
    var mixedKeys: [AnyHashable: Int] = [1: 10, "1": 20]
    var mixedSet: Set<AnyHashable> = [1, "1"]
    var alert = Alert(title: "OK", action: {})
    var prompt = Prompt.confirm(title: "Delete?", action: {})
    var box = Box<(Int) -> Int>()
    var mood = Mood.idle
    var privacy = Privacy.pub
    var files = ["hello.swift": "print(1)", "read me": "text"]
    var touched = 0
    var tally = Tally(count: 2)
    var small: Int8 = 0
    var big: UInt64 = .max
    var ratio: Float = 1
    var when = Date(timeIntervalSince1970: 1_764_754_220.999)
    var task: Task<Void, Never>? = Task {}
    var buffer = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    func touch() {
        touched += 1
    }
}
