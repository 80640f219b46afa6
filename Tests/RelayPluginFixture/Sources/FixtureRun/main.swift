import BCKit
import CartKit
import CartScreen
import Foundation

// Sends every one-call form through generated relays, then attaches a controller late, which gets
// the retained message only; prints what each controller heard.
let owner = Owner(name: "Fixture")
owner.onDiagnostic = { print("unhandled: \($0.conversation ?? "?").\($0.message ?? "?")") }
let first = BadgeController(name: "first")
try owner.attach(first)
try owner.didLoad()
owner.center.cartDidChange(count: 1)
owner.center.cartDidChange(count: 2)
print("title: \(owner.center.cartTitle() ?? "none")")
print("owner: \(owner.center.cartOwnerName ?? "none")")
try owner.center.validateCart()
await owner.center.saveCart()
owner.center.cartDidSync(with: URL(filePath: "/cart"))
owner.center.cartDidPick("tea") { print("picked") }
owner.center.stockDidChange(units: 3)
startCheckout(through: owner.center)
first.cartWasClear()
let late = BadgeController(name: "late")
try owner.attach(late)
print(first.heard.joined(separator: "\n"))
print(late.heard.joined(separator: "\n"))
