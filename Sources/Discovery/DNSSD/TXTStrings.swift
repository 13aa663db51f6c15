import CAvahi

/// Converts TXT records to and from Avahi's string lists.
enum TXTStrings {
    /// A new list (free with `avahi_string_list_free`).
    static func make(_ txt: TXTRecord) -> UnsafeMutablePointer<AvahiStringList>? {
        var list: UnsafeMutablePointer<AvahiStringList>?
        for (key, value) in txt.entries.reversed() { list = avahi_string_list_add_pair(list, key, value) }
        return list
    }

    /// The raw strings of a received list (not necessarily valid UTF-8: decoded leniently).
    static func strings(_ list: UnsafeMutablePointer<AvahiStringList>?) -> [String] {
        var strings: [String] = []
        var node = list
        while let current = node {
            let size = Int(avahi_string_list_get_size(current))
            if let text = avahi_string_list_get_text(current) {
                strings.append(String(decoding: UnsafeBufferPointer(start: text, count: size), as: UTF8.self))
            }
            node = avahi_string_list_get_next(current)
        }
        return strings
    }

    /// The strings of raw TXT rdata: each is a length byte followed by that many bytes.
    static func strings(rdata: UnsafeRawBufferPointer) -> [String] {
        var strings: [String] = []
        var index = 0
        while index < rdata.count {
            let length = Int(rdata[index])
            let end = min(index + 1 + length, rdata.count)
            if length > 0 { strings.append(String(decoding: rdata[(index + 1)..<end], as: UTF8.self)) }
            index = end
        }
        return strings
    }
}
