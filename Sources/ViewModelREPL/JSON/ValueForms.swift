/// How states and arguments are written: as people read Swift values (protocol v1's default),
/// or exactly as `JSONEncoder` writes them (`--values=codable`).
///
/// Readable forms: `nil` is `null` (not left out); a `Date` is ISO 8601 (with fractional seconds
/// when it has them); a set's elements are sorted by their JSON; an enum is externally tagged,
/// `"idle"`, `{"loaded":3}`, `{"failed":{"message":"x"}}`, several unlabeled payloads as an array.
/// Both forms are read back in either mode.
package enum ValueForms: String, Sendable, CaseIterable {
    case readable
    case codable
}
