"""The Debian package of snap-host (scripts/package), made from the binary under test: its control
fields (the binary's architecture, a dependency for each library it links and none on Swift),
its files and their modes, the conffile, the binary stripped and running, the maintainer
scripts, and lintian with the package's own overrides. Installing, upgrading and purging it
under a booted systemd: test_systemd.py."""

from __future__ import annotations

import gzip
import hashlib
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from harness import LINTIAN_OVERRIDDEN, PACKAGE, REPO_ROOT, lintian_findings, package_command

VERSION = re.search(r'^let snapHostVersion = "([^"]+)"$', (REPO_ROOT / "Sources/snap-host/Version.swift").read_text(),
                    re.M).group(1)
# What each library the binary links comes from in Debian (the spec scripts/package follows).
LIBRARY_PACKAGES = {
    "libavahi-client.so.3": "libavahi-client3", "libavahi-common.so.3": "libavahi-common3",
    "libdbus-1.so.3": "libdbus-1-3", "libbluetooth.so.3": "libbluetooth3", "libqrencode.so.4": "libqrencode4",
    "libz.so.1": "zlib1g",
    "libc.so.6": "libc6", "libm.so.6": "libc6", "libdl.so.2": "libc6", "libpthread.so.0": "libc6",
    "ld-linux-x86-64.so.2": "libc6", "ld-linux-aarch64.so.1": "libc6",
    "libstdc++.so.6": "libstdc++6", "libgcc_s.so.1": "libgcc-s1",
}
# Every file, with its mode (all root:root).
FILES = {
    "etc/snap-host/config.json": 0o644,
    "usr/bin/snap-host": 0o755,
    "usr/lib/systemd/system/snap-host.service": 0o644,
    "usr/share/dbus-1/system.d/snap-host.conf": 0o644,
    "usr/share/doc/snap-host/README.md": 0o644,
    "usr/share/doc/snap-host/PI.md": 0o644,
    "usr/share/doc/snap-host/WEB.md": 0o644,
    "usr/share/doc/snap-host/copyright": 0o644,
    "usr/share/doc/snap-host/changelog.gz": 0o644,
    "usr/share/man/man1/snap-host.1.gz": 0o644,
    "usr/share/lintian/overrides/snap-host": 0o644,
}


def run(*argv: str, timeout: float = 60) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{argv}: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return done.stdout


def fields(deb: Path) -> dict[str, str]:
    """The control file's fields (a folded field's lines joined with newlines)."""
    out: dict[str, str] = {}
    name = None
    for line in run("dpkg-deb", "--field", str(deb)).splitlines():
        if line.startswith(" ") and name:
            out[name] += "\n" + line
        else:
            name, _, value = line.partition(":")
            out[name] = value.strip()
    return out


def depends(field: str) -> dict[str, str]:
    """`a (>= 1), b` -> {"a": ">= 1", "b": ""}."""
    out = {}
    for item in field.split(","):
        match = re.fullmatch(r"\s*([a-z0-9.+-]+)(?:\s*\(([^)]*)\))?\s*", item)
        assert match, f"not a dependency: {item!r}"
        out[match.group(1)] = match.group(2) or ""
    return out


def highest(versions: str, prefix: str) -> str:
    found = re.findall(r"Name: " + re.escape(prefix) + r"([0-9][0-9.]*)", versions)
    return max(found, key=lambda v: [int(x) for x in v.split(".")])


@pytest.fixture(scope="module")
def unpacked(snap_deb, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("unpacked")
    run("dpkg-deb", "--extract", str(snap_deb), str(root))
    run("dpkg-deb", "--control", str(snap_deb), str(root / "DEBIAN"))
    return root


def test_the_control_fields_name_the_binarys_architecture_and_the_libraries_it_links(snap_deb, snap_bin):
    assert snap_deb.name == f"snap-host_{VERSION}_amd64.deb"
    control = fields(snap_deb)
    machine = re.search(r"Machine:\s*(.+)", run("readelf", "-h", str(snap_bin))).group(1)
    assert machine.endswith("X86-64") and control["Architecture"] == "amd64"
    assert control["Package"] == "snap-host" and control["Version"] == VERSION
    assert control["Section"] in ("net", "games") and control["Priority"] == "optional"
    assert re.fullmatch(r".+ <[^@ ]+@[^> ]+>", control["Maintainer"]), control["Maintainer"]
    synopsis, *long = control["Description"].split("\n")
    assert 0 < len(synopsis) <= 80 and not synopsis.startswith("snap-host") and len(long) >= 3

    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+)\]", run("readelf", "-d", str(snap_bin)))
    assert needed and not [library for library in needed if "swift" in library.lower()], \
        f"the test binary links the Swift runtime as a shared library: scripts/build-static --debug ({needed})"
    wanted = depends(control["Depends"])
    assert set(wanted) == {LIBRARY_PACKAGES[library] for library in needed} | {"avahi-daemon", "dbus"}, control["Depends"]
    versions = run("readelf", "-V", "--wide", str(snap_bin))
    assert wanted["libc6"] == ">= " + highest(versions, "GLIBC_")
    assert re.fullmatch(r">= \d+(\.\d+)?", wanted["libstdc++6"]), wanted  # from GLIBCXX_/CXXABI_: 11 for GLIBCXX_3.4.29
    if "GLIBCXX_3.4.29" in versions:
        assert float(wanted["libstdc++6"].split()[1]) >= 11
    assert wanted["avahi-daemon"] == wanted["dbus"] == ""
    assert depends(control["Recommends"]) == {"bluez": ""}
    assert "swift" not in (control["Depends"] + control["Recommends"]).lower()

    # Installed-Size: the unpacked files, in KiB.
    size = int(control["Installed-Size"])
    contents = run("dpkg-deb", "--contents", str(snap_deb))
    total = sum(int(line.split()[2]) for line in contents.splitlines() if line.startswith("-"))
    assert total // 1024 <= size <= total // 1024 + 200, (size, total)


def test_the_files_their_modes_and_the_conffile(snap_deb, unpacked):
    entries = {}
    for line in run("dpkg-deb", "--contents", str(snap_deb)).splitlines():
        mode, owner, _size, _date, _time, path = line.split(None, 5)
        entries[path.removeprefix("./").rstrip("/")] = (mode, owner)
    assert all(owner == "root/root" for _, owner in entries.values()), entries
    files = {path: mode for path, (mode, _) in entries.items() if mode.startswith("-")}
    assert {path: stat.filemode(stat.S_IFREG | mode) for path, mode in FILES.items()} == files
    folders = {path: mode for path, (mode, _) in entries.items() if mode.startswith("d")}
    assert set(folders.values()) == {"drwxr-xr-x"}, folders
    assert len(files) + len(folders) == len(entries), "links or devices in the package"

    control = unpacked / "DEBIAN"
    assert (control / "conffiles").read_text() == "/etc/snap-host/config.json\n"
    for script in ("postinst", "prerm", "postrm"):
        path = control / script
        assert path.stat().st_mode & 0o777 == 0o755 and path.read_text().startswith("#!/bin/sh\n")
        run("sh", "-n", str(path))
        assert path.read_text() == (REPO_ROOT / "scripts/pi/debian" / script).read_text()
    # md5sums: every file but the conffile, each sum right.
    sums = {path: digest for digest, path in (line.split("  ", 1) for line in (control / "md5sums").read_text().splitlines())}
    assert set(sums) == set(FILES) - {"etc/snap-host/config.json"}
    for path, digest in sums.items():
        assert hashlib.md5((unpacked / path).read_bytes()).hexdigest() == digest, path

    # The pieces, from the same sources scripts/install uses (the unit from its template).
    assert (unpacked / "etc/snap-host/config.json").read_text() == (REPO_ROOT / "scripts/pi/config.json").read_text()
    assert (unpacked / "usr/share/dbus-1/system.d/snap-host.conf").read_text() == \
        (REPO_ROOT / "scripts/pi/snap-host-dbus.conf").read_text()
    unit = (unpacked / "usr/lib/systemd/system/snap-host.service").read_text()
    template = (REPO_ROOT / "scripts/pi/snap-host.service.in").read_text()
    assert unit == template.replace("@BINDIR@", "/usr/bin").replace("@CONFDIR@", "/etc/snap-host") \
        .replace("@DOCDIR@", "/usr/share/doc/snap-host")
    assert "ExecStart=/usr/bin/snap-host serve --config /etc/snap-host/config.json" in unit
    assert "Documentation=file:/usr/share/doc/snap-host/PI.md" in unit
    for doc in ("README.md", "docs/PI.md", "docs/WEB.md"):
        assert (unpacked / "usr/share/doc/snap-host" / Path(doc).name).read_text() == (REPO_ROOT / doc).read_text()
    changelog = gzip.decompress((unpacked / "usr/share/doc/snap-host/changelog.gz").read_bytes()).decode()
    assert changelog.startswith(f"snap-host ({VERSION}) unstable; urgency=medium\n"), changelog
    assert re.search(r"^ -- .+ <.+>  \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d \+0000$", changelog, re.M), changelog
    copyright_text = (unpacked / "usr/share/doc/snap-host/copyright").read_text()
    assert copyright_text.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n")
    manual = gzip.decompress((unpacked / "usr/share/man/man1/snap-host.1.gz").read_bytes()).decode()
    assert manual.splitlines()[1].startswith(".TH SNAP-HOST 1")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_the_packaged_unit_passes_systemd_analyze_verify(unpacked, tmp_path):
    text = (unpacked / "usr/lib/systemd/system/snap-host.service").read_text()
    checked = tmp_path / "snap-host.service"  # verify checks that ExecStart exists: the unpacked binary
    checked.write_text(text.replace("/usr/bin/snap-host", str(unpacked / "usr/bin/snap-host")))
    done = subprocess.run(["systemd-analyze", "verify", str(checked)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "snap-host.service" not in done.stderr, done.stdout + done.stderr


def test_the_packaged_binary_is_a_stripped_copy_that_runs(unpacked, snap_bin):
    binary = unpacked / "usr/bin/snap-host"
    sections = run("readelf", "-S", "--wide", str(binary))
    assert ".text" in sections and ".symtab" not in sections and ".debug_info" not in sections, "not stripped"
    assert ".comment" not in sections
    assert ".symtab" in run("readelf", "-S", "--wide", str(snap_bin)), "scripts/package stripped its input"
    assert binary.stat().st_size < snap_bin.stat().st_size
    assert run(str(binary), "--version").strip() == f"{VERSION} (linux amd64)"


def test_an_arm64_binary_makes_an_arm64_package_on_this_machine(tmp_path):
    """The architecture is the binary's ELF machine, not this machine's, and the binary is stripped
    by a strip that knows it. The binary: an x86-64 program with only libc NEEDED, its ELF header's
    machine set to AArch64 (nothing here runs it; readelf and strip read it as an aarch64 file)."""
    binary = tmp_path / "snap-host"
    shutil.copy(shutil.which("true"), binary)
    with open(binary, "r+b") as elf:
        elf.seek(18)
        elf.write((183).to_bytes(2, "little"))  # e_machine: EM_AARCH64
    assert "AArch64" in run("readelf", "-h", str(binary))
    original = binary.read_bytes()
    deb = Path(run(*package_command(binary, tmp_path / "out", "9.8.7"), timeout=300).strip())
    assert deb.name == "snap-host_9.8.7_arm64.deb"
    control = fields(deb)
    assert control["Architecture"] == "arm64" and control["Version"] == "9.8.7"
    versions = run("readelf", "-V", "--wide", str(binary))
    assert depends(control["Depends"]) == {"libc6": ">= " + highest(versions, "GLIBC_"), "avahi-daemon": "", "dbus": ""}
    assert binary.read_bytes() == original, "the input was changed"
    root = tmp_path / "root"
    run("dpkg-deb", "--extract", str(deb), str(root))
    assert "AArch64" in run("readelf", "-h", str(root / "usr/bin/snap-host"))
    assert ".symtab" not in run("readelf", "-S", "--wide", str(root / "usr/bin/snap-host"))


def test_a_library_without_a_debian_package_in_the_table_is_an_error_that_names_it(tmp_path):
    ls = Path(shutil.which("ls"))  # coreutils' ls links libselinux, which the table does not know
    assert "libselinux.so.1" in run("readelf", "-d", str(ls))
    done = subprocess.run([str(PACKAGE), str(ls), "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "libselinux.so.1" in done.stderr, done.stderr
    assert not list(tmp_path.iterdir()), "a package was made anyway"


@pytest.mark.skipif(shutil.which("lintian") is None, reason="lintian missing (scripts/install-deps --test installs it)")
def test_lintian_finds_nothing_that_the_package_does_not_override(snap_deb):
    tags, overridden, status, output = lintian_findings(snap_deb)
    assert not tags, "lintian tags that are not overridden (fix them, or override them in " \
                     "scripts/pi/debian/lintian-overrides with the reason):\n" + "\n".join(tags)
    assert status == 0, output
    assert overridden <= LINTIAN_OVERRIDDEN, output
