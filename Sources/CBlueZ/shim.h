#pragma once
#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
#include <bluetooth/hci_lib.h>
#include <bluetooth/rfcomm.h>
#include <bluetooth/sdp.h>
#include <bluetooth/sdp_lib.h>

/// BDADDR_ANY is a compound literal, which Swift cannot import: this returns 00:00:00:00:00:00.
static inline bdaddr_t snap_bdaddr_any(void) {
    bdaddr_t any = {{0, 0, 0, 0, 0, 0}};
    return any;
}

/// `struct sockaddr_rc` for `address` and `channel` (1-30), with the family set.
static inline struct sockaddr_rc snap_sockaddr_rc(bdaddr_t address, uint8_t channel) {
    struct sockaddr_rc sa = {0};
    sa.rc_family = AF_BLUETOOTH;
    sa.rc_bdaddr = address;
    sa.rc_channel = channel;
    return sa;
}

_Static_assert(sizeof(struct sockaddr_rc) == 10, "sockaddr_rc is 10 bytes");
