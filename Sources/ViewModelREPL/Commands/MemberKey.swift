/// The name of a command's member, declared once here: the command table, the parsers that bind
/// members and the builds that read them all use these constants, so a misspelt member does not
/// compile.
package struct MemberKey: Hashable, Sendable, CustomStringConvertible {
    /// The member's name in a JSON request and in `name=value`.
    package let name: String

    private init(_ name: String) {
        self.name = name
    }

    package var description: String { name }

    package static let append = MemberKey("append")
    package static let args = MemberKey("args")
    package static let clear = MemberKey("clear")
    package static let clock = MemberKey("clock")
    package static let delay = MemberKey("delay")
    package static let duration = MemberKey("duration")
    package static let error = MemberKey("error")
    package static let hang = MemberKey("hang")
    package static let name = MemberKey("name")
    package static let op = MemberKey("op")
    package static let output = MemberKey("output")
    package static let overwrite = MemberKey("overwrite")
    package static let path = MemberKey("path")
    package static let screen = MemberKey("screen")
    package static let set = MemberKey("set")
    package static let state = MemberKey("state")
    package static let steps = MemberKey("steps")
    package static let states = MemberKey("states")
    package static let timeout = MemberKey("timeout")
    package static let times = MemberKey("times")
    package static let topic = MemberKey("topic")
    package static let until = MemberKey("until")
    package static let value = MemberKey("value")
    package static let when = MemberKey("when")
}
