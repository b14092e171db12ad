#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's width, asked again each time so a resized window is honoured.
enum TerminalSize {
    /// How many columns the terminal on `fd` has; `nil` when it is not a terminal.
    static func columns(of fd: Int32 = STDOUT_FILENO) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
