/// What starting a worker takes: this executable and its command line (its name first), so an
/// embedding binary such as `AppREPL` starts itself again with its own options.
package struct WorkerLaunch: Sendable {
    package var executable: String
    package var arguments: [String]

    package init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// The running executable with the process's own arguments; `nil` where its path is unknown.
    @MainActor
    package static var this: WorkerLaunch? {
        WorkerProcess.executablePath.map { WorkerLaunch(executable: $0, arguments: CommandLine.arguments) }
    }
}
