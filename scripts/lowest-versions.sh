#!/usr/bin/env bash
# The package against the lowest versions its bounds allow: a new virtual environment with every
# dependency of the package and of its `app` extra pinned to its lower bound (pyproject.toml's
# `>=`, as pip's --constraint), then the tests marked `compat` (pytest -m compat): the reaches into
# other libraries (piquet_widgets/compat/: message batching, the activity watch), the served page
# and its front end, anywidget's lifted deadline and a practice deal played by clicks in Chromium.
# The marker chooses the tests; the files searched are those that use it. Anything after the
# script's name replaces that selection (pytest's arguments). CI runs it after the whole suite
# (.ci/run); most of its time is pip installing the second environment.
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
    # only the files that use the marker: the others may import what this environment lacks (the dev extra)
    mapfile -t files < <(grep -rlE --include='test_*.py' 'pytest\.mark\.compat\b' tests | sort)
    [ "${#files[@]}" -gt 0 ] || { echo "lowest-versions: no test is marked compat" >&2; exit 1; }
    set -- -m compat "${files[@]}"
fi
python -m pytest -q -p no:cacheprovider "$@"
