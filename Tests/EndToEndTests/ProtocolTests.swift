import Foundation
import TestSupport
import Testing

/// The properties a driving program relies on: one reply per request, order, flushing, bad input.
struct ProtocolTests {
    @Test(.timeLimit(.minutes(1)))
    func strictPingPongNeverStallsOnBufferedOutput() async throws {
        let process = try VMReplProcess()
        _ = try await process.next()
        var line = 0
        for round in 0..<200 {
            line += 1
            let request = round == 0 ? "use foo" : (round.isMultiple(of: 2) ? "event hello" : #"{"id":\#(round),"cmd":"event","name":"goodbye"}"#)
            let (reply, before) = try await process.request(request, line: line)
            #expect(before.isEmpty)
            #expect(reply["type"] as? String == "state")
            if round > 0, !round.isMultiple(of: 2) { #expect(reply["id"] as? Int == round) }
        }
        process.closeInput()
        #expect(try await process.rest().isEmpty)
        #expect(await process.exitStatus() == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRefusedRequestEchoesItsIDAsGiven() async throws {
        let process = try VMReplProcess()
        _ = try await process.next()
        let requests = [
            (#"{"id":5,"cmd":"nope"}"#, "5", "unknown_command"), (#"{"id":"x","cmd":"event"}"#, #""x""#, "bad_arguments"),
            (#"{"id":12345678901234567890,"cmd":"use","screen":"nowhere"}"#, "12345678901234567890", "unknown_screen"),
            (#"{"id":1e400,"cmd":"use","extra":1}"#, "1e400", "bad_arguments"),
        ]
        for (request, id, code) in requests {
            process.send(request)
            // Read as text: the id's own digits, as the request gave them (a parser would round the long ones).
            let reply = try #require(await process.nextLine())
            #expect(reply.contains(#""code":"\#(code)""#), "\(reply)")
            #expect(reply.contains(#""id":\#(id),"#), "\(reply)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func loadPushesArriveWhileLaterRequestsAreAnswered() async throws {
        let process = try VMReplProcess(["--seed=1"])
        _ = try await process.next()
        _ = try await process.request("use users", line: 1)
        let (loading, _) = try await process.request("load", line: 2)
        #expect(value(loading, "state.users.phase") as? String == "loading")
        let (foo, _) = try await process.request("use foo", line: 3)
        #expect(foo["screen"] as? String == "foo")
        let (hello, noPushYet) = try await process.request("event hello", line: 4)
        #expect(value(hello, "state.text") as? String == "👋")
        #expect(noPushYet.isEmpty)
        // Virtual time: moving the clock finishes the load; its push comes before advance's reply, tagged with line 2.
        let (clock, pushes) = try await process.request("advance 2s", line: 5)
        #expect(clock["type"] as? String == "clock")
        #expect(pushes.count == 1)
        #expect(pushes.first?["line"] as? Int == 2)
        #expect(pushes.first?["push"] as? Bool == true)
        #expect(pushes.first?["screen"] as? String == "users")
        #expect(["loaded", "failed"].contains(value(pushes.first, "state.users.phase") as? String ?? ""))
        process.closeInput()
        _ = try await process.rest()
    }

    @Test(.timeLimit(.minutes(1)))
    func onRealTimeALoadsPushArrivesOnItsOwn() async throws {
        let process = try VMReplProcess(["--clock=real"])
        #expect(try await process.next()["clock"] as? String == "real")
        _ = try await process.request("use greeting", line: 1)
        _ = try await process.request(#"{"id":"L","cmd":"load"}"#, line: 2)
        // Nothing more is sent: the load's result is pushed unasked, tagged with the request that
        // started it. (A request sent now could be answered after the push: the load takes a second.)
        let push = try await process.next()
        #expect(push["push"] as? Bool == true)
        #expect(push["id"] as? String == "L")
        #expect(push["line"] as? Int == 2)
        #expect(["loaded", "failed"].contains(value(push, "state.phase") as? String ?? ""))
        process.closeInput()
        _ = try await process.rest()
    }

    @Test(arguments: [
        ([0x75, 0x73, 0x65, 0x20, 0xFF, 0xFE] as [UInt8], "invalid_utf8"),
        (Array("use\u{0}foo".utf8), "control_character"),
        (Array("event \u{1B}[31m".utf8), "control_character"),
        ([UInt8](repeating: 0x61, count: 300), "line_too_long"),
    ])
    func rejectedBytesGetOneErrorAndReadingGoesOn(bytes: [UInt8], code: String) async throws {
        let process = try VMReplProcess(["--max-line-bytes=200"])
        process.send("use foo")
        process.sendBytes(bytes + [0x0A])
        process.send("event hello\r")
        process.closeInput()
        let lines = try await process.rest()
        #expect(lines.count == 4)
        #expect(lines[2]["code"] as? String == code)
        #expect(lines[2]["line"] as? Int == 2)
        #expect(value(lines[3], "state.text") as? String == "👋")
    }
}
