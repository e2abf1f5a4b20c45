import ViewModelKit

// Prints `IssueReporting.isTesting` for this process. The tests start this program under the names
// and with the arguments the test runners use (`xctest`, `swiftpm-testing-helper`) and read the answer.
print(IssueReporting.isTesting)
