/// A node whose two children may be one node: a graph, not a tree.
final class Node {
    let level: Int
    let left: Node?
    let right: Node?

    init(level: Int, child: Node?) {
        self.level = level
        left = child
        right = child
    }
}

/// A view model holding a graph of 40 levels: 40 nodes, but 2^40 paths from its root.
@MainActor
final class SharedGraph {
    let root: Node
    var levels = 40

    init() {
        var node: Node?
        for level in 0..<40 { node = Node(level: level, child: node) }
        root = node!
    }
}
