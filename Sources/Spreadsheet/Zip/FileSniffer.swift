/// Says what a file that is not a zip looks like, for the error that refuses it.
enum FileSniffer {
    /// A few words: `the file is empty`, `it is text, starting "Question,Answer 1" (a CSV
    /// file?)`, `it starts with the bytes 25 50 44 46 …`.
    static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "the file is empty" }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            return "it is an Excel 97-2003 .xls file (or another OLE2 document); save it as .xlsx"
        }
        if let line = firstLineOfText(bytes) {
            return "it is text, starting \"\(line)\" (a CSV file?)"
        }
        let head = bytes.prefix(8).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "it starts with the bytes \(head.joined(separator: " "))\(bytes.count > 8 ? " …" : ""), where a zip starts with 50 4B (PK)"
    }

    /// The first line (at most 40 characters) when the file's first 512 bytes read as text:
    /// UTF-8 (a character cut at the end allowed) without control characters but tab and line breaks.
    private static func firstLineOfText(_ bytes: [UInt8]) -> String? {
        var head = Array(bytes.prefix(512))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        for cut in 0...min(3, head.count) {
            guard let text = String(validating: head.dropLast(cut), as: UTF8.self) else { continue }
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 && !"\t\r\n".unicodeScalars.contains($0) || $0.value == 0x7F })
            else { return nil }
            let line = text.split(omittingEmptySubsequences: true) { $0.isNewline }.first.map(String.init) ?? ""
            return line.count > 40 ? line.prefix(40) + "…" : line
        }
        return nil
    }
}
