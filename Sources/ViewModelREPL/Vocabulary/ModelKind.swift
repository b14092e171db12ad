/// Which view model a screen is showing.
package enum ModelKind: String, Sendable {
    case real
    case preview
}
