import Foundation
import FuzzKit

@testable import Trivia

/// Each question bank format: the input picks a file name (`.json`, `.csv`, or none: the text
/// tells), then is the file. A bank either loads and passes its own validation, or is refused
/// with an error whose line and column lie inside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let source = ["bank.json", "bank.csv", "bank.txt"][Int(input.byte() % 3)]
    let bytes = Data(input.rest)
    do {
        let bank = try QuestionBank.parse(bytes, source: source)
        require(!bank.questions.isEmpty, "a bank with no questions loaded")
        do {
            try bank.validate()
        } catch {
            require(false, "a loaded bank fails its own validation: \(error)")
        }
    } catch {
        require(error.source == source && !error.problem.isEmpty, "an error without its source or problem: \(error)")
        _ = error.description
        guard let position = error.position else { return 0 }
        require(position >= .start, "an error before the start of the file: \(error)")
        if var text = try? BankText(utf8: bytes) {
            text.advance(by: text.scalars.count)
            require(position <= text.position, "an error past the end of the file (\(text.position)): \(error)")
        }
    }
    return 0
}
