/// An ``IdentifiedArray`` of `Identifiable` elements, each identified by its own `id`, spelled as in
/// code written for The Composable Architecture (`var rows: IdentifiedArrayOf<Row> = []`).
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
