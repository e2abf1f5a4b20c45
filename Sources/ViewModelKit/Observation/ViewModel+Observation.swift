extension ViewModelProtocol {
    /// Calls `handler` with the new value after each real change of one ``Observed`` property.
    ///
    /// ```swift
    /// let subscription = viewModel.observe(\.isLoading) { isLoading in
    ///     spinner.isHidden = !isLoading
    /// }
    /// ```
    ///
    /// The handler runs synchronously on the main actor, after the value is stored, in subscription
    /// order among all of this view model's observers. It is not called with the current value; read
    /// the property for that. Writing an equal value does not call it.
    ///
    /// - Parameters:
    ///   - keyPath: An `@Observed` property of this view model. Anything else is a programming error.
    ///   - handler: Called with each new value. Capture the view model weakly if you capture it at all.
    /// - Returns: The subscription; it ends when cancelled or released.
    // NB: inlinable, so that it is specialized where it is called: unspecialized, each subscription
    // would look up the types of its list and its subscriber at run time (the subscribe-then-cancel
    // row of `swift run -c release benchmarks`).
    @inlinable
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> ViewModelSubscription {
        guard let list: SubscriberList<Value> = observationCenter.list(readThrough: keyPath, { _ = self[keyPath: keyPath] }) else {
            observeFailure(keyPath)
        }
        return observationCenter.subscribe(to: list, handler)
    }

    /// Stops the program: `keyPath`, given to ``observe(_:_:)``, names no ``Observed`` property.
    @usableFromInline
    func observeFailure(_ keyPath: AnyKeyPath) -> Never {
            preconditionFailure(
                "observe(\(keyPath)): the key path must name an @Observed property of \(Self.self); "
                    + "use observeChanges(_:) to follow computed values"
            )
    }

    /// Calls `handler` after each real change of any ``Observed`` property of this view model.
    ///
    /// Front ends use it to re-render: read whatever the screen shows inside the handler. Changes of
    /// the view models this one owns through ``Child`` properties count too.
    ///
    /// - Parameter handler: Called synchronously on the main actor after the new value is stored.
    /// - Returns: The subscription; it ends when cancelled or released.
    public func observeChanges(_ handler: @escaping @MainActor () -> Void) -> ViewModelSubscription {
        // Children given as initial values start forwarding their changes now.
        _ = childSlots()
        return observationCenter.subscribeToChanges(handler)
    }

    /// The values of one ``Observed`` property as an asynchronous sequence: the current value first,
    /// then each new one.
    ///
    /// ```swift
    /// for await count in viewModel.values(of: \.count) {
    ///     print(count)
    /// }
    /// ```
    ///
    /// A slow consumer gets the newest value, not a backlog. The sequence ends when the view model
    /// deinitializes; the subscription ends when the iterating task ends or is cancelled.
    public func values<Value: Sendable>(of keyPath: KeyPath<Self, Value>) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(self[keyPath: keyPath])
        let subscription = observe(keyPath) { continuation.yield($0) }
        let registry = taskRegistry
        let finish = registry.onDeinit { continuation.finish() }
        continuation.onTermination = { _ in
            subscription.cancel()
            registry.removeDeinitAction(finish)
        }
        return stream
    }
}

extension ViewModelProtocol {
    /// How many live subscriptions follow `keyPath` (for tests and diagnostics).
    package func subscriberCount<Value>(of keyPath: KeyPath<Self, Value>) -> Int {
        let list: SubscriberList<Value>? = observationCenter.list(readThrough: keyPath) { _ = self[keyPath: keyPath] }
        guard let list else { return 0 }
        return list.liveCount
    }
}
