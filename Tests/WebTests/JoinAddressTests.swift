import Testing

@testable import Web

/// The join address and its QR code.
@Suite struct JoinAddressTests {
    @Test func theCodeRidesInTheFragmentForALocalScreenOnly() {
        let join = JoinAddress(url: "http://10.0.0.5:8080/", code: "tea time/ä")
        #expect(join.url(forLocalScreen: true) == "http://10.0.0.5:8080/#code=tea%20time%2F%C3%A4")
        #expect(join.url(forLocalScreen: false) == "http://10.0.0.5:8080/")
        #expect(JoinAddress(url: "http://a/", code: nil).url(forLocalScreen: true) == "http://a/")
    }

    @Test func aBoundAddressIsTheOnlyOneAndIPv6GetsBrackets() {
        #expect(JoinAddress.urls(port: 8080, boundTo: "192.168.1.9") == ["http://192.168.1.9:8080/"])
        #expect(JoinAddress.urls(port: 80, boundTo: "fd00::2") == ["http://[fd00::2]:80/"])
        let any = JoinAddress.urls(port: 8080, boundTo: "::")
        #expect(!any.isEmpty && any.allSatisfy { $0.hasPrefix("http://") && $0.hasSuffix(":8080/") })
        #expect(!any.contains("http://[::1]:8080/"))
    }

    @Test func aQRCodeIsSquareWithFinderPatternsAndDrawsBothWays() throws {
        let code = try QRCode("http://192.168.1.9:8080/#code=tea-time")
        #expect(code.width >= 21 && (code.width - 17) % 4 == 0)  // version 1+ sizes: 21, 25, 29, ...
        for (row, column) in [(0, 0), (0, code.width - 7), (code.width - 7, 0)] {  // the three finder squares
            #expect(code.isDark(row: row, column: column) && code.isDark(row: row + 6, column: column + 6))
            #expect(!code.isDark(row: row + 1, column: column + 1) && code.isDark(row: row + 3, column: column + 3))
        }
        #expect(code.svg().hasPrefix("<svg") && code.svg().contains("viewBox=\"0 0 \(code.width + 8) \(code.width + 8)\""))
        let lines = code.halfBlocks()
        #expect(lines.count == (code.width + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.width + 4 })
    }
}
