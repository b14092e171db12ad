import Foundation
import TestSupport
import Testing
import ViewModelREPL

/// Paths read the objects, not the printout: through a shared object's mark and through a cycle,
/// in `expect`, `wait until`, `watch` and `invariant`, while the printout keeps its marks.
@MainActor
struct SharedPathTests {
    final class Conversation {
        var name: String
        var messages: [Message] = []
        init(_ name: String) { self.name = name }
    }

    final class Message {
        let text: String
        weak var conversation: Conversation?
        init(_ text: String, in conversation: Conversation) {
            self.text = text
            self.conversation = conversation
        }
    }

    /// A chat store as Enchanted writes one: the selected conversation is also in the list, and
    /// each message points back at its conversation.
    final class ChatStore {
        var selectedConversation: Conversation?
        var conversations: [Conversation]
        var pinned: [Conversation]

        init() {
            let conversation = Conversation("hi there")
            conversation.messages = (0..<6).map { Message("m\($0)", in: conversation) }
            conversations = [conversation, Conversation("other")]
            selectedConversation = conversation
            pinned = Array(repeating: conversation, count: 4)
        }

        func rename(_ name: String) { conversations[0].name = name }
    }

    static func screens() -> ScreenRegistry {
        var screens = ScreenRegistry()
        screens.register("chat", summary: "shared objects", actions: [.action("rename", "name") { (model: ChatStore, name: String) in model.rename(name) }]) {
            _ in
            ChatStore()
        }
        return screens
    }

    @Test func aPathReadsThroughSharedMarksAndCycles() async throws {
        let result = try await SessionTranscript.run(
            [
                "use chat",
                #"expect conversations[0].name == "hi there""#,
                #"expect conversations[0].messages[5].text == "m5""#,
                #"expect selectedConversation.messages[0].conversation.name == "hi there""#,
                #"expect conversations[0].messages[0].conversation.messages[1].text == "m1""#,
                "expect conversations[0].messages.count == 6",
                #"invariant conversations[0].name != "bye""#,
                "watch conversations[0].name",
                #"event rename name="hello""#,
                #"wait until conversations[0].name == "hello""#,
                #"expect conversations[0].name == "nope""#,
            ], screens: Self.screens())
        let parsed = result.parsed()
        // The printout still marks what it wrote elsewhere.
        #expect(result.text[1].contains(#"conversations":["<shared: Conversation, written in full nearer the top>""#))
        for line in 2...7 { #expect(parsed.reply(line)?["type"] as? String == "ok", "line \(line): \(String(describing: parsed.reply(line)))") }
        #expect(parsed.lines.contains { $0["type"] as? String == "change" && $0["to"] as? String == "hello" })
        #expect(parsed.reply(10)?["type"] as? String == "state")
        #expect(parsed.reply(11)?["code"] as? String == "expectation_failed")
        #expect(value(parsed.reply(11), "actual") as? String == "hello")
    }
}
