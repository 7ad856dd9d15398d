#!/usr/bin/env bash
# Installs what the test suite needs on a fresh machine that has Python 3.11 and nothing else:
# the package with its dev extra, a Chromium for the browser tests, and JupyterHub's proxy for
# the hub test. What is already there is kept. Where something cannot be installed it stops
# with one line naming what to install. Run it from anywhere: bash scripts/setup-tests.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

stop() {
    echo "setup-tests: $1" >&2
    exit 1
}

# Debian's packages are used when the machine has apt-get and we are root.
can_apt() { command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; }
apt_updated=""
apt_install() {
    if [ -z "$apt_updated" ]; then
        apt-get update -qq
        apt_updated=1
    fi
    apt-get install -y -qq "$@" >/dev/null
}

python -m pip install -q -e ".[dev]" \
    || stop 'the Python extras did not install: run python -m pip install -e ".[dev]" and read its error'

# A Chromium the tests find (tests/support.py: Debian's chromium, else Playwright's own).
has_chromium() { python -c 'import sys; sys.path.insert(0, "tests"); import support; sys.exit(support.find_chromium() is None)'; }
if ! has_chromium; then
    if can_apt; then
        apt_install chromium fonts-dejavu-core || stop "Chromium did not install: apt-get install chromium"
    else
        python -m playwright install chromium \
            || stop "no Chromium: install Debian's chromium (apt-get install chromium, as root) or run python -m playwright install chromium"
    fi
    has_chromium || stop "Chromium was installed but not found: install Debian's chromium (apt-get install chromium)"
fi

# JupyterHub's proxy, for the test that serves a class through a real hub.
if ! command -v configurable-http-proxy >/dev/null; then
    if ! command -v npm >/dev/null; then
        can_apt || stop "no npm: install Node.js and npm (apt-get install nodejs npm, as root), then npm install -g configurable-http-proxy"
        apt_install nodejs npm || stop "Node.js did not install: apt-get install nodejs npm"
    fi
    npm install -g --silent configurable-http-proxy >/dev/null \
        || stop "configurable-http-proxy did not install: npm install -g configurable-http-proxy"
    command -v configurable-http-proxy >/dev/null \
        || stop "configurable-http-proxy is installed but not on PATH: add $(npm prefix -g)/bin to PATH"
fi
echo "setup-tests: ready (Chromium, configurable-http-proxy and the dev extra are installed)"
