/// UIKit re-exports Foundation, so code that imports UIKit (or this
/// stand-in) sees `IndexPath`, `IndexSet`, `CGRect` and friends without
/// importing Foundation itself.
@_exported public import Foundation
