import Foundation
import TestSupport
import Testing
import ViewModelREPL

/// `<`, `<=`, `>` and `>=` in conditions: parsed in both forms, held on numbers and dates only.
struct ComparisonTests {
    static func condition(_ text: String) throws -> StateCondition {
        let command = try #require(try CommandParser.parse("expect \(text)")?.command as? ExpectCommand)
        return command.condition
    }

    @Test(arguments: [
        ("attempt >= 0", StateCondition.Operator.greaterOrEqual), ("attempt<=3", .lessOrEqual), ("attempt < 3", .less), ("attempt>0", .greater),
    ])
    func parsesEachOperator(text: String, op: StateCondition.Operator) throws {
        let condition = try Self.condition(text)
        #expect(condition.op == op)
        #expect(condition.path == StatePath("attempt"))
    }

    @Test func ordersNumbersExactlyAndDatesByTime() {
        func holds(_ op: StateCondition.Operator, _ actual: JSONValue, _ value: JSONValue) -> Bool {
            ConditionCheck.holds(StateCondition(path: StatePath("a")!, op: op, value: value), in: .object([("a", actual)]))
        }
        #expect(holds(.greaterOrEqual, .int(0), .int(0)))
        #expect(!holds(.greater, .int(0), .int(0)))
        #expect(holds(.less, .double(1.5), .int(2)))
        #expect(holds(.greater, .int(9_007_199_254_740_993), .int(9_007_199_254_740_992)))
        #expect(holds(.greater, .number("18446744073709551615"), .number("18446744073709551614")))
        #expect(holds(.less, .string("2026-12-03T09:30:00Z"), .string("2026-12-03T09:30:01Z")))
        // Text that is not a date, a NaN, a missing value: no ordering holds, either way.
        #expect(!holds(.less, .string("a"), .string("b")) && !holds(.greaterOrEqual, .string("a"), .string("b")))
        #expect(!holds(.less, .double(.nan), .int(1)) && !holds(.greaterOrEqual, .double(.nan), .int(1)))
        #expect(!ConditionCheck.holds(StateCondition(path: StatePath("b")!, op: .less, value: .int(1)), in: .object([])))
    }

    @Test func aFailedOrderingSaysWhyAndAnInvariantTakesOne() async throws {
        let script = try temporaryFile("use users\ninvariant users.attempt >= 0\nload\nwait\nexpect users.attempt < 1\nexpect users.phase > 1\n")
        let result = try await SessionTranscript.runScripts([script])
        #expect(result.status == 3)
        #expect(result.reports == ["\(script):6: expected users.phase > 1, but it is \"loaded\", which > cannot compare: it orders numbers and dates"])
    }

    private func temporaryFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).vmrepl").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
