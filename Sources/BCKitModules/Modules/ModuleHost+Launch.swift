import BCKit

// MARK: - Launch

extension ModuleHost {
    /// Registers services, builds routes, starts every module and announces the launch.
    ///
    /// See ``ModuleHost`` for the order of events.
    ///
    /// - Throws: A ``ModuleError`` naming the module whose services, routes or start failed,
    ///   ``ModuleError/invalidGuards(_:)`` when ``guards`` share a name or one's URL is not a URL,
    ///   or ``ModuleError/alreadyLaunched``.
    public func launch() async throws(ModuleError) {
        guard !isLaunched else { throw .alreadyLaunched }
        isLaunched = true
        services = try buildServices()
        let navigator = try buildNavigator()
        self.navigator = navigator

        var concurrent: [(id: String, task: Task<Void, any Error>)] = []
        for record in records {
            let context = ModuleContext(info: record.info, services: services, navigator: navigator)
            let module = record.module
            if record.info.startsConcurrently {
                concurrent.append((record.info.id, startImmediately { try await module.start(in: context) }))
                continue
            }
            do {
                try await module.start(in: context)
            } catch {
                throw .startFailed(record.info.id, reason: String(describing: error))
            }
        }
        for (id, task) in concurrent {
            do {
                try await task.value
            } catch {
                throw .startFailed(id, reason: String(describing: error))
            }
        }
        owner.center.send((any AppEventConversation).self) { $0.appDidLaunch() }
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
                let destination = Self.destination(of: route, in: record.module)
                do {
                    try builder.register(route.pattern, name: route.name, to: destination)
                } catch {
                    throw .routeRegistration(id, error)
                }
            }
        }
        do {
            return try Navigator(
                router: builder.build(), guards: guards, webHandler: webHandler, unmatchedHandler: unmatchedHandler,
                externalSchemes: externalSchemes)
        } catch {
            // Every route's guard names were checked above, so what is left is the guards' own.
            throw .invalidGuards(error)
        }
    }

    /// The route's destination, carrying the module's handler so a match calls it directly.
    private static func destination(of route: ModuleRoute, in module: any Module) -> RouteDestination {
        if let handler = module.handler(for: route) {
            return RouteDestination(
                guards: route.guards, external: route.isExternal, accepts: handler.accepts, handler: handler.handle)
        }
        return RouteDestination(guards: route.guards, external: route.isExternal) { [weak module] request in
            module?.handle(request)
        }
    }

    /// Runs a start up to its first suspension before returning, so concurrent modules still
    /// begin in priority order.
    private func startImmediately(
        _ start: @escaping @MainActor () async throws -> Void
    ) -> Task<Void, any Error> {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate { @MainActor in try await start() }
        }
        // Older Apple systems lack immediate tasks: the start begins at the launch's next suspension.
        return Task { @MainActor in try await start() }
    }
}
