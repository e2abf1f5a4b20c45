/// Hears the intents view models report with `recordIntent`: what a session recorder implements.
@MainActor
package protocol IntentRecorder: AnyObject {
    /// `viewModel`'s intent `function` (`#function`, e.g. `load(user:)`) was called with `arguments`.
    func intentCalled(_ function: String, arguments: [Any], on viewModel: ViewModel)
}

/// Where `recordIntent` sends intents: nowhere unless a recorder is installed.
@MainActor
package enum IntentRecording {
    /// The installed recorder; `recordIntent` does nothing while it is `nil`.
    package static weak var recorder: (any IntentRecorder)?
}

extension ViewModel {
    /// Tells a session recorder, if one is installed, that this intent was called: the one line that
    /// makes an intent recordable.
    ///
    /// ```swift
    /// public func incrementButtonTapped() {
    ///     recordIntent()
    ///     count += 1
    /// }
    /// ```
    ///
    /// Without a recorder it only checks that none is installed, and names the tasks the intent
    /// starts after it when the tester sent it: the arguments are not evaluated.
    /// - Parameter function: The intent's name with its argument labels. Leave the default.
    public func recordIntent(function: String = #function) {
        noteSentIntent(function)
        guard let recorder = IntentRecording.recorder else { return }
        recorder.intentCalled(function, arguments: [], on: self)
    }

    /// Tells a session recorder, if one is installed, that this intent was called with `argument`.
    ///
    /// ```swift
    /// public func userNameChanged(_ text: String) {
    ///     recordIntent(text)
    ///     …
    /// }
    /// ```
    /// - Parameters:
    ///   - argument: The intent's argument; evaluated only while a recorder is installed.
    ///   - function: The intent's name with its argument labels. Leave the default.
    // Disfavoured, and the two-argument one too: otherwise `await recordIntent(query)` in an `async`
    // intent picks this one (fewer defaulted parameters outrank the `async` overload), warns that
    // nothing is awaited, and the written test calls the intent without `await`, which does not
    // compile. Where `async` cannot be called, this one is still the only choice.
    @_disfavoredOverload
    public func recordIntent<A>(_ argument: @autoclosure () -> A, function: String = #function) {
        noteSentIntent(function)
        guard let recorder = IntentRecording.recorder else { return }
        recorder.intentCalled(function, arguments: [argument()], on: self)
    }

    /// Tells a session recorder, if one is installed, that this intent was called with two arguments.
    /// - Parameters:
    ///   - first: The first argument; evaluated only while a recorder is installed.
    ///   - second: The second argument.
    ///   - function: The intent's name with its argument labels. Leave the default.
    @_disfavoredOverload
    public func recordIntent<A, B>(_ first: @autoclosure () -> A, _ second: @autoclosure () -> B, function: String = #function) {
        noteSentIntent(function)
        guard let recorder = IntentRecording.recorder else { return }
        recorder.intentCalled(function, arguments: [first(), second()], on: self)
    }

    /// Tells a session recorder, if one is installed, that this intent was called with three arguments.
    /// - Parameters:
    ///   - first: The first argument; evaluated only while a recorder is installed.
    ///   - second: The second argument.
    ///   - third: The third argument.
    ///   - function: The intent's name with its argument labels. Leave the default.
    @_disfavoredOverload
    public func recordIntent<A, B, C>(
        _ first: @autoclosure () -> A, _ second: @autoclosure () -> B, _ third: @autoclosure () -> C, function: String = #function
    ) {
        noteSentIntent(function)
        guard let recorder = IntentRecording.recorder else { return }
        recorder.intentCalled(function, arguments: [first(), second(), third()], on: self)
    }
}

/// How the intent a recorder hears is called, for the test it writes.
package enum RecordedCall {
    /// Whether the intent is `async` (`await $0.refresh()`) and whether it throws (`try await …`):
    /// set while `await recordIntent(…)` tells the recorder.
    @TaskLocal package static var kind: (isAsync: Bool, throws: Bool) = (false, false)
}

extension ViewModel {
    /// Tells a session recorder, if one is installed, that this `async` intent was called, so that the
    /// test it writes awaits it (`await tester.send({ await $0.refresh() })`): a SwiftUI view calls
    /// it from `.task` or `.refreshable`.
    ///
    /// ```swift
    /// public func refresh() async throws {
    ///     await recordIntent(throwing: true)
    ///     …
    /// }
    /// ```
    ///
    /// In an `async` method the compiler picks this overload and asks for `await`.
    /// - Parameters:
    ///   - throwing: Whether the intent throws: the written test then calls it with `try await`.
    ///   - function: The intent's name with its argument labels. Leave the default.
    public func recordIntent(throwing: Bool = false, function: String = #function) async {
        noteSentIntent(function)
        guard let recorder = IntentRecording.recorder else { return }
        RecordedCall.$kind.withValue((true, throwing)) { recorder.intentCalled(function, arguments: [], on: self) }
    }

    /// Tells a session recorder, if one is installed, that this `async` intent was called with
    /// `argument`; see ``recordIntent(throwing:function:)``.
    /// - Parameters:
    ///   - argument: The intent's argument; evaluated only while a recorder is installed.
    ///   - throwing: Whether the intent throws.
    ///   - function: The intent's name with its argument labels. Leave the default.
    public func recordIntent<A>(_ argument: @autoclosure () -> A, throwing: Bool = false, function: String = #function) async {
        noteSentIntent(function)
        guard let recorder = IntentRecording.recorder else { return }
        let arguments: [Any] = [argument()]
        RecordedCall.$kind.withValue((true, throwing)) { recorder.intentCalled(function, arguments: arguments, on: self) }
    }

    /// Tells a session recorder, if one is installed, that this `async` intent was called with two
    /// arguments; see ``recordIntent(throwing:function:)``.
    /// - Parameters:
    ///   - first: The first argument; evaluated only while a recorder is installed.
    ///   - second: The second argument.
    ///   - throwing: Whether the intent throws.
    ///   - function: The intent's name with its argument labels. Leave the default.
    public func recordIntent<A, B>(
        _ first: @autoclosure () -> A, _ second: @autoclosure () -> B, throwing: Bool = false, function: String = #function
    ) async {
        noteSentIntent(function)
        guard let recorder = IntentRecording.recorder else { return }
        let arguments: [Any] = [first(), second()]
        RecordedCall.$kind.withValue((true, throwing)) { recorder.intentCalled(function, arguments: arguments, on: self) }
    }

    /// Tells a session recorder, if one is installed, that this `async` intent was called with three
    /// arguments; see ``recordIntent(throwing:function:)``.
    /// - Parameters:
    ///   - first: The first argument; evaluated only while a recorder is installed.
    ///   - second: The second argument.
    ///   - third: The third argument.
    ///   - throwing: Whether the intent throws.
    ///   - function: The intent's name with its argument labels. Leave the default.
    public func recordIntent<A, B, C>(
        _ first: @autoclosure () -> A, _ second: @autoclosure () -> B, _ third: @autoclosure () -> C,
        throwing: Bool = false, function: String = #function
    ) async {
        noteSentIntent(function)
        guard let recorder = IntentRecording.recorder else { return }
        let arguments: [Any] = [first(), second(), third()]
        RecordedCall.$kind.withValue((true, throwing)) { recorder.intentCalled(function, arguments: arguments, on: self) }
    }
}

/// Notes `function` as the intent a tool (the tester) sent, if it is the first to report itself in
/// the tool's scope and no owned task calls it: the tasks it starts, even from a private helper,
/// are named after it.
@MainActor
private func noteSentIntent(_ function: String) {
    guard let collector = UnheardEvents.collector, collector.sentIntent == nil, RunningTask.currentToken == nil else { return }
    collector.sentIntent = function
}

extension ViewModel {
    /// The ``Child`` properties of this view model, by name (without the wrapper's underscore), with
    /// their current values. For tools that locate a child from the root.
    package var childProperties: [(name: String, value: Any)] {
        var properties: [(name: String, value: Any)] = []
        for level in storedPropertyLevels {
            for child in level.children {
                guard let label = child.label, let storage = child.value as? any ChildValueReading else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                properties.append((name: name, value: storage.anyValue))
            }
        }
        return properties
    }
}

/// Reads a ``Child`` property's value without knowing its type.
protocol ChildValueReading {
    @MainActor var anyValue: Any { get }
}

extension Child: ChildValueReading {
    @MainActor var anyValue: Any { slot.value }
}
