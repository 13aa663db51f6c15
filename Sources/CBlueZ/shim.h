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

#include <errno.h>
#include <stdlib.h>

static inline void snap_sdp_free_protos(void *list, void *unused) {
    (void)unused;
    sdp_list_free((sdp_list_t *)list, 0);
}

/// The RFCOMM channel of `dst`'s SDP record for the 128-bit service `uuid` (bytes in network
/// order), as tools/rctest.c `get_channel` finds it: 1-30, or -errno (ENOENT: no such record
/// or no RFCOMM in it). Blocks (it pages the device and runs an SDP query).
static inline int snap_sdp_rfcomm_channel(bdaddr_t src, bdaddr_t dst, const uint8_t uuid_bytes[16]) {
    sdp_session_t *session = sdp_connect(&src, &dst, SDP_RETRY_IF_BUSY);
    if (!session) return errno ? -errno : -EHOSTUNREACH;
    uuid_t uuid;
    sdp_uuid128_create(&uuid, uuid_bytes);
    sdp_list_t *search = sdp_list_append(NULL, &uuid);
    uint16_t attribute = SDP_ATTR_PROTO_DESC_LIST;
    sdp_list_t *attributes = sdp_list_append(NULL, &attribute);
    sdp_list_t *records = NULL;
    int result = -ENOENT;
    if (sdp_service_search_attr_req(session, search, SDP_ATTR_REQ_INDIVIDUAL, attributes, &records) < 0) {
        result = errno ? -errno : -EIO;
    } else {
        for (sdp_list_t *r = records; r; r = r->next) {
            sdp_record_t *record = (sdp_record_t *)r->data;
            sdp_list_t *protos = NULL;
            if (result < 0 && sdp_get_access_protos(record, &protos) == 0) {
                int port = sdp_get_proto_port(protos, RFCOMM_UUID);
                if (port > 0) result = port;
                sdp_list_foreach(protos, snap_sdp_free_protos, NULL);
                sdp_list_free(protos, NULL);
            }
            sdp_record_free(record);
        }
        sdp_list_free(records, NULL);
    }
    sdp_list_free(search, NULL);
    sdp_list_free(attributes, NULL);
    sdp_close(session);
    return result;
}
