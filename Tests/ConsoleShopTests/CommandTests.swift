import ConsoleShop
import Testing
