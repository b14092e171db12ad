import Testing

@testable import ViewModelREPL

/// An enum's cases are read from its type, whatever value a state holds now.
struct EnumCasesTests {
    enum Phase { case idle, loaded(Int), failed(message: String), moved(Int, Int) }
    enum Outcome<Value> { case none, value(Value), values([Value]) }
    indirect enum Tree { case leaf, node(Tree, Tree) }
    struct Plain { var x = 1 }

    @Test func casesComeFromTheTypePayloadCasesFirst() {
        #expect(EnumCases.of(Phase.self)?.map(\.description) == ["loaded(Int)", "failed(message: String)", "moved(Int, Int)", "idle"])
        #expect(EnumCases.of(Outcome<String>.self)?.map(\.description) == ["value(String)", "values([String])", "none"])
        #expect(EnumCases.of(Tree.self)?.map(\.description) == ["node(Tree, Tree)", "leaf"])
    }

    @Test func whatIsNoEnumHasNoCases() {
        #expect(EnumCases.of(Plain.self) == nil)
        #expect(EnumCases.of(Int?.self) == nil)
        #expect(EnumCases.of(String.self) == nil)
        #expect(EnumCases.of((Int, Int).self) == nil)
        #expect(EnumCases.of(EnumCasesTests.self) == nil)
    }

    @Test func tupleTypesKeepTheirCommas() {
        #expect(TypeName.of([(Int, String)].self) == "[(Int, String)]")
        #expect(TypeName.of([String: (Int, Int)].self) == "[String: (Int, Int)]")
    }
}
