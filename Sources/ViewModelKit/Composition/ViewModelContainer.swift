/// A value that holds child view models: a view model itself, an optional one, an array (a
/// navigation stack), an `IdentifiedArray`, or your own enum of destinations.
///
/// A ``Child`` property's type conforms to it. An enum of destinations or of a stack's screens
/// conforms by saying so: the view models in its cases are found by reflection, and a case may
/// also hold a plain `Equatable` value, or nothing:
///
/// ```swift
/// enum Destination: ViewModelContainer {
///     case detail(RepositoryDetailViewModel)
///     case alert(AlertState)
///     case confirmDeletion
/// }
/// ```
///
/// Implement ``childViewModels`` yourself only to list them differently.
///
/// Two containers are equal when they hold the same view model instances in the same places: view
/// models compare by identity.
public protocol ViewModelContainer: Equatable {
    /// The view models this value holds, in order.
    var childViewModels: [ViewModel] { get }

    /// This value without `child`, or `nil` if `child` cannot be removed from it on its own.
    ///
    /// An optional becomes `nil`; an `IdentifiedArray` drops the element; an array (a navigation
    /// stack) drops the element and everything after it. The default returns `nil`.
    func removing(_ child: ViewModel) -> Self?
}

extension ViewModelContainer {
    /// Cannot remove anything: a container that is not a collection or an optional.
    public func removing(_ child: ViewModel) -> Self? { nil }
}

extension ViewModel: ViewModelContainer {
    /// The view model itself.
    nonisolated public var childViewModels: [ViewModel] { [self] }
}

extension Optional: ViewModelContainer where Wrapped: ViewModelContainer {
    /// The wrapped value's view models, or none.
    public var childViewModels: [ViewModel] { self?.childViewModels ?? [] }

    /// `nil` (dismissed) if the wrapped value holds `child`.
    public func removing(_ child: ViewModel) -> Wrapped?? {
        guard let wrapped = self, wrapped.childViewModels.contains(where: { $0 === child }) else { return nil }
        return .some(nil)
    }
}

extension Array: ViewModelContainer where Element: ViewModelContainer {
    /// The elements' view models, in order.
    public var childViewModels: [ViewModel] { flatMap(\.childViewModels) }

    /// Pops the element that holds `child` and every element after it, as a navigation stack does.
    public func removing(_ child: ViewModel) -> [Element]? {
        guard let index = firstIndex(where: { $0.childViewModels.contains { $0 === child } }) else { return nil }
        return Array(self[..<index])
    }
}

extension IdentifiedArray: ViewModelContainer where Element: ViewModelContainer {
    /// The elements' view models, in order.
    public var childViewModels: [ViewModel] { flatMap(\.childViewModels) }

    /// Drops the element that holds `child`.
    public func removing(_ child: ViewModel) -> IdentifiedArray? {
        guard let element = first(where: { $0.childViewModels.contains { $0 === child } }) else { return nil }
        var copy = self
        copy.remove(id: id(of: element))
        return copy
    }
}
