"""The module graph keeps its arrows one way (docs/ARCHITECTURE.md): the session core
(Matchmaking) knows no radio and no C library, the games know no transport, and only the glue
(Rendezvous) and the command line tie Discovery to the rest.

Two checks: the package's own description of its targets (every dependency, followed
transitively), and a real build of the Matchmaking target in a mount namespace where the headers
of the Avahi, BlueZ and D-Bus -dev packages are hidden. That build runs on an overlay of the
test run's own .build (the original is untouched) from which Matchmaking's outputs and the clang
module cache are removed: Matchmaking's sources compile again and every C module they import is
built again from its headers, while the other packages' objects are reused (half a minute, where a
build folder of its own compiled BoringSSL from nothing, 3 to 8 minutes of CI). The other packages'
C sources are not compiled again; a package that reached for these headers would have to be a
dependency of Matchmaking, which the description check names."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from harness import REPO_ROOT

C_MODULES = {"CAvahi", "CBlueZ", "CDBus", "CQRencode", "CZlib"}
HIDDEN_HEADERS = ["/usr/include/bluetooth", "/usr/include/avahi-client", "/usr/include/dbus-1.0"]


def targets() -> dict[str, list[str]]:
    """Each target of Package.swift and the names of what it depends on."""
    described = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=REPO_ROOT, check=True, capture_output=True, text=True).stdout)
    graph: dict[str, list[str]] = {}
    for target in described["targets"]:
        names = []
        for dependency in target["dependencies"]:
            kind = next(iter(dependency))
            names.append(dependency[kind][0])
        graph[target["name"]] = names
    return graph


def reachable(graph: dict[str, list[str]], start: str) -> set[str]:
    """Every target and product `start` depends on, directly or not (products are leaves)."""
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(graph.get(name, []))
    return seen


def test_the_session_core_depends_on_no_radio_and_no_c_module():
    graph = targets()
    below = reachable(graph, "Matchmaking")
    assert not below & (C_MODULES | {"Discovery", "Rendezvous"}), below


def games() -> list[str]:
    """Every game: a target that builds on GameRuntime and is not the web, a tool or a test."""
    graph = targets()
    return sorted(name for name, deps in graph.items()
                  if "GameRuntime" in deps and name not in {"Web", "snap-host"} and not name.endswith("Tests"))


SESSION_RUNTIME = {"Matchmaking", "SecureLink", "Rendezvous", "Discovery", "Web"}
# The command line's parser is snap-host's: a game declares its options as data (GameOption) and
# GameRuntime parses them, so the same declarations serve the command line, the config file and
# the host page.
COMMAND_LINE = {"ArgumentParser"}


def test_the_games_are_found():
    assert {"Trivia", "SnapGame", "Pong"} <= set(games())


@pytest.mark.parametrize("layer", ["Vocabulary", "GameRuntime", "Trivia", "SnapGame", "Pong", "Punchline"])
def test_games_and_their_runtime_build_on_the_vocabulary_alone(layer: str):
    """A game depends on a small vocabulary (ids, reasons, payload coding, clocks, the session
    as a game sees it: Vocabulary) and the game runtime (the table protocol, the lobby cycle,
    effects, fairness, runners): not on Matchmaking's server or client, not on NIO, not on any
    radio, nor on the command line's parser, followed transitively through the package's own
    description."""
    graph = targets()
    below = reachable(graph, layer)
    assert not below & (SESSION_RUNTIME | C_MODULES | COMMAND_LINE), (layer, below)
    assert not [name for name in below if name.startswith("NIO")], (layer, below)
    assert reachable(graph, "Vocabulary") == set(), "the vocabulary depends on nothing"


def test_no_game_source_imports_the_session_runtime_or_nio():
    """The same read from the sources: no file of a game (of every game target found), of the
    game runtime or of the vocabulary imports Matchmaking, NIO, a radio or ArgumentParser, so a
    new game cannot reach a socket through a transitive import either, nor declare its options
    anywhere but in its registration."""
    offenders = []
    for layer in ["Vocabulary", "GameRuntime", *games()]:
        for path in sorted((REPO_ROOT / "Sources" / layer).rglob("*.swift")):
            for line in path.read_text().splitlines():
                words = line.replace("@testable ", "").replace("@_exported ", "").split()
                if len(words) >= 2 and words[0] == "import":
                    module = words[-1]
                    if module in SESSION_RUNTIME | C_MODULES | COMMAND_LINE or module.startswith("NIO"):
                        offenders.append(f"{path.relative_to(REPO_ROOT)}: {line.strip()}")
    assert not offenders, offenders


def test_a_game_knows_no_other_game():
    graph = targets()
    every = set(games())
    for game in every:
        assert not reachable(graph, game) & (every - {game}), game


def test_the_quiz_library_builds_on_the_vocabulary_the_spreadsheet_reader_swift_log_and_swift_crypto_alone():
    """QuizLibrary (the host's own quizzes and their pictures) stores documents it does not read:
    no transport, no web, no game, no radio, in the package's description and in its imports."""
    graph = targets()
    assert reachable(graph, "QuizLibrary") == {"Vocabulary", "Spreadsheet", "Logging", "Crypto"}
    allowed = {"Vocabulary", "Spreadsheet", "Logging", "Crypto", "FoundationEssentials", "Glibc", "Synchronization"}
    imports = set()
    for path in sorted((REPO_ROOT / "Sources" / "QuizLibrary").rglob("*.swift")):
        for line in path.read_text().splitlines():
            words = line.replace("@testable ", "").replace("@_exported ", "").split()
            if len(words) >= 2 and words[0] == "import":
                imports.add(words[-1])
    assert imports and imports <= allowed, imports - allowed


def test_the_web_knows_no_radio_and_the_games_know_no_web():
    graph = targets()
    below = reachable(graph, "Web")
    assert {"Matchmaking", "GameRuntime"} <= below
    assert not below & {"CAvahi", "CBlueZ", "CDBus", "Discovery", "Rendezvous", "Trivia", "SnapGame", "Pong"}, below
    for game in ("Trivia", "SnapGame", "Pong", "GameRuntime", "Matchmaking"):
        assert "Web" not in reachable(graph, game), game


def test_only_the_glue_and_the_tools_tie_discovery_to_matchmaking():
    graph = targets()
    both = {name for name in graph
            if {"Discovery", "Matchmaking"} <= reachable(graph, name) and not name.endswith("Tests")}
    assert both == {"Rendezvous", "snap-host", "snap-bench"}, both


def build_hidden(target: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """`swift build --target TARGET` with the C headers hidden, on an overlay of .build from which
    TARGET's outputs and the clang module cache are removed, in a mount namespace of its own."""
    empty, upper, work = (tmp_path / target / name for name in ("empty", "upper", "work"))
    for directory in (empty, upper, work):
        directory.mkdir(parents=True)
    build = REPO_ROOT / ".build"
    steps = [f"mount --bind {empty} {directory}" for directory in HIDDEN_HEADERS]
    steps += [
        f"mount -t overlay overlay -o lowerdir={build},upperdir={upper},workdir={work} {build}",
        f"rm -rf {build}/debug/{target}.build {build}/debug/Modules/{target}.* {build}/debug/ModuleCache",
        "test ! -e /usr/include/bluetooth/bluetooth.h",
        f"swift build --target {target}",
    ]
    return subprocess.run(["unshare", "--mount", "sh", "-c", " && ".join(steps)],
                          cwd=REPO_ROOT, capture_output=True, text=True)


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare (util-linux)")
def test_matchmaking_builds_with_the_c_headers_hidden(tmp_path: Path):
    for directory in HIDDEN_HEADERS:
        assert Path(directory).is_dir(), f"{directory} should exist on a machine set up by scripts/install-deps"
    assert (REPO_ROOT / ".build/debug/Modules/Matchmaking.swiftmodule").exists(), "scripts/test builds first"
    built = build_hidden("Matchmaking", tmp_path)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "Compiling Matchmaking" in built.stdout, built.stdout[-3000:]  # compiled again, not found up to date
    # And the same hiding does stop a target that needs the headers: the check can fail.
    probe = build_hidden("Discovery", tmp_path)
    assert probe.returncode != 0
    assert "bluetooth/bluetooth.h" in probe.stdout + probe.stderr or "avahi" in probe.stdout + probe.stderr
    # The test run's own build is untouched.
    assert (REPO_ROOT / ".build/debug/Modules/Matchmaking.swiftmodule").exists()


def test_the_spreadsheet_reader_depends_on_nothing_and_imports_nothing_but_foundation_essentials():
    """Spreadsheet (the .xlsx reader) is pure Swift: no package, no C module, no NIO, no session
    runtime, and no full Foundation (FoundationXML would bring libxml2 into the static binary)."""
    graph = targets()
    assert reachable(graph, "Spreadsheet") == set(), reachable(graph, "Spreadsheet")
    sources = sorted((REPO_ROOT / "Sources" / "Spreadsheet").rglob("*.swift"))
    assert sources
    imports = set()
    for path in sources:
        for line in path.read_text().splitlines():
            words = line.replace("@testable ", "").replace("@_exported ", "").split()
            if len(words) >= 2 and words[0] == "import":
                imports.add(words[-1])
    assert imports <= {"FoundationEssentials"}, imports


def test_tls_is_a_layer_of_its_own_that_no_game_and_not_the_session_core_knows():
    """SecureLink (NIOSSL, X509) plugs into Matchmaking's HostLinkSecurity and HostRoute: the
    session core, the games and the web port build without BoringSSL's TLS."""
    graph = targets()
    below = reachable(graph, "SecureLink")
    assert "Matchmaking" in below and "NIOSSL" in below
    for name in ("Matchmaking", "GameRuntime", "Trivia", "SnapGame", "Pong", "Web", "Discovery"):
        assert not reachable(graph, name) & {"SecureLink", "NIOSSL", "X509"}, name
