import BCKit

// Sixty-four conversations and a controller that speaks them all: attaching or detaching one
// updates 64 cached tables, so the churn rows can show a cost that stays flat per conversation.

@MainActor protocol Talk00: AnyObject {}
@MainActor protocol Talk01: AnyObject {}
@MainActor protocol Talk02: AnyObject {}
@MainActor protocol Talk03: AnyObject {}
@MainActor protocol Talk04: AnyObject {}
@MainActor protocol Talk05: AnyObject {}
@MainActor protocol Talk06: AnyObject {}
@MainActor protocol Talk07: AnyObject {}
@MainActor protocol Talk08: AnyObject {}
@MainActor protocol Talk09: AnyObject {}
@MainActor protocol Talk10: AnyObject {}
@MainActor protocol Talk11: AnyObject {}
@MainActor protocol Talk12: AnyObject {}
@MainActor protocol Talk13: AnyObject {}
@MainActor protocol Talk14: AnyObject {}
@MainActor protocol Talk15: AnyObject {}
@MainActor protocol Talk16: AnyObject {}
@MainActor protocol Talk17: AnyObject {}
@MainActor protocol Talk18: AnyObject {}
@MainActor protocol Talk19: AnyObject {}
@MainActor protocol Talk20: AnyObject {}
@MainActor protocol Talk21: AnyObject {}
@MainActor protocol Talk22: AnyObject {}
@MainActor protocol Talk23: AnyObject {}
@MainActor protocol Talk24: AnyObject {}
@MainActor protocol Talk25: AnyObject {}
@MainActor protocol Talk26: AnyObject {}
@MainActor protocol Talk27: AnyObject {}
@MainActor protocol Talk28: AnyObject {}
@MainActor protocol Talk29: AnyObject {}
@MainActor protocol Talk30: AnyObject {}
@MainActor protocol Talk31: AnyObject {}
@MainActor protocol Talk32: AnyObject {}
@MainActor protocol Talk33: AnyObject {}
@MainActor protocol Talk34: AnyObject {}
@MainActor protocol Talk35: AnyObject {}
@MainActor protocol Talk36: AnyObject {}
@MainActor protocol Talk37: AnyObject {}
@MainActor protocol Talk38: AnyObject {}
@MainActor protocol Talk39: AnyObject {}
@MainActor protocol Talk40: AnyObject {}
@MainActor protocol Talk41: AnyObject {}
@MainActor protocol Talk42: AnyObject {}
@MainActor protocol Talk43: AnyObject {}
@MainActor protocol Talk44: AnyObject {}
@MainActor protocol Talk45: AnyObject {}
@MainActor protocol Talk46: AnyObject {}
@MainActor protocol Talk47: AnyObject {}
@MainActor protocol Talk48: AnyObject {}
@MainActor protocol Talk49: AnyObject {}
@MainActor protocol Talk50: AnyObject {}
@MainActor protocol Talk51: AnyObject {}
@MainActor protocol Talk52: AnyObject {}
@MainActor protocol Talk53: AnyObject {}
@MainActor protocol Talk54: AnyObject {}
@MainActor protocol Talk55: AnyObject {}
@MainActor protocol Talk56: AnyObject {}
@MainActor protocol Talk57: AnyObject {}
@MainActor protocol Talk58: AnyObject {}
@MainActor protocol Talk59: AnyObject {}
@MainActor protocol Talk60: AnyObject {}
@MainActor protocol Talk61: AnyObject {}
@MainActor protocol Talk62: AnyObject {}
@MainActor protocol Talk63: AnyObject {}

/// A controller that speaks all 64 conversations.
final class Polyglot: BusinessController, Talk00, Talk01, Talk02, Talk03, Talk04, Talk05, Talk06, Talk07, Talk08,
    Talk09, Talk10, Talk11, Talk12, Talk13, Talk14, Talk15, Talk16, Talk17, Talk18, Talk19, Talk20, Talk21, Talk22,
    Talk23, Talk24, Talk25, Talk26, Talk27, Talk28, Talk29, Talk30, Talk31, Talk32, Talk33, Talk34, Talk35, Talk36,
    Talk37, Talk38, Talk39, Talk40, Talk41, Talk42, Talk43, Talk44, Talk45, Talk46, Talk47, Talk48, Talk49, Talk50,
    Talk51, Talk52, Talk53, Talk54, Talk55, Talk56, Talk57, Talk58, Talk59, Talk60, Talk61, Talk62, Talk63
{
    weak var owner: Owner?
}

/// Builds the tables of all 64 conversations in an owner.
@MainActor
func prepareTalks(_ center: CommunicationCenter) {
    center.prepare((any Talk00).self)
    center.prepare((any Talk01).self)
    center.prepare((any Talk02).self)
    center.prepare((any Talk03).self)
    center.prepare((any Talk04).self)
    center.prepare((any Talk05).self)
    center.prepare((any Talk06).self)
    center.prepare((any Talk07).self)
    center.prepare((any Talk08).self)
    center.prepare((any Talk09).self)
    center.prepare((any Talk10).self)
    center.prepare((any Talk11).self)
    center.prepare((any Talk12).self)
    center.prepare((any Talk13).self)
    center.prepare((any Talk14).self)
    center.prepare((any Talk15).self)
    center.prepare((any Talk16).self)
    center.prepare((any Talk17).self)
    center.prepare((any Talk18).self)
    center.prepare((any Talk19).self)
    center.prepare((any Talk20).self)
    center.prepare((any Talk21).self)
    center.prepare((any Talk22).self)
    center.prepare((any Talk23).self)
    center.prepare((any Talk24).self)
    center.prepare((any Talk25).self)
    center.prepare((any Talk26).self)
    center.prepare((any Talk27).self)
    center.prepare((any Talk28).self)
    center.prepare((any Talk29).self)
    center.prepare((any Talk30).self)
    center.prepare((any Talk31).self)
    center.prepare((any Talk32).self)
    center.prepare((any Talk33).self)
    center.prepare((any Talk34).self)
    center.prepare((any Talk35).self)
    center.prepare((any Talk36).self)
    center.prepare((any Talk37).self)
    center.prepare((any Talk38).self)
    center.prepare((any Talk39).self)
    center.prepare((any Talk40).self)
    center.prepare((any Talk41).self)
    center.prepare((any Talk42).self)
    center.prepare((any Talk43).self)
    center.prepare((any Talk44).self)
    center.prepare((any Talk45).self)
    center.prepare((any Talk46).self)
    center.prepare((any Talk47).self)
    center.prepare((any Talk48).self)
    center.prepare((any Talk49).self)
    center.prepare((any Talk50).self)
    center.prepare((any Talk51).self)
    center.prepare((any Talk52).self)
    center.prepare((any Talk53).self)
    center.prepare((any Talk54).self)
    center.prepare((any Talk55).self)
    center.prepare((any Talk56).self)
    center.prepare((any Talk57).self)
    center.prepare((any Talk58).self)
    center.prepare((any Talk59).self)
    center.prepare((any Talk60).self)
    center.prepare((any Talk61).self)
    center.prepare((any Talk62).self)
    center.prepare((any Talk63).self)
}
