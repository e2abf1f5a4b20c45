#if canImport(SwiftUI)
public import SwiftUI
import ViewModelKit
public import ViewModelKitExampleCounter

/// TCA's counter tutorial as a SwiftUI screen on `CounterViewModel`: the count with − and + buttons,
/// a timer that counts up every second, and a fact about the count, shown below it and in an alert.
///
/// ```swift
/// WindowGroup {
///     CounterView()                                   // live facts from numbersapi.com
/// }
/// CounterView(client: SampleNumberFactClient())       // facts from memory
/// ```
///
/// The live client asks `http://numbersapi.com`, which App Transport Security blocks in an app unless
/// its `Info.plist` allows cleartext HTTP for that domain; the alert then says why the fact could not
/// be loaded.
public struct CounterView: View {
    @State private var viewModel: CounterViewModel

    /// Creates the counter.
    /// - Parameter client: Where facts come from. Defaults to ``LiveClients/numberFacts(environment:)``.
    public init(client: any NumberFactClientProtocol = LiveClients.numberFacts()) {
        _viewModel = State(initialValue: CounterViewModel(client: client))
    }

    /// The count, its buttons, the timer and the fact.
    public var body: some View {
        VStack(spacing: 16) {
            Text("\(viewModel.count)")
                .font(.largeTitle)
                .monospacedDigit()
                .padding()
                .background(.quaternary, in: RoundedRectangle(cornerRadius: 10))
            HStack {
                Button("−") { viewModel.decrementButtonTapped() }
                    .accessibilityLabel("Decrement")
                Button("+") { viewModel.incrementButtonTapped() }
                    .accessibilityLabel("Increment")
            }
            .font(.largeTitle)
            Button(viewModel.isTimerRunning ? "Stop timer" : "Start timer") {
                viewModel.toggleTimerButtonTapped()
            }
            Button("Fact") { viewModel.factButtonTapped() }
            if viewModel.isLoading {
                ProgressView()
            } else if let fact = viewModel.fact {
                Text(fact)
                    .multilineTextAlignment(.center)
            }
        }
        .buttonStyle(.bordered)
        .padding()
        .alert(factAlert, send: { _ in viewModel.factAlertDismissed() })
    }

    /// The view model's alert text as an alert with only an OK button, whose tap dismisses it.
    private var factAlert: AlertState<Never>? {
        viewModel.numberFactAlert.map { AlertState(title: "Number fact", message: $0) }
    }
}

#if DEBUG
/// The counter on facts from memory.
struct CounterViewPreviews: PreviewProvider {
    static var previews: some View {
        CounterView(client: SampleNumberFactClient())
    }
}
#endif
#endif
