/// Why a pattern, a registration, a URL or a reverse-routing request was refused.
///
/// Compare against the static factories:
///
/// ```swift
/// #expect(throws: RouteError.ambiguousRoutes("shop://a/:x", "shop://a/:y")) {
///     try builder.register("shop://a/:y", to: 2)
/// }
/// ```
///
/// The ``description`` says what went wrong and what to do about it.
public struct RouteError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case missingScheme(String)
        case missingHost(String)
        case fragmentInPattern(String)
        case parameterInHost(String)
        case userInfoOrPortInHost(String)
        case invalidScheme(String, String)
        case invalidParameterName(String, String)
        case unknownParameterType(String, String)
        case catchAllNotLast(String)
        case tooManySegments(String, Int)
        case duplicateParameterName(String, String)
        case invalidQueryDeclaration(String, String)
        case duplicateRoute(String)
        case ambiguousRoutes(String, String)
        case duplicateRouteName(String)
        case unparsableURL(String)
        case invalidPercentEscape(String)
        case missingQueryParameter(String, String)
        case invalidParameterValue(String, String, String, String)
        case unknownRouteName(String)
        case missingParameter(String, String)
        case unknownGuard(String, String)
        case duplicateGuard(String)
        case guardWaitsOnItself([String], [String])
        case hostNotLaunched(String)
        case hostLaunchFailed(String, String)
        case emptyParameterValue(String, String)
        case urlDoesNotMatchBack(String, String, String?)
        case schemeNotAllowed(String, String)
        case internalRoute(String, String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// A pattern or URL has no `scheme://` part.
    ///
    /// - Parameter text: The pattern or URL.
    public static func missingScheme(_ text: String) -> Self { Self(.missingScheme(text)) }

    /// A pattern or URL has a scheme but no host, as in `shop:detail/1` or `shop:///detail/1`.
    ///
    /// - Parameter text: The pattern or URL.
    public static func missingHost(_ text: String) -> Self { Self(.missingHost(text)) }

    /// A pattern contains `#`: a URL's fragment never takes part in matching, so the route could
    /// never open for the URL it reads as, as in `shop://help/faq#returns`.
    ///
    /// - Parameter text: The pattern.
    public static func fragmentInPattern(_ text: String) -> Self { Self(.fragmentInPattern(text)) }

    /// A pattern's host starts with `:` or `*`, as a parameter or a catch-all would: the host is
    /// always static, so the route would match only a URL whose host is that text, as in
    /// `shop://:module/detail`.
    ///
    /// - Parameter text: The pattern.
    public static func parameterInHost(_ text: String) -> Self { Self(.parameterInHost(text)) }

    /// A pattern's host holds user info or a port, as in `shop://admin@h/x` or `shop://h:8080/x`:
    /// matching reads only a URL's host, so the URL written like the pattern would open the route
    /// of `shop://h/x` instead. Colons inside an IPv6 host's brackets (`shop://[::1]/x`) are no
    /// port; an escaped `@` or `:` (`%40`, `%3A`) is a literal of the host.
    ///
    /// - Parameter text: The pattern.
    public static func userInfoOrPortInHost(_ text: String) -> Self { Self(.userInfoOrPortInHost(text)) }

    /// A pattern's scheme is not a URL scheme (a letter, then letters, digits, `+`, `-` or `.`),
    /// so no URL could open the route, as in `my shop://home`.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - scheme: The scheme as read, lower-cased.
    public static func invalidScheme(_ pattern: String, scheme: String) -> Self {
        Self(.invalidScheme(pattern, scheme))
    }

    /// A parameter segment (`:`, `*`) has an empty name or one with characters other than
    /// letters, digits and `_`; or a static segment reads as a parameter spelled wrong, which no
    /// URL an app writes would reach: it contains a raw `<` or `>` (`id<Int>`, its `:` missing),
    /// or starts with whitespace before a `:` or `*` (` :id`). A static segment that means those
    /// characters writes them escaped: `%3C`, `%3E`, `%20`.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - segment: The offending segment, as written.
    public static func invalidParameterName(_ pattern: String, segment: String) -> Self {
        Self(.invalidParameterName(pattern, segment))
    }

    /// A parameter declares a type other than `String`, `Int`, `Double`, `Bool` or `UUID`.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - type: The unknown type name.
    public static func unknownParameterType(_ pattern: String, type: String) -> Self {
        Self(.unknownParameterType(pattern, type))
    }

    /// A catch-all segment (`*name`) is followed by more segments.
    ///
    /// - Parameter pattern: The pattern.
    public static func catchAllNotLast(_ pattern: String) -> Self { Self(.catchAllNotLast(pattern)) }

    /// A pattern has more path segments than a route may have.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - limit: The most segments a pattern may have (256).
    public static func tooManySegments(_ pattern: String, limit: Int) -> Self {
        Self(.tooManySegments(pattern, limit))
    }

    /// Two parameters of one pattern (path or query) share a name.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - name: The repeated name.
    public static func duplicateParameterName(_ pattern: String, name: String) -> Self {
        Self(.duplicateParameterName(pattern, name))
    }

    /// A query declaration is not of the form `name=:Type` or `name=:Type?`.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - item: The offending `name=value` item.
    public static func invalidQueryDeclaration(_ pattern: String, item: String) -> Self {
        Self(.invalidQueryDeclaration(pattern, item))
    }

    /// The same pattern was registered twice.
    ///
    /// - Parameter pattern: The pattern, as written the second time.
    public static func duplicateRoute(_ pattern: String) -> Self { Self(.duplicateRoute(pattern)) }

    /// Two different patterns would match the same URLs at the same precedence, for example
    /// `shop://goods/:id` and `shop://goods/:slug`.
    ///
    /// - Parameters:
    ///   - existing: The pattern registered first.
    ///   - new: The pattern that was refused.
    public static func ambiguousRoutes(_ existing: String, _ new: String) -> Self {
        Self(.ambiguousRoutes(existing, new))
    }

    /// Two routes were given the same name.
    ///
    /// - Parameter name: The repeated name.
    public static func duplicateRouteName(_ name: String) -> Self { Self(.duplicateRouteName(name)) }

    /// Foundation could not parse the text as a URL at all.
    ///
    /// - Parameter url: The text.
    public static func unparsableURL(_ url: String) -> Self { Self(.unparsableURL(url)) }

    /// A `%` in the URL or pattern is not followed by two hexadecimal digits, or the escapes do
    /// not decode to UTF-8.
    ///
    /// - Parameter text: The URL or pattern.
    public static func invalidPercentEscape(_ text: String) -> Self { Self(.invalidPercentEscape(text)) }

    /// The URL matched a route whose pattern requires a query parameter the URL lacks.
    ///
    /// - Parameters:
    ///   - pattern: The matched route's pattern.
    ///   - name: The missing query parameter.
    public static func missingQueryParameter(_ pattern: String, name: String) -> Self {
        Self(.missingQueryParameter(pattern, name))
    }

    /// A query parameter of a matched URL, or a value given to reverse routing, is not of the
    /// declared type.
    ///
    /// - Parameters:
    ///   - pattern: The route's pattern.
    ///   - name: The parameter.
    ///   - value: The offending text.
    ///   - type: The declared type's name.
    public static func invalidParameterValue(_ pattern: String, name: String, value: String, type: String) -> Self {
        Self(.invalidParameterValue(pattern, name, value, type))
    }

    /// Reverse routing was asked for a route name nobody registered.
    ///
    /// - Parameter name: The name.
    public static func unknownRouteName(_ name: String) -> Self { Self(.unknownRouteName(name)) }

    /// Reverse routing lacks a value for a path parameter or a required query parameter.
    ///
    /// - Parameters:
    ///   - pattern: The route's pattern.
    ///   - name: The parameter.
    public static func missingParameter(_ pattern: String, name: String) -> Self {
        Self(.missingParameter(pattern, name))
    }

    /// A route requires a guard the navigator was not given.
    ///
    /// - Parameters:
    ///   - pattern: The route's pattern.
    ///   - guardName: The guard's name.
    public static func unknownGuard(_ pattern: String, guardName: String) -> Self {
        Self(.unknownGuard(pattern, guardName))
    }

    /// Two guards given to one navigator share a name, so a route naming it could mean either.
    ///
    /// - Parameter name: The repeated guard name.
    public static func duplicateGuard(_ name: String) -> Self { Self(.duplicateGuard(name)) }

    /// A guard's ``RouteGuard/url`` opens a route that needs that same guard, directly or through
    /// the URLs of other guards: the screen that satisfies the guard (the login screen) would wait
    /// on it, and so would every navigation it guards, for ever.
    ///
    /// - Parameters:
    ///   - guards: The guards of the cycle, in order, starting with the first by name; each one's
    ///     URL needs the next, and the last one's needs the first.
    ///   - urls: Each guard's URL, in the same order.
    public static func guardWaitsOnItself(_ guards: [String], through urls: [String]) -> Self {
        Self(.guardWaitsOnItself(guards, urls))
    }

    /// A ``ModuleHost`` was asked to open a URL before ``ModuleHost/launch()``, which builds the
    /// routes.
    ///
    /// - Parameter url: The URL.
    public static func hostNotLaunched(_ url: String) -> Self { Self(.hostNotLaunched(url)) }

    /// A ``ModuleHost`` was asked to open a URL after its ``ModuleHost/launch()`` failed: a module
    /// did not start, so its routes, and those of the modules after it, would open into modules
    /// that never started.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - failure: Why the launch failed, as its error described it.
    public static func hostLaunchFailed(_ url: String, failure: String) -> Self {
        Self(.hostLaunchFailed(url, failure))
    }

    /// Reverse routing got an empty value for a path parameter, or a catch-all value with an
    /// empty segment (`""`, `"a//b"`, `"a/"`): the URL would lose the segment and not match back.
    ///
    /// - Parameters:
    ///   - pattern: The route's pattern.
    ///   - name: The parameter.
    public static func emptyParameterValue(_ pattern: String, name: String) -> Self {
        Self(.emptyParameterValue(pattern, name))
    }

    /// Reverse routing built a URL that matches another route first, or the same route with
    /// other parameters, such as a value `new` for `shop://a/:x` when `shop://a/new` exists.
    ///
    /// - Parameters:
    ///   - pattern: The route's pattern.
    ///   - url: The URL that was built.
    ///   - matched: The pattern of the route the URL matches instead, or `nil` when it matches
    ///     none or the same route with other parameters.
    public static func urlDoesNotMatchBack(_ pattern: String, url: String, matched: String?) -> Self {
        Self(.urlDoesNotMatchBack(pattern, url, matched))
    }

    /// A navigation from outside the app named a scheme the navigator does not allow from
    /// outside (see ``Navigator/externalSchemes``).
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - scheme: Its scheme, lower-cased.
    public static func schemeNotAllowed(_ url: String, scheme: String) -> Self {
        Self(.schemeNotAllowed(url, scheme))
    }

    /// A navigation from outside the app matched a route that is not marked external.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - route: The matched route's name.
    public static func internalRoute(_ url: String, route: String) -> Self { Self(.internalRoute(url, route)) }

    /// The parameter a static segment that reads as one most likely means: without the
    /// whitespace before its `:` or `*`, else with the `:` it misses.
    private static func parameter(meantBy segment: String) -> String {
        let marked = segment.drop(while: \.isWhitespace)
        return marked.hasPrefix(":") || marked.hasPrefix("*") ? String(marked) : ":\(marked)"
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch code {
        case .missingScheme(let text):
            "'\(text)' has no scheme; write it as scheme://host/path, e.g. shop://goods/detail/1."
        case .missingHost(let text):
            "'\(text)' has no host; write it as scheme://host/path, e.g. shop://goods/detail/1."
        case .fragmentInPattern(let text):
            "pattern '\(text)' contains '#', but a URL's fragment never takes part in matching; drop the "
                + "fragment, or write a literal '#' as %23."
        case .parameterInHost(let text):
            "pattern '\(text)': the host is always static, so it cannot be a parameter or a catch-all; "
                + "move the parameter into the path (shop://module/:name), or write a literal ':' or '*' as %3A or %2A."
        case .userInfoOrPortInHost(let text):
            "pattern '\(text)': a URL's user info (name@) and port (:8080) never take part in matching, so the "
                + "URL written like this pattern would open the route without them; drop them from the pattern, "
                + "or write a literal '@' or ':' in the host as %40 or %3A."
        case .invalidScheme(let pattern, let scheme):
            "pattern '\(pattern)': '\(scheme)' is not a URL scheme; start it with a letter and use only "
                + "letters, digits, +, - and ."
        case .invalidParameterName(let pattern, let segment) where segment.hasPrefix(":") || segment.hasPrefix("*"):
            "pattern '\(pattern)': parameter segment '\(segment)' needs a name of letters, digits and _."
        case .invalidParameterName(let pattern, let segment):
            "pattern '\(pattern)': segment '\(segment)' reads as a parameter but would only match that text; "
                + "did you mean \(Self.parameter(meantBy: segment))? Write a literal '<', '>' or leading space "
                + "as %3C, %3E or %20."
        case .unknownParameterType(let pattern, let type):
            "pattern '\(pattern)': unknown parameter type '\(type)'; use String, Int, Double, Bool or UUID."
        case .catchAllNotLast(let pattern):
            "pattern '\(pattern)': a catch-all segment (*name) must be the last segment."
        case .tooManySegments(let pattern, let limit):
            "pattern '\(pattern.prefix(80))...' has more than \(limit) path segments; split the route or use a catch-all."
        case .duplicateParameterName(let pattern, let name):
            "pattern '\(pattern)': parameter '\(name)' is declared twice; give each parameter its own name."
        case .invalidQueryDeclaration(let pattern, let item):
            "pattern '\(pattern)': query item '\(item)' must read name=:Type (required) or name=:Type? (optional)."
        case .duplicateRoute(let pattern):
            "route '\(pattern)' is registered twice; register each pattern once."
        case .ambiguousRoutes(let existing, let new):
            "route '\(new)' would match the same URLs as '\(existing)' at the same precedence; "
                + "make one of them more specific (a static segment or a typed parameter)."
        case .duplicateRouteName(let name):
            "two routes are named '\(name)'; route names must be unique."
        case .unparsableURL(let url):
            "'\(url)' is not a URL; check its spelling and percent-encode reserved characters."
        case .invalidPercentEscape(let text):
            "'\(text)' has a broken percent escape; write % as %25 and use two hex digits after each %."
        case .missingQueryParameter(let pattern, let name):
            "route '\(pattern)' requires the query parameter '\(name)'; add ?\(name)=... to the URL."
        case .invalidParameterValue(let pattern, let name, let value, let type):
            "route '\(pattern)': parameter '\(name)' is declared \(type) but got '\(value)'."
        case .unknownRouteName(let name):
            "no route is named '\(name)'; check the name against the registered routes."
        case .missingParameter(let pattern, let name):
            "route '\(pattern)' needs a value for parameter '\(name)' to build a URL."
        case .unknownGuard(let pattern, let guardName):
            "route '\(pattern)' requires guard '\(guardName)', which the navigator was not given; "
                + "pass a RouteGuard with that name."
        case .guardWaitsOnItself(let guards, let urls):
            "guard '\(guards[0])' waits on itself: "
                + zip(guards, urls).enumerated().map { position, step in
                    "'\(step.0)' opens \(step.1), whose route needs '\(guards[(position + 1) % guards.count])'"
                }.joined(separator: "; ")
                + "; the screen that satisfies a guard must not need it: remove the guard from that route."
        case .duplicateGuard(let name):
            "two guards are named '\(name)'; give each guard its own name."
        case .hostNotLaunched(let url):
            "'\(url)' was opened before the module host launched; call launch() first, which builds the routes."
        case .hostLaunchFailed(let url, let failure):
            "'\(url)' was not opened: the module host's launch failed (\(failure)), so its modules did not all "
                + "start; handle the launch's error instead of opening URLs."
        case .emptyParameterValue(let pattern, let name):
            "route '\(pattern)': parameter '\(name)' needs a non-empty value (and a catch-all no empty segment), "
                + "or the URL would not match back."
        case .urlDoesNotMatchBack(let pattern, let url, let matched?):
            "route '\(pattern)': the URL '\(url)' would open route '\(matched)' instead; "
                + "pass other values or make the routes more specific."
        case .schemeNotAllowed(let url, let scheme):
            "'\(url)' comes from outside the app and its scheme '\(scheme)' is not allowed from outside; "
                + "add it to the navigator's externalSchemes if links of that scheme may open the app."
        case .internalRoute(let url, let route):
            "'\(url)' comes from outside the app but opens route '\(route)', which is internal; "
                + "mark the route external if outside links may open it."
        case .urlDoesNotMatchBack(let pattern, let url, nil):
            "route '\(pattern)': the URL '\(url)' does not match back to the same parameters; pass other values."
        }
    }
}
