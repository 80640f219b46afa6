import BCKit

// MARK: - Launch

extension ModuleHost {
    /// Registers services, builds routes, starts every module and announces the launch.
    ///
    /// See ``ModuleHost`` for the order of events. The routes are built before the first start, so
    /// a URL a module opens from its own `start(in:)` reaches its route's module even when that
    /// module has not started yet: open URLs once the launch returns, or from `appDidLaunch()`.
    /// Apple systems older than iOS 26 and macOS 26 lack immediate tasks: there a concurrent start
    /// begins at the launch's next suspension, after the sequential starts that do not suspend,
    /// and not at all once a start has failed.
    ///
    /// - Throws: A ``ModuleError`` naming the module whose services, routes or start failed,
    ///   ``ModuleError/invalidGuards(_:)`` when ``guards`` share a name or one's URL is not a URL,
    ///   or ``ModuleError/alreadyLaunched``. After a failed launch the host opens no URL
    ///   (``RouteError/hostLaunchFailed(_:failure:)``), and a second launch throws
    ///   ``ModuleError/alreadyLaunched``: fix the modules and build a new host.
    public func launch() async throws(ModuleError) {
        try await launch(concurrentStarts: .immediatelyWhereAvailable)
    }

    /// When a launch begins a concurrent start.
    ///
    /// The seam that lets a test on any system take the path Apple systems older than iOS 26 and
    /// macOS 26 take, which no CI machine runs otherwise.
    package enum ConcurrentStartTiming: Sendable {
        /// In the launch, up to the start's first suspension, where immediate tasks exist
        /// (`Task.immediate`: iOS 26, macOS 26 and their siblings, and Linux); elsewhere as
        /// ``atTheLaunchsNextSuspension``.
        case immediatelyWhereAvailable
        /// At the launch's next suspension, as on older Apple systems.
        case atTheLaunchsNextSuspension
    }

    /// ``launch()``, beginning concurrent starts as `timing` says.
    package func launch(concurrentStarts timing: ConcurrentStartTiming) async throws(ModuleError) {
        guard !isLaunched else { throw .alreadyLaunched }
        launchState = .launched
        let navigator: Navigator
        do throws(ModuleError) {
            services = try buildServices()
            navigator = try buildNavigator()
        } catch {
            // Refused before any module started: the host opens no URL, as after a failed start.
            launchState = .failed(error)
            throw error
        }
        // What the navigator reports (an unknown route) goes through the app owner's diagnostics.
        navigator.diagnosticOwner = owner
        navigator.modules = infoByObject
        self.navigator = navigator

        // Every start, sequential or concurrent, records its failure here, on the main actor,
        // so the first one in time is the one reported and the next start never begins.
        let failures = StartFailures()
        var concurrent: [Task<Void, any Error>] = []
        for record in records {
            guard failures.first == nil else { break }
            let context = ModuleContext(info: record.info, services: services, navigator: navigator)
            let module = record.module
            let id = record.info.id
            if record.info.startsConcurrently {
                concurrent.append(
                    begin(timing) {
                        do {
                            try await module.start(in: context)
                        } catch {
                            failures.record(.startFailed(id, reason: String(describing: error)))
                            throw error
                        }
                    })
                continue
            }
            // Called directly, not through a closure like the concurrent ones: most starts are
            // sequential, and the launch benchmark counts what each costs.
            do {
                try await module.start(in: context)
            } catch {
                // Recorded like the others, which ends the loop.
                failures.record(.startFailed(id, reason: String(describing: error)))
            }
        }
        if failures.first != nil {
            for start in concurrent { start.cancel() }
        }
        // Nothing of a failed launch runs on after it throws: the cancelled starts end first.
        // Without concurrent starts there is nothing to wait for, and no task group: a launch
        // whose starts never suspend then finishes without suspending (the launch benchmark
        // times it so).
        if !concurrent.isEmpty { await Self.waitForEach(concurrent) }
        if let failure = failures.first {
            // Routes into modules that never started would run their handlers unprepared.
            self.navigator = nil
            launchState = .failed(failure)
            throw failure
        }
        owner.center.quietly.send((any AppEventConversation).self) { $0.appDidLaunch() }
    }

    /// Waits until every concurrent start has ended, cancelling the others as soon as one fails
    /// rather than waiting for them in start order.
    private static func waitForEach(_ starts: [Task<Void, any Error>]) async {
        await withTaskGroup(of: Bool.self) { group in
            for start in starts {
                group.addTask { (try? await start.value) == nil }
            }
            for await failed in group where failed {
                for start in starts { start.cancel() }
            }
        }
    }

    private func buildServices() throws(ModuleError) -> ServiceRegistry {
        var builder = ServiceRegistryBuilder()
        for record in records {
            do {
                try record.module.registerServices(into: &builder)
            } catch {
                throw .serviceRegistration(record.info.id, error)
            }
        }
        return builder.build()
    }

    private func buildNavigator() throws(ModuleError) -> Navigator {
        let guardNames = Set(guards.map(\.name))
        var builder = RouterBuilder<RouteDestination>()
        var routeCount = 0
        for record in records { routeCount += record.routes.count }
        builder.reserveCapacity(routeCount)
        for record in records {
            let id = record.info.id
            for route in record.routes {
                if let missing = route.guards.first(where: { !guardNames.contains($0) }) {
                    throw .routeRegistration(id, .unknownGuard(route.pattern, guardName: missing))
                }
                let destination = destination(of: route, in: record)
                do {
                    try builder.register(route.pattern, name: route.name, to: destination)
                } catch {
                    throw .routeRegistration(id, error)
                }
            }
        }
        do {
            return try Navigator(
                router: builder.build(), guards: guards, webHandler: webHandlerBeforeLaunch,
                unmatchedHandler: unmatchedHandlerBeforeLaunch, externalSchemes: externalSchemesBeforeLaunch)
        } catch {
            // Every route's guard names were checked above, so what is left is the guards' own.
            throw .invalidGuards(error)
        }
    }

    /// The route's destination, carrying the module's handler so a match calls it directly.
    ///
    /// A module that left the app owner (detached, or the owner torn down) declines its routes,
    /// as a handler that does not serve a match does, and debug builds report it: its handler
    /// would run in a module that is no longer part of the app.
    private func destination(of route: ModuleRoute, in record: ModuleRecord) -> RouteDestination {
        let module = record.module
        let handler = module.handler(for: route)
        let id = record.info.id
        let accepts: RouteAcceptance = { [weak module, weak owner] request in
            guard let module, module.owner != nil else {
                Self.reportAbsentModule(id, url: request.url, route: request.routeName, to: owner)
                return false
            }
            return handler?.accepts?(request) ?? true
        }
        if let handler {
            return RouteDestination(
                guards: route.guards, external: route.isExternal, accepts: accepts, handler: handler.handle)
        }
        return RouteDestination(guards: route.guards, external: route.isExternal, accepts: accepts) {
            [weak module] request in
            module?.handle(request)
        }
    }

    /// Reports, in debug builds, a URL whose route belongs to a module no longer in the app owner.
    private static func reportAbsentModule(_ id: String, url: String, route: String?, to owner: Owner?) {
        #if DEBUG
            let why = owner?.state == .tornDown ? "the app owner was torn down" : "the module was detached"
            let diagnostic = Diagnostic(
                cause: .unhandledMessage,
                owner: owner?.name,
                conversation: "module '\(id)'",
                message: "handle(_:)",
                hint: """
                    \(url) matched route '\(route ?? url)' of module '\(id)', but \(why), so the route was declined: \
                    keep a module attached for as long as its routes may open
                    """
            )
            if let owner {
                owner.report(diagnostic)
            } else {
                Diagnostic.reportAppWide(diagnostic)
            }
        #endif
    }

    /// Begins a concurrent start. Where immediate tasks exist it runs up to its first suspension
    /// before this returns, so concurrent modules still begin in priority order.
    private func begin(
        _ timing: ConcurrentStartTiming, _ start: @escaping @MainActor () async throws -> Void
    ) -> Task<Void, any Error> {
        if timing == .immediatelyWhereAvailable,
            #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
        {
            return Task.immediate { @MainActor in try await start() }
        }
        // Older Apple systems lack immediate tasks: the start begins at the launch's next
        // suspension, and not at all once a failure has cancelled it meanwhile, since no module
        // starts after the first failure.
        return Task { @MainActor in
            try Task.checkCancellation()
            try await start()
        }
    }
}

/// The failures of one launch's starts, in the order they happened; the first stops the launch.
@MainActor
private final class StartFailures {
    private(set) var first: ModuleError?

    func record(_ failure: ModuleError) {
        if first == nil { first = failure }
    }
}
