/// A reader of RFC 4180 CSV for the tests, written apart from the exporter so that a quoting mistake in
/// one is not repeated in the other: records of fields, each knowing whether it was quoted (an unquoted
/// empty field is a null).
struct CSVRecords {
  struct Field: Equatable {
    var text: String
    var quoted: Bool
  }

  enum Failure: Error, Equatable {
    case textAfterClosingQuote(record: Int)
    case unterminatedQuote
    case bareCarriageReturn(record: Int)
    case lineFeedWithoutCarriageReturn(record: Int)
  }

  /// Parses `text`: fields separated by commas, records ended by CRLF, quoted fields with doubled quotes.
  static func parse(_ text: String) throws(Failure) -> [[Field]] {
    var records: [[Field]] = []
    var record: [Field] = []
    var field = ""
    var quoted = false
    var characters = Array(text.unicodeScalars)[...]
    func endField() {
      record.append(Field(text: field, quoted: quoted))
      field = ""
      quoted = false
    }
    while let scalar = characters.popFirst() {
      switch scalar {
      case "\"" where field.isEmpty && !quoted:
        quoted = true
        while true {
          guard let inner = characters.popFirst() else { throw .unterminatedQuote }
          if inner == "\"" {
            if characters.first == "\"" {
              characters.removeFirst()
              field.unicodeScalars.append("\"")
            } else {
              break
            }
          } else {
            field.unicodeScalars.append(inner)
          }
        }
        if let next = characters.first, next != ",", next != "\r" {
          throw .textAfterClosingQuote(record: records.count)
        }
      case ",":
        endField()
      case "\r":
        guard characters.popFirst() == "\n" else { throw .bareCarriageReturn(record: records.count) }
        endField()
        records.append(record)
        record = []
      case "\n":
        throw .lineFeedWithoutCarriageReturn(record: records.count)
      default:
        field.unicodeScalars.append(scalar)
      }
    }
    if !field.isEmpty || quoted || !record.isEmpty {
      endField()
      records.append(record)
    }
    return records
  }
}
