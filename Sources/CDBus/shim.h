#pragma once
#include <dbus/dbus.h>

/// DBUS_TYPE_* are character macros ((int) 's'), which Swift does not import.
static const int SNAP_DBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int SNAP_DBUS_TYPE_OBJECT_PATH = DBUS_TYPE_OBJECT_PATH;
static const int SNAP_DBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int SNAP_DBUS_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int SNAP_DBUS_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;
static const int SNAP_DBUS_TYPE_UNIX_FD = DBUS_TYPE_UNIX_FD;
static const int SNAP_DBUS_TYPE_BYTE = DBUS_TYPE_BYTE;
static const int SNAP_DBUS_TYPE_BOOLEAN = DBUS_TYPE_BOOLEAN;
static const int SNAP_DBUS_TYPE_UINT16 = DBUS_TYPE_UINT16;
static const int SNAP_DBUS_TYPE_INT16 = DBUS_TYPE_INT16;
static const int SNAP_DBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int SNAP_DBUS_TYPE_INVALID = DBUS_TYPE_INVALID;
static const int SNAP_DBUS_TYPE_SIGNATURE = DBUS_TYPE_SIGNATURE;
static const int SNAP_DBUS_TYPE_INT32 = DBUS_TYPE_INT32;

/// For the connection's loop thread (Glibc's Swift overlay lacks these).
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>
static inline int snap_eventfd_nonblocking(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }
static inline int snap_gettid(void) { return (int)syscall(SYS_gettid); }
