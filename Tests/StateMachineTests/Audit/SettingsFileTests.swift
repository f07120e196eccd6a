import Testing

@testable import PresentationStateMachine

/// `SettingsFile` read from bytes, as the libFuzzer settings target drives it: what a good file sets, and
/// the message of each way a file goes wrong (the `replay` commands print these unchanged).
@Suite struct SettingsFileTests {
  func applied(_ text: String) throws(SettingsFileError) -> AuditConfiguration {
    var configuration = AuditConfiguration()
    try SettingsFile.apply(bytes: Array(text.utf8), path: "s.json", to: &configuration)
    return configuration
  }

  func message(_ text: String) -> String? {
    do {
      _ = try applied(text)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func everySettingChangesTheConfiguration() throws {
    let configuration = try applied(
      #"{"disable":["complete-twice"],"severity":{"layout-hitch":"error"},"grace":5,"frameRate":120,"#
        + #""tolerancePercent":10,"toleranceMs":20,"undriven":3,"maxPresentations":7}"#)
    #expect(configuration.rules.disabled == [.completeTwice])
    #expect(configuration.rules.severities[.layoutHitch] == .error)
    #expect(configuration.grace == 5)
    #expect(configuration.frameRate == 120)
    #expect(configuration.toleranceRatio == 0.1)
    #expect(configuration.toleranceSeconds == 0.02)
    #expect(configuration.undrivenAfter == 3)
    #expect(configuration.presentationLimit == 7)
  }

  @Test func aByteOrderMarkIsReadPastAndCountedInColumns() throws {
    #expect(try applied("\u{FEFF}{\"grace\":4}").grace == 4)
    #expect(
      message("\u{FEFF}{\"grace\":-4}")
        == "s.json:1:13: \"grace\" must be a number >= 0, not -4; fix the file, or point --config at another one"
    )
  }

  /// Rules' "Turning rules off": an unknown key is an error that names the closest valid one, as an
  /// unknown rule id is; a key like none of them gets the list alone.
  /// A limit as large as JSON can write is no limit, as `--max-presentations` takes the same: a double
  /// cannot hold `Int.max`, and the file's `9223372036854775807` once failed as "not a whole number".
  @Test func theLargestPresentationLimitIsTaken() throws {
    #expect(try applied(#"{"maxPresentations":9223372036854775807}"#).presentationLimit == Int.max)
    #expect(try applied(#"{"maxPresentations":1e300}"#).presentationLimit == Int.max)
    #expect(try applied(#"{"maxPresentations":7}"#).presentationLimit == 7)
  }

  @Test func anUnknownKeyNamesTheClosestValidOne() {
    let valid =
      "valid: disable, severity, grace, frameRate, tolerancePercent, toleranceMs, undriven, maxPresentations"
    #expect(
      message(#"{"framerate":120}"#)?.contains(#"unknown setting "framerate" (did you mean "frameRate"?); "#)
        == true)
    #expect(
      message(#"{"maxPresentation":9}"#)?.contains(#"(did you mean "maxPresentations"?); \#(valid)"#) == true)
    #expect(message(#"{"tolerance":25}"#)?.contains(#"(did you mean "tolerancePercent"?)"#) == true)
    #expect(message(#"{"frame-rate":120}"#)?.contains(#"(did you mean "frameRate"?)"#) == true)
    #expect(message(#"{"colour":true}"#)?.contains(#"unknown setting "colour"; \#(valid)"#) == true)
  }

  @Test func eachProblemNamesItsPlaceAndWhatIsValid() {
    let advice = "; fix the file, or point --config at another one"
    #expect(
      message("{\n  \"gracе\": 1}")
        == "s.json:2:3: unknown setting \"gracе\" (did you mean \"grace\"?); valid: disable, severity, grace, "
        + "frameRate, "
        + "tolerancePercent, toleranceMs, undriven, maxPresentations" + advice)
    #expect(
      message(#"{"disable":"layout-hitch"}"#) == "s.json:1:12: \"disable\" must be an array of rule ids"
        + advice)
    #expect(message(#"{"disable":[1]}"#) == "s.json:1:12: \"disable\" holds a non-string" + advice)
    #expect(
      message(#"{"severity":{"layout-hitch":true}}"#)
        == "s.json:1:13: the severity of layout-hitch must be error or warning, not a boolean" + advice)
    #expect(
      message(#"{"maxPresentations":1.5}"#)
        == "s.json:1:21: \"maxPresentations\" must be a whole number >= 1, not 1.5" + advice)
    #expect(
      message(#"{"frameRate":0}"#) == "s.json:1:14: \"frameRate\" must be a number > 0, not 0" + advice
    )
    #expect(message("") != nil)
  }

  @Test func aMissingFileSaysSo() {
    var configuration = AuditConfiguration()
    #expect(throws: SettingsFileError.self) {
      try SettingsFile.apply(path: "/nonexistent-folder/.replay.json", to: &configuration)
    }
  }
}
