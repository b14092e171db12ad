import Foundation
import Testing

@testable import ViewModelREPL

/// The human view on fixed states: changes, folding, shortening; its layout at a terminal's
/// width, where wide characters (CJK, emoji) take two columns.
struct HumanViewUnitTests {
    private func snapshot(_ json: String, model: ModelKind = .real, whole: Bool = false, focus: String? = nil) -> Reply {
        var snapshot = StateSnapshot(screen: "s", model: model, isLoading: false, json: Array(json.utf8))
        snapshot.isWhole = whole
        snapshot.focus = focus.flatMap(StatePath.init)
        return .state(snapshot)
    }

    @Test func aStateReplyAfterTheFirstShowsEachChangedPath() {
        var view = HumanView(colour: false)
        _ = view.text(for: snapshot(#"{"a":1,"l":[1,2],"o":{"x":"y"}}"#), push: false)
        let text = view.text(for: snapshot(#"{"a":2,"l":[1],"o":{"x":"y","z":true}}"#), push: true)
        #expect(text == "⟳ a: 1 → 2\n⟳ - l[1]: 2\n⟳ + o.z: true\n")
        #expect(view.text(for: snapshot(#"{"a":2,"l":[1],"o":{"x":"y","z":true}}"#), push: false) == "(no change)\n")
    }

    @Test func theBannerIsBrokenBetweenWordsAtTheTerminalsWidth() {
        var view = HumanView(colour: false)
        view.columns = 100
        let screens = ["foo", "counter", "users", "posts", "greeting", "async-content", "view-state", "posts-tutorial", "search"]
        let lines = view.text(for: .ready(screens: screens, clock: .real), push: false).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count <= 100 && !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
        #expect(lines.joined(separator: " ") == Messages.banner(screens: screens, clock: "real"))
        view.columns = nil
        #expect(view.text(for: .ready(screens: screens, clock: .real), push: false).split(separator: "\n").count == 1)
    }

    @Test func aWholeStateFoldsLongListsAndShowsAPartInFull() {
        var view = HumanView(colour: false)
        let state = #"{"list":[1,2,3,4,5,6],"name":"n"}"#
        #expect(view.text(for: snapshot(state, whole: true), push: false) == "s\n  list: [6 items]\n  name: \"n\"\n")
        #expect(
            view.text(for: snapshot(state, whole: true, focus: "list"), push: false) == "list:\n  [0]: 1\n  [1]: 2\n  [2]: 3\n  [3]: 4\n  [4]: 5\n  [5]: 6\n")
    }

    @Test func longValuesAreShortenedWithTheirLength() {
        var view = HumanView(colour: false)
        _ = view.text(for: snapshot(#"{"t":""}"#), push: false)
        let long = String(repeating: "x", count: 100)
        let text = view.text(for: snapshot(#"{"t":"\#(long)"}"#), push: false)
        #expect(text == "t: \"\" → \"" + String(repeating: "x", count: 58) + "… (102 chars)\n")
    }

    @Test func aChangeOfModelIsSaid() {
        var view = HumanView(colour: false)
        _ = view.text(for: snapshot(#"{"t":"a"}"#), push: false)
        #expect(view.text(for: snapshot(#"{"t":"b"}"#, model: .preview), push: false) == "now showing the preview\n[preview] t: \"a\" → \"b\"\n")
    }

    @Test func errorsWithAColumnEchoTheLineWithACaret() {
        var view = HumanView(colour: false)
        view.input = "use a b"
        #expect(
            view.text(for: .error(ReplError(.unexpectedArgument(to: UseCommand.spec), column: 7)), push: false)
                == "error: unexpected argument; usage: use SCREEN\n  use a b\n        ^\n")
    }

    // MARK: At a terminal's width

    /// The character of `text` that starts at display column `column`, if one does.
    private func character(of text: String, atColumn column: Int) -> Character? {
        var used = 0
        for character in text {
            if used == column { return character }
            used += DisplayWidth.of(String(character))
            if used > column { return nil }
        }
        return nil
    }

    @Test func theCaretIsUnderItsCharacterPastWideOnes() {
        let echo = HumanView.echo("ab日本z", caretAt: 4, columns: nil)
        #expect(echo.shown == "ab日本z" && echo.offset == 6)
        #expect(character(of: echo.shown, atColumn: echo.offset) == "z")
    }

    @Test(arguments: [20, 40, 70])
    func aLongWideLineIsCutAroundItsCaret(columns: Int) {
        let input = String(repeating: "日", count: 30) + "z" + String(repeating: "😀", count: 30)
        let echo = HumanView.echo(input, caretAt: 30, columns: columns)
        #expect(DisplayWidth.of(echo.shown) + 3 <= columns, "\(echo.shown)")
        #expect(character(of: echo.shown, atColumn: echo.offset) == "z", "\(echo)")
        #expect(echo.shown.hasPrefix("…") && echo.shown.hasSuffix("…"))
    }

    /// A word wider than the line (a long literal) is cut into lines, colour codes kept whole.
    @Test func aWordWiderThanTheLineIsCut() {
        let long = "\u{1B}[32m\"" + String(repeating: "x", count: 100) + "\"\u{1B}[0m"
        let lines = HumanView.fitted("expect text == " + long + " done", to: 40)
        #expect(lines.count == 4, "\(lines)")
        for part in lines {
            let visible = part.replacingOccurrences(of: "\u{1B}[32m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
            #expect(visible.count <= 40, "\(part)")
        }
        #expect(lines.joined().contains("\u{1B}[32m") && lines.joined().contains("\u{1B}[0m"))
    }

    @Test func aLineOfWideWordsIsBrokenWithinTheWidth() {
        let line = "error: " + Array(repeating: "日本語の文字", count: 20).joined(separator: " ")
        let lines = HumanView.fitted(line, to: 40)
        #expect(lines.count > 1)
        for part in lines { #expect(DisplayWidth.of(part) <= 40, "\(part)") }
        #expect(lines.joined(separator: " ").split(separator: " ") == line.split(separator: " "))
    }
}
