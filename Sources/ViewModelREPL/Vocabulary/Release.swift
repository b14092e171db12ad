/// Which vmrepl this is: the version `--version`, the banner and the MCP server info print.
package enum Release {
    /// The program's version.
    package static let version = "0.1.0"
}
