#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether two paths name one file, through links and other spellings: what keeps a page from
/// being written over the log it is made from.
enum FileIdentity {
    /// Whether `a` and `b` are the same file (the same device and inode once links are followed),
    /// or the same text when neither exists yet.
    static func same(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return a == b }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
