import Testing

import GameRuntime

@Suite struct StateDirectoryTests {
    @Test func theHostsIsTheOptionThenSystemdsThenXDGsThenTheHomes() {
        let all = ["STATE_DIRECTORY": "/var/lib/snap-host:/var/lib/other", "XDG_STATE_HOME": "/x", "HOME": "/h"]
        #expect(StateDirectory.host(given: "/given", environment: all) == "/given")
        #expect(StateDirectory.host(environment: all) == "/var/lib/snap-host")
        #expect(StateDirectory.host(environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]) == "/x/snap-host")
        #expect(StateDirectory.host(environment: ["STATE_DIRECTORY": "relative", "XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/snap-host")
        #expect(StateDirectory.host(environment: ["HOME": "relative"]) == nil)
    }

    @Test func theUsersIgnoresSystemd() {
        #expect(StateDirectory.user(environment: ["STATE_DIRECTORY": "/var/lib/snap-host", "HOME": "/h"]) == "/h/.local/state/snap-host")
        #expect(StateDirectory.user(environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]) == "/x/snap-host")
    }
}
