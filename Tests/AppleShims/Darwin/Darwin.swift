// The C names are Apple's, so swift-format's naming rules are switched off for each of them.

// swift-format-ignore: TypeNamesShouldBeCapitalized
/// Stand-in for the part of Apple's `Darwin` module that BCKit's Darwin-only code uses, with the
/// SDK's types: `pthread_t` is a non-optional pointer to an opaque struct there, an integer on
/// Linux.
///
/// Apple: the SDK's `pthread.h` (`pthread_self(3)`).
public struct _opaque_pthread_t {}

// swift-format-ignore: TypeNamesShouldBeCapitalized
/// Stand-in for Darwin's `pthread_t`.
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Stand-in for Darwin's `pthread_self()`; never called, only compiled against.
public func pthread_self() -> pthread_t {
    fatalError("a stand-in: compiled against, never run")
}
