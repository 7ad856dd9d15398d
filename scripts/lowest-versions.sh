#!/usr/bin/env bash
# The package against the lowest versions its bounds allow: a new virtual environment with every
# dependency of the package and of its `app` extra pinned to its lower bound (pyproject.toml's
# `>=`, as pip's --constraint), then a quick subset of the tests — the reaches into other
# libraries (tests/test_compat.py, test_batch.py), the server, the page, and the app's front end in
# Chromium. Anything after the script's name replaces that subset (pytest's arguments).
# On the project's 2-core machine it takes some ten minutes, most of it pip resolving and
# installing, too long for CI's every run: run it when a bound or a reach into a library changes.
#
#     bash scripts/lowest-versions.sh
#     bash scripts/lowest-versions.sh tests/browser/test_app_browser.py
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python - > "$work/lowest.txt" <<'EOF'
import re, tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
lowest = {}  # a library bounded twice (anywidget: the package's and the app's) takes the higher bound
for requirement in project["dependencies"] + project["optional-dependencies"]["app"]:
    found = re.match(r"([A-Za-z0-9_.-]+)\s*>=\s*([\w.]+)", requirement)
    if found:
        name, low = found.group(1).lower().replace("_", "-"), found.group(2)
        release = tuple(int(part) for part in re.findall(r"\d+", low))
        if name not in lowest or release > lowest[name][0]:
            lowest[name] = (release, low)
for name, (_release, low) in lowest.items():
    print(f"{name}=={low}")
EOF
echo "the lowest versions the bounds allow:"; cat "$work/lowest.txt"
python -m venv "$work/venv"
# shellcheck disable=SC1091
. "$work/venv/bin/activate"
python -m pip install -q --disable-pip-version-check --constraint "$work/lowest.txt" -e ".[app]" \
    pytest pytest-xdist hypothesis nbformat nbclient playwright psutil
python -m pip list --format=freeze | grep -iE '^(voila|jupyter[_-]server|ipywidgets|anywidget|jsonschema|ipykernel|jupyterlab)=='
if [ "$#" -eq 0 ]; then
    set -- tests/test_compat.py tests/test_batch.py tests/test_server.py tests/test_app_page.py tests/test_kernel_activity.py \
        tests/browser/test_front_end_browser.py
fi
python -m pytest -q -p no:cacheprovider "$@"
