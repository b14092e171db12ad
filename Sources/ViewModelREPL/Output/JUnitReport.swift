import Foundation

/// A JUnit XML report of one invocation (`vmrepl run`, `vmrepl test`): one test case per script or
/// transcript, a `<failure>` per failed line with FILE:LINE and what differed. CI systems
/// (GitHub Actions, GitLab, Jenkins) show it natively.
struct JUnitReport {
    /// One script or transcript.
    struct Case {
        var name: String
        var seconds: Double
        /// Each failure's report, as printed on stderr.
        var failures: [String]
    }

    /// The invocation, such as `vmrepl run`.
    var suite: String
    var cases: [Case] = []

    /// The report as XML.
    var xml: String {
        let failures = cases.filter { !$0.failures.isEmpty }.count
        let total = cases.reduce(0) { $0 + $1.seconds }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites tests="\#(cases.count)" failures="\#(failures)">"#,
            #"  <testsuite name="\#(Self.escape(suite))" tests="\#(cases.count)" failures="\#(failures)" errors="0" time="\#(Self.seconds(total))">"#,
        ]
        for testCase in cases {
            let open = #"    <testcase name="\#(Self.escape(testCase.name))" classname="\#(Self.escape(suite))" time="\#(Self.seconds(testCase.seconds))""#
            guard !testCase.failures.isEmpty else {
                lines.append(open + "/>")
                continue
            }
            lines.append(open + ">")
            for failure in testCase.failures {
                let first = failure.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? failure
                lines.append(#"      <failure message="\#(Self.escape(first))">\#(Self.escape(failure))</failure>"#)
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the report to `path` whole (a temporary file renamed over it); returns a problem, or `nil`.
    func write(to path: String) -> String? {
        AtomicFile.replace(path, with: Array(xml.utf8))
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// Text as XML character data or an attribute value; characters XML cannot hold become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
