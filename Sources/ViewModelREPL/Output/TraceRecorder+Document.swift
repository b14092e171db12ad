extension TraceRecorder {
    /// The trace page as the session stands now, titled by `name` (a file's name, a test's name):
    /// one self-contained HTML file, what `--trace` writes and a failing Swift test attaches.
    package func page(named name: String) -> [UInt8] {
        TracePage.html(data: document(title: Messages.traceTitle(path: name, scripts: scripts)))
    }

    /// The trace as one JSON document, the data the page reads: the steps, the states as a chain
    /// of patches, what the limits left out, and explore's coverage with its graph when there is one.
    ///
    /// ```json
    /// {"version":1,"title":"…","limits":{…},"dropped":{"steps":0,"states":0,"pushes":0,"failures":0},"notice":"…",
    ///  "steps":[{"line":2,"cmd":"load","clock":0,"reply":{…},"pushes":[…],"pushClocks":[2],"state":1,"failure":"expect"}],
    ///  "states":[{"screen":"users","model":"real","full":{…}},{"screen":"users","model":"real","base":0,"patch":[…]}],
    ///  "coverage":{"line":{"type":"coverage",…},"svg":"<svg …>","drawn":{"states":4,"transitions":7},"notice":"…","undrawn":["…"]}}
    /// ```
    func document(title: String) -> [UInt8] {
        let out = ByteBuffer(capacity: 1 << 16)
        out.append(#"{"version":1,"title":"#)
        JSONWriter.append(string: title, to: out)
        out.append(#","limits":{"steps":"#)
        JSONWriter.append(limits.steps, to: out)
        out.append(#","bytes":"#)
        JSONWriter.append(limits.bytes, to: out)
        out.append(#","textBytes":"#)
        JSONWriter.append(limits.textBytes, to: out)
        out.append(#"},"dropped":{"steps":"#)
        JSONWriter.append(droppedSteps, to: out)
        out.append(#","states":"#)
        JSONWriter.append(droppedStates, to: out)
        out.append(#","pushes":"#)
        JSONWriter.append(droppedPushes, to: out)
        out.append(#","failures":"#)
        JSONWriter.append(droppedFailures, to: out)
        out.append(UInt8(ascii: "}"))
        if droppedSteps > 0 || droppedStates > 0 || droppedPushes > 0 {
            out.append(#","notice":"#)
            let notice = Messages.traceDropped(steps: droppedSteps, states: droppedStates, pushes: droppedPushes, stepLimit: limits.steps, bytes: limits.bytes)
            JSONWriter.append(string: notice, to: out)
        }
        out.append(#","steps":["#)
        for (index, step) in steps.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.append(json(step), to: out)
        }
        out.append(#"],"states":["#)
        for (index, entry) in states.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(#"{"screen":"#)
            JSONWriter.append(string: entry.screen, to: out)
            out.append(#","model":"#)
            JSONWriter.append(string: entry.model, to: out)
            if let full = entry.full {
                out.append(#","full":"#)
                out.append(full)
            }
            if let base = entry.base, let patch = entry.patch {
                out.append(#","base":"#)
                JSONWriter.append(base, to: out)
                out.append(#","patch":"#)
                JSONWriter.append(patch, to: out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if let coverage {
            out.append(#","coverage":"#)
            JSONWriter.append(json(coverage.line, CoverageDiagram(coverage.coverage)), to: out)
        }
        out.append(UInt8(ascii: "}"))
        return out.array
    }

    /// The coverage line and its graph as the page reads them.
    private func json(_ line: JSONValue, _ diagram: CoverageDiagram) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("line", line), ("svg", .string(diagram.svg)),
            ("drawn", .object([("states", .int(diagram.drawnStates)), ("transitions", .int(diagram.drawnTransitions))])),
        ]
        if let notice = diagram.notice { members.append(("notice", .string(notice))) }
        if !diagram.undrawn.isEmpty { members.append(("undrawn", .array(diagram.undrawn.map(JSONValue.string)))) }
        return .object(members)
    }

    /// A step as the page reads it.
    private func json(_ step: Step) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let file = step.file { members.append(("file", .string(file))) }
        if let call = step.call { members.append(("call", .string(call))) }
        if let line = step.line { members.append(("line", .int(line))) }
        if let id = step.id { members.append(("id", id)) }
        if let command = step.command { members.append(("cmd", .string(command))) }
        if let clock = step.clock { members.append(("clock", .double(clock))) }
        members.append(("reply", step.reply))
        if !step.pushes.isEmpty { members.append(("pushes", .array(step.pushes))) }
        if !step.pushClocks.isEmpty { members.append(("pushClocks", .array(step.pushClocks.map(JSONValue.double)))) }
        if let state = step.state { members.append(("state", .int(state))) }
        if let failure = step.failure { members.append(("failure", .string(failure))) }
        return .object(members)
    }
}
