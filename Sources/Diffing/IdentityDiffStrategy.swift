/// Which algorithm finds the longest common subsequence of the identities.
///
/// Package-internal: the tests force each path to check that all give a minimal
/// result; users always get `.automatic`.
@usableFromInline
package enum IdentityDiffStrategy: Sendable, CaseIterable {
  /// Myers with a work budget first (no hashing), then the hashing paths.
  case automatic
  /// Myers only, without a budget.
  case myers
  /// Hashing only: a longest increasing subsequence for unique identities,
  /// Hunt–Szymanski for duplicates (Myers if the matching pairs would explode).
  case hashing
  /// Hunt–Szymanski, even for unique identities.
  case huntSzymanski
}
