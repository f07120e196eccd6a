/// The namespace of the rule homes, one suite per rule of the catalog in a file named after the rule: their
/// test ids read `StateMachineTests.Rules.CompleteTwiceTests/…`, so `swift test --filter Rules` runs this
/// folder (a filter matches test ids, not folders).
enum Rules {}
