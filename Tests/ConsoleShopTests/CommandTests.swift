import ConsoleShop
import Testing

@Suite struct CommandTests {
    @Test(arguments: [
        ("help", Command.help),
        ("appear", .appear),
        ("  Disappear  ", .disappear),
        ("REFRESH", .refresh),
        ("add-to-cart", .addToCart),
        ("quantity 3", .quantity(3)),
        ("Quantity 99", .quantity(99)),
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
        ("quantity", .missingArgument("quantity", placeholder: "COUNT")),
        ("quantity 2 3", .unexpectedArgument("quantity", "2 3")),
        ("quantity 0", .invalidArgument("quantity", "0", expected: "a whole number from 1 to 99")),
        ("quantity 100", .invalidArgument("quantity", "100", expected: "a whole number from 1 to 99")),
        ("quantity two", .invalidArgument("quantity", "two", expected: "a whole number from 1 to 99")),
        ("quantity 1.5", .invalidArgument("quantity", "1.5", expected: "a whole number from 1 to 99")),
    ])
    func badInputThrowsTheMatchingTypedError(line: String, expected: CommandError) {
        #expect(throws: expected) { try Command.parse(line) }
    }

    @Test(arguments: [
        CommandError.unknownCommand("fly"),
        .missingArgument("detach", placeholder: "NAME"),
        .unexpectedArgument("appear", "now"),
        .invalidArgument("quantity", "0", expected: "a whole number from 1 to 99"),
    ])
    func everyErrorPointsTheUserToHelp(error: CommandError) {
        #expect(error.description.contains("help"))
    }

    @Test func everyCommandThatHelpListsParses() throws {
        var parsed: [Command] = []
        for entry in Command.reference {
            let examples = ["NAME": "Stock", "COUNT": "2"]
            let line = entry.usage.split(separator: " ").map { examples[String($0)] ?? String($0) }
                .joined(separator: " ")
            parsed.append(try #require(try Command.parse(line)))
        }
        #expect(
            parsed == [
                .help, .appear, .disappear, .refresh, .addToCart, .quantity(2), .tapCart, .detach("Stock"),
                .attach("Stock"),
                .memoryWarning, .background, .foreground, .describe, .graph, .quit,
            ]
        )
    }

    @Test func aMissingCountIsShownWithANumberToType() {
        let message = CommandError.missingArgument("quantity", placeholder: "COUNT").description
        #expect(message.contains("`quantity 2`"))
    }

    @Test func linkParsesItsURLAndNeedsOne() throws {
        #expect(try ShopCommand.parse("link shop://goods/detail/1") == .link("shop://goods/detail/1"))
        #expect(throws: CommandError.missingArgument("link", placeholder: "URL")) { try ShopCommand.parse("link") }
        #expect(ShopCommand.reference.contains { $0.usage == "link URL" })
    }
}
