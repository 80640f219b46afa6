import ConsoleShop
import Testing

@Suite struct CommandTests {
    @Test(arguments: [
        ("help", Command.help),
        ("appear", .appear),
        ("  Disappear  ", .disappear),
        ("REFRESH", .refresh),
        ("add-to-cart", .addToCart),
        ("Cart", .tapCart),
        ("detach Stock", .detach("Stock")),
        ("attach\tadd-to-cart", .attach("add-to-cart")),
        ("memory-warning", .memoryWarning),
        ("Background", .background),
        ("foreground", .foreground),
        ("describe", .describe),
        ("graph\r", .graph),
        ("quit", .quit),
    ])
    func parsesEachCommandCaseInsensitivelyIgnoringSurroundingSpace(line: String, expected: Command) throws {
        #expect(try Command.parse(line) == expected)
    }

    @Test(arguments: ["", "   ", "\t", "# a comment", "#appear"])
    func blankLinesAndCommentsAreNoCommand(line: String) throws {
        #expect(try Command.parse(line) == nil)
    }

    @Test(arguments: [
        ("fly", CommandError.unknownCommand("fly")),
        ("Fly away", .unknownCommand("Fly")),
        ("add to cart", .unknownCommand("add")),
        ("detach", .missingArgument("detach", placeholder: "NAME")),
        ("ATTACH   ", .missingArgument("attach", placeholder: "NAME")),
        ("detach Stock Price", .unexpectedArgument("detach", "Stock Price")),
        ("appear now", .unexpectedArgument("appear", "now")),
        ("quit please", .unexpectedArgument("quit", "please")),
        ("cart now", .unexpectedArgument("cart", "now")),
    ])
    func badInputThrowsTheMatchingTypedError(line: String, expected: CommandError) {
        #expect(throws: expected) { try Command.parse(line) }
    }

    @Test(arguments: [
        CommandError.unknownCommand("fly"),
        .missingArgument("detach", placeholder: "NAME"),
        .unexpectedArgument("appear", "now"),
    ])
    func everyErrorPointsTheUserToHelp(error: CommandError) {
        #expect(error.description.contains("help"))
    }

    @Test func everyCommandThatHelpListsParses() throws {
        var parsed: [Command] = []
        for entry in Command.reference {
            let line = entry.usage.split(separator: " ").map { $0 == "NAME" ? "Stock" : String($0) }
                .joined(separator: " ")
            parsed.append(try #require(try Command.parse(line)))
        }
        #expect(
            parsed == [
                .help, .appear, .disappear, .refresh, .addToCart, .tapCart, .detach("Stock"), .attach("Stock"),
                .memoryWarning, .background, .foreground, .describe, .graph, .quit,
            ]
        )
    }

    @Test func linkParsesItsURLAndNeedsOne() throws {
        #expect(try ShopCommand.parse("link shop://goods/detail/1") == .link("shop://goods/detail/1"))
        #expect(throws: CommandError.missingArgument("link", placeholder: "URL")) { try ShopCommand.parse("link") }
        #expect(ShopCommand.reference.contains { $0.usage == "link URL" })
    }
}
