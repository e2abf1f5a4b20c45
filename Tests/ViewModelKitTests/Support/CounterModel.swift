import ViewModelKit

/// A small view model for the observer tests.
@MainActor
final class CounterModel: ViewModel {
    @Observed var count = 0
    @Observed var title = "counter"
    @Observed var tags: [String] = []
    var plain = 0

    var doubled: Int { count * 2 }
}
