public import Foundation

/// Stand-in for SwiftUI's `SceneStorage`: a value SwiftUI keeps per scene under a key and hands
/// back when the system recreates the scene after ending the process. The stand-in keeps the
/// values in ``StandInRenderer/sceneStorage``, which a test reads, fills or clears to play a
/// relaunch. Only the optional `Data` form the adapter uses.
///
/// Apple: developer.apple.com/documentation/swiftui/scenestorage.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@propertyWrapper
public struct SceneStorage<Value> {
    private let key: String

    /// Stand-in for developer.apple.com/documentation/swiftui/scenestorage/init(_:)-2v1r0, the
    /// optional `Data` form.
    public init(_ key: String) where Value == Data? {
        self.key = key
    }

    /// Stand-in for developer.apple.com/documentation/swiftui/scenestorage/wrappedvalue.
    public var wrappedValue: Value {
        get { StandInRenderer.sceneStorage[key] as! Value }
        nonmutating set { StandInRenderer.sceneStorage[key] = newValue as? Data }
    }
}
