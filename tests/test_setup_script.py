"""scripts/setup-tests.sh decides what to install from what the machine has. Each case runs the
real script with a PATH of stand-ins (python, apt-get, npm, id) that record their calls and
install nothing, so every branch is tried in a second: Debian's packages when the machine has
apt-get and root (after apt-get update), Playwright's browser otherwise, one line naming what to
install where nothing can be installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from support import REPO

SCRIPT = REPO / "scripts" / "setup-tests.sh"
BASH = shutil.which("bash")

# python: pip succeeds unless PIP_FAILS; the Chromium check passes once a browser "is installed"
# (the file `chromium` in the stand-ins' folder); `-m playwright install` installs one if allowed.
PYTHON = """#!{bash}
echo "python $*" >> "$STUBS/calls"
if [ "$1 $2" = "-m pip" ]; then [ -z "$PIP_FAILS" ]; exit; fi
if [ "$1" = "-c" ]; then [ -e "$STUBS/chromium" ]; exit; fi
if [ "$1 $2 $3" = "-m playwright install" ]; then [ -n "$PLAYWRIGHT_WORKS" ] && : > "$STUBS/chromium"; exit; fi
exit 3
"""
APT_GET = """#!{bash}
echo "apt-get $*" >> "$STUBS/calls"
for package in "$@"; do
    [ "$package" = chromium ] && : > "$STUBS/chromium"
    [ "$package" = npm ] && cp "$STUBS/npm.stub" "$STUBS/npm" && chmod +x "$STUBS/npm"
done
exit 0
"""
NPM = """#!{bash}
echo "npm $*" >> "$STUBS/calls"
printf '#!{bash}\\nexit 0\\n' > "$STUBS/configurable-http-proxy"
chmod +x "$STUBS/configurable-http-proxy"
"""


def run_setup(tmp_path: Path, *, root: bool, apt: bool, npm: bool = False, chromium: bool = False, proxy: bool = False, **flags: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    stubs = tmp_path / "bin"
    stubs.mkdir()

    def stub(name: str, text: str) -> None:
        (stubs / name).write_text(text.format(bash=BASH))
        (stubs / name).chmod(0o755)

    stub("python", PYTHON)
    stub("id", f"#!{BASH}\necho {0 if root else 1000}\n")
    stub("npm.stub", NPM)
    for tool in ("dirname", "cp", "chmod"):
        (stubs / tool).symlink_to(shutil.which(tool))
    if apt:
        stub("apt-get", APT_GET)
    if npm:
        stub("npm", NPM)
    if chromium:
        (stubs / "chromium").touch()
    if proxy:
        stub("configurable-http-proxy", f"#!{BASH}\nexit 0\n")
    env = {"PATH": str(stubs), "STUBS": str(stubs), "HOME": str(tmp_path), **flags}
    done = subprocess.run([BASH, str(SCRIPT)], capture_output=True, text=True, timeout=60, env=env)
    calls = (stubs / "calls").read_text().splitlines() if (stubs / "calls").exists() else []
    return done, calls


def test_a_debian_machine_as_root_gets_debians_chromium_and_node_after_apt_get_update(tmp_path):
    done, calls = run_setup(tmp_path, root=True, apt=True)
    assert done.returncode == 0, done.stderr
    apt = [call for call in calls if call.startswith("apt-get")]
    assert apt[0] == "apt-get update -qq", "apt-get update comes before any install"
    assert apt.count("apt-get update -qq") == 1
    assert any("install" in call and "chromium" in call for call in apt)
    assert any("install" in call and "nodejs npm" in call for call in apt)
    assert "npm install -g --silent configurable-http-proxy" in calls
    assert calls[0] == 'python -m pip install -q -e .[dev]'
    assert "ready" in done.stdout


def test_without_root_the_browser_comes_from_playwright(tmp_path):
    done, calls = run_setup(tmp_path, root=False, apt=True, npm=True, PLAYWRIGHT_WORKS="1")
    assert done.returncode == 0, done.stderr
    assert "python -m playwright install chromium" in calls
    assert not any(call.startswith("apt-get") for call in calls)


def test_what_is_there_is_kept(tmp_path):
    done, calls = run_setup(tmp_path, root=True, apt=True, npm=True, chromium=True, proxy=True)
    assert done.returncode == 0, done.stderr
    assert not any(call.startswith(("apt-get", "npm", "python -m playwright")) for call in calls)


@pytest.mark.parametrize(
    "machine, flags, message",
    [
        ({"root": False, "apt": False}, {"PIP_FAILS": "1"}, 'the Python extras did not install: run python -m pip install -e ".[dev]"'),
        ({"root": False, "apt": False}, {}, "no Chromium: install Debian's chromium (apt-get install chromium, as root) or run python -m playwright install chromium"),
        ({"root": False, "apt": False, "chromium": True}, {}, "no npm: install Node.js and npm (apt-get install nodejs npm, as root), then npm install -g configurable-http-proxy"),
    ],
)
def test_what_cannot_be_installed_stops_the_script_with_one_line_naming_it(tmp_path, machine, flags, message):
    done, _ = run_setup(tmp_path, **machine, **flags)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("setup-tests: ") and message in lines[0], done.stderr
