/// Stand-in for SwiftUI's `Environment`: reads a value from ``StandInRenderer/environment``, where
/// SwiftUI reads the view's environment.
///
/// Apple: developer.apple.com/documentation/swiftui/environment.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Stand-in for developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// Stand-in for developer.apple.com/documentation/swiftui/environment/wrappedvalue.
    public var wrappedValue: Value {
        StandInRenderer.environment[keyPath: keyPath]
    }
}
