#pragma once
#include <bluetooth/bluetooth.h>
#include <bluetooth/rfcomm.h>
#include <bluetooth/sdp.h>
#include <bluetooth/sdp_lib.h>

/// BDADDR_ANY is a compound literal, which Swift cannot import: this returns 00:00:00:00:00:00.
static inline bdaddr_t snap_bdaddr_any(void) {
    bdaddr_t any = {{0, 0, 0, 0, 0, 0}};
    return any;
}
