// `import ViewModelKit` brings `IdentifiedArray` and `IdentifiedArrayOf` with it, as importing The
// Composable Architecture brings `IdentifiedCollections`: the collection is a product of its own
// (`ViewModelKitCollections`), and the core re-exports it.
@_exported public import ViewModelKitCollections
