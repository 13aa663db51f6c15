import FuzzKit

@testable import Discovery

/// TXT record parsing, as a browser meets a resolved `_snap._tcp` service: the raw rdata
/// (length-prefixed strings) into strings, a ``TXTRecord``, then a ``HostAdvertisement`` (or the
/// error naming the bad key). An advertisement read back must make the same advertisement again
/// from the record it would publish.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let strings = TXTStrings.strings(rdata: UnsafeRawBufferPointer(start: data, count: size))
    let record = TXTRecord(strings: strings)
    for (key, value) in record.entries {
        require(TXTRecord.isValidKey(key) && key == key.lowercased(), "an invalid key kept: \(key)")
        require(record[key] == value, "the first \(key) is not the one looked up")
    }
    require(TXTRecord(strings: record.strings) == record, "the record's strings read back differently: \(record.strings)")
    guard let advertisement = try? HostAdvertisement(name: "Host", txt: record, tcpPort: 4000) else { return 0 }
    let published: TXTRecord
    do {
        published = try advertisement.txtRecord()
    } catch {
        // Read leniently, published strictly: a value may be too long to publish again.
        return 0
    }
    let again = try? HostAdvertisement(name: "Host", txt: published, tcpPort: 4000)
    require(again == advertisement, "\(advertisement) publishes \(published.strings), read back as \(String(describing: again))")
    return 0
}
