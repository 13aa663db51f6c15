/* Writes D-Bus seeds for FuzzDBus: BlueZ's signals and replies as the bus delivers them,
 * marshalled by libdbus. Usage: make-dbus-seeds DIR (make-seeds.py builds and runs it). */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void variant_string(DBusMessageIter *dict, const char *key, const char *value) {
    DBusMessageIter entry, variant;
    dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant);
    dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &value);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(dict, &entry);
}

static void variant_bool(DBusMessageIter *dict, const char *key, dbus_bool_t value) {
    DBusMessageIter entry, variant;
    dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "b", &variant);
    dbus_message_iter_append_basic(&variant, DBUS_TYPE_BOOLEAN, &value);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(dict, &entry);
}

/* A Device1's properties: Address, Name, UUIDs (with the snap service), ManufacturerData. */
static void device_properties(DBusMessageIter *iter, int with_uuid) {
    DBusMessageIter dict, entry, variant, array, manufacturer, pair, inner, bytes;
    const char *uuids_key = "UUIDs", *manufacturer_key = "ManufacturerData";
    const char *uuid = "6e1f2a30-9c4b-4d5e-8f70-112233445566", *other = "0000110a-0000-1000-8000-00805f9b34fb";
    unsigned char state[6] = {0x6f, 0x1c, 0x2e, 0x4a, 8, 1};
    const unsigned char *state_pointer = state;
    dbus_uint16_t company = 0xFFFF;
    dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY, "{sv}", &dict);
    variant_string(&dict, "Address", "aa:bb:cc:dd:ee:ff");
    variant_string(&dict, "Name", "Kitchen Pi");
    variant_string(&dict, "Alias", "Kitchen");
    variant_bool(&dict, "Paired", 1);
    dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &uuids_key);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "as", &variant);
    dbus_message_iter_open_container(&variant, DBUS_TYPE_ARRAY, "s", &array);
    if (with_uuid) dbus_message_iter_append_basic(&array, DBUS_TYPE_STRING, &uuid);
    dbus_message_iter_append_basic(&array, DBUS_TYPE_STRING, &other);
    dbus_message_iter_close_container(&variant, &array);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(&dict, &entry);
    dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &manufacturer_key);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "a{qv}", &variant);
    dbus_message_iter_open_container(&variant, DBUS_TYPE_ARRAY, "{qv}", &manufacturer);
    dbus_message_iter_open_container(&manufacturer, DBUS_TYPE_DICT_ENTRY, NULL, &pair);
    dbus_message_iter_append_basic(&pair, DBUS_TYPE_UINT16, &company);
    dbus_message_iter_open_container(&pair, DBUS_TYPE_VARIANT, "ay", &inner);
    dbus_message_iter_open_container(&inner, DBUS_TYPE_ARRAY, "y", &bytes);
    dbus_message_iter_append_fixed_array(&bytes, DBUS_TYPE_BYTE, &state_pointer, 6);
    dbus_message_iter_close_container(&inner, &bytes);
    dbus_message_iter_close_container(&pair, &inner);
    dbus_message_iter_close_container(&manufacturer, &pair);
    dbus_message_iter_close_container(&variant, &manufacturer);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(&dict, &entry);
    dbus_message_iter_close_container(iter, &dict);
}

static void save(DBusMessage *message, const char *dir, const char *name) {
    char *bytes = NULL;
    int length = 0;
    char path[4096];
    dbus_message_set_serial(message, 7);
    if (!dbus_message_marshal(message, &bytes, &length)) abort();
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *file = fopen(path, "wb");
    if (!file || fwrite(bytes, 1, length, file) != (size_t)length) abort();
    fclose(file);
    dbus_free(bytes);
    dbus_message_unref(message);
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    const char *path = "/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF", *device1 = "org.bluez.Device1";
    DBusMessageIter iter, interfaces, entry, objects, object;

    /* InterfacesAdded(o path, a{sa{sv}} interfaces) */
    DBusMessage *added = dbus_message_new_signal("/", "org.freedesktop.DBus.ObjectManager", "InterfacesAdded");
    dbus_message_iter_init_append(added, &iter);
    dbus_message_iter_append_basic(&iter, DBUS_TYPE_OBJECT_PATH, &path);
    dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sa{sv}}", &interfaces);
    dbus_message_iter_open_container(&interfaces, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &device1);
    device_properties(&entry, 1);
    dbus_message_iter_close_container(&interfaces, &entry);
    dbus_message_iter_close_container(&iter, &interfaces);
    save(added, argv[1], "interfaces-added");

    /* PropertiesChanged(s interface, a{sv} changed, as invalidated) */
    DBusMessage *changed = dbus_message_new_signal(path, "org.freedesktop.DBus.Properties", "PropertiesChanged");
    DBusMessageIter invalidated;
    dbus_message_iter_init_append(changed, &iter);
    dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &device1);
    device_properties(&iter, 0);
    dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "s", &invalidated);
    dbus_message_iter_close_container(&iter, &invalidated);
    save(changed, argv[1], "properties-changed");

    /* The reply to GetManagedObjects: a{oa{sa{sv}}} */
    DBusMessage *call = dbus_message_new_method_call("org.bluez", "/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects");
    dbus_message_set_serial(call, 3);
    DBusMessage *reply = dbus_message_new_method_return(call);
    dbus_message_iter_init_append(reply, &iter);
    dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{oa{sa{sv}}}", &objects);
    dbus_message_iter_open_container(&objects, DBUS_TYPE_DICT_ENTRY, NULL, &object);
    dbus_message_iter_append_basic(&object, DBUS_TYPE_OBJECT_PATH, &path);
    dbus_message_iter_open_container(&object, DBUS_TYPE_ARRAY, "{sa{sv}}", &interfaces);
    dbus_message_iter_open_container(&interfaces, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &device1);
    device_properties(&entry, 1);
    dbus_message_iter_close_container(&interfaces, &entry);
    dbus_message_iter_close_container(&object, &interfaces);
    dbus_message_iter_close_container(&objects, &object);
    dbus_message_iter_close_container(&iter, &objects);
    save(reply, argv[1], "managed-objects");
    dbus_message_unref(call);

    /* An error reply with its message, as a failed call gets it. */
    DBusMessage *call2 = dbus_message_new_method_call("org.bluez", "/org/bluez/hci0", "org.bluez.Adapter1", "StartDiscovery");
    dbus_message_set_serial(call2, 4);
    save(dbus_message_new_error(call2, "org.bluez.Error.NotReady", "Resource Not Ready"), argv[1], "error-reply");
    dbus_message_unref(call2);
    return 0;
}
