// The umbrella module: one import for the whole library.
@_exported public import DataSourceGraphComposition
@_exported public import DataSourceGraphDiffing
@_exported public import DataSourceGraphNodes
@_exported public import DataSourceGraphSections
