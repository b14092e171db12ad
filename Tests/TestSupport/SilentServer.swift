#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP port on 127.0.0.1 that takes connections and never answers: a request to it waits until
/// it is cancelled, so a test can act while a load is in flight without racing the load's end.
public final class SilentServer: Sendable {
    /// The port the system picked.
    public let port: Int
    private let socket: Int32

    /// Listens on a free port; connections wait in the queue, unanswered, until the server is gone.
    public init() throws {
        #if canImport(Glibc)
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SilentServerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        guard bound == 0, listen(fd, 16) == 0 else {
            let code = errno
            close(fd)
            throw SilentServerError.socket(code)
        }
        var length = size
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw SilentServerError.socket(code)
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(socket)
    }
}

/// Why a ``SilentServer`` could not listen: the `errno` of the call that failed.
public enum SilentServerError: Error {
    case socket(Int32)
}
