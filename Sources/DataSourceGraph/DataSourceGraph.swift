// The umbrella module: one import for the whole library.
@_exported public import Composition
@_exported public import Diffing
@_exported public import Sections
