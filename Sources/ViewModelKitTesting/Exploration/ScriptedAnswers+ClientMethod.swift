public import ViewModelKit

extension ScriptedAnswers {
    /// Answers call number `call` (or the oldest waiting call) of `method` with `key` by returning
    /// `value`, named by the compiler.
    public func respond<Key: Sendable, Value: Sendable>(
        to method: ClientMethod<Key, Value>, for key: Key, call: Int? = nil, returning value: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await respond(to: method.client, method.method, for: key, call: call, returning: value,
                      fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers call number `call` (or the oldest waiting call) of `method` with `key` by throwing
    /// `error`, named by the compiler.
    public func respond<Key: Sendable, Value: Sendable>(
        to method: ClientMethod<Key, Value>, for key: Key, call: Int? = nil, throwing error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await respond(to: method.client, method.method, for: key, call: call, throwing: error,
                      fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Gives the answer of a synchronous call of `method` before the call is made, named by the compiler.
    public func respondNow<Key: Sendable, Value: Sendable>(
        to method: ClientMethod<Key, Value>, for key: Key, call: Int? = nil, returning value: Value
    ) {
        respondNow(to: method.client, method.method, for: key, call: call, returning: value)
    }

    /// Gives the error a synchronous call of `method` throws before the call is made, named by the compiler.
    public func respondNow<Key: Sendable, Value: Sendable>(
        to method: ClientMethod<Key, Value>, for key: Key, call: Int? = nil, throwing error: any Error
    ) {
        respondNow(to: method.client, method.method, for: key, call: call, throwing: error)
    }
}
