/// An event that the app's `Decodable` refused, and why.
package struct DecodingFailure: Error, Sendable {
    package var reason: String
}
