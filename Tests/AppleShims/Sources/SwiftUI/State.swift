/// Stand-in for SwiftUI's `State`. SwiftUI keeps the first value for a view's identity in its own
/// storage and ignores the initial values of later initializations; the stand-in keeps each value
/// in the property wrapper itself, so tests play that rule by keeping one modifier value.
///
/// Apple: developer.apple.com/documentation/swiftui/state.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct State<Value> {
    private final class Storage {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let storage: Storage

    /// Stand-in for developer.apple.com/documentation/swiftui/state/init(wrappedvalue:).
    public init(wrappedValue value: Value) {
        storage = Storage(value)
    }

    /// Stand-in for developer.apple.com/documentation/swiftui/state/wrappedvalue.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
}
