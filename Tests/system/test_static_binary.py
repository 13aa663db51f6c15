"""The binary a Pi gets is one file (issue 13, docs/PI.md): snap-host with the Swift runtime and
FoundationEssentials linked in. A copy outside the build tree, run with an empty environment (so
no Swift library can be found on any path), serves and is joined; ldd lists no Swift library.

scripts/test links $SNAP_HOST_BIN so (scripts/build-static --debug, a relink of the debug build:
seconds); for a binary linked against the shared Swift runtime this test relinks the debug build
so first. The release build is linked the same way (scripts/install); its size and start-up time
are in docs/BENCHMARKS.md."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from harness import REPO_ROOT, Proc, host_key

ENV = "/usr/bin/env"


def ldd(path: Path) -> str:
    result = subprocess.run(["ldd", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def static_binary(snap_bin) -> Path:
    if "libswift" not in ldd(snap_bin):
        return snap_bin
    result = subprocess.run([str(REPO_ROOT / "scripts" / "build-static"), "--debug"],
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-4000:]
    return Path(result.stdout.strip())


def test_a_copy_runs_with_no_swift_runtime_on_any_library_path(static_binary, tmp_path):
    copy = tmp_path / "snap-host"
    shutil.copy2(static_binary, copy)

    libraries = ldd(copy)
    assert "libswift" not in libraries, libraries
    assert "Foundation" not in libraries and "not found" not in libraries, libraries

    # No HOME either: the host keeps its TLS key in --state-dir, and join, with nowhere to
    # remember a key, is given it (--fingerprint).
    host = Proc([ENV, "-i", str(copy), "serve", "--no-dnssd", "--no-bluetooth", "--host", "127.0.0.1", "--port", "0",
                 "--name", "Static Pi", "--state-dir", str(tmp_path / "state")], "static host", env={})
    try:
        match = host.wait_stdout(r"^listening on 127\.0\.0\.1:(\d+)$", 15)
        assert match, host.describe()
        key = host_key(host)
        assert key, host.describe()
        join = Proc([ENV, "-i", str(copy), "join", f"127.0.0.1:{match.group(1)}", "--player", "Pat", "--bot",
                     "--fingerprint", key], "static join", env={})
        try:
            assert join.wait_stdout(r"^connected to Static Pi as Pat", 10), join.describe()
            assert host.wait_stdout(r"^joined: Pat \(id \d+\)", 10), host.describe()
        finally:
            join.stop()
    finally:
        assert host.stop() == 0, host.describe()
