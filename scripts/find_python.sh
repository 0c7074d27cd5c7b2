#!/bin/sh
# Prints the newest Python >= 3.12 on this machine (Django 6 needs 3.12+), including pyenv installs.
for candidate in python3.14 python3.13 python3.12 python3 \
    $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do
  path=$(command -v "$candidate" 2>/dev/null) || continue
  if "$path" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
    echo "$path"; exit 0
  fi
done
echo "No Python 3.12 or newer found (Django 6 requires it). Install one, or set PYTHON=/path/to/python3.12." >&2
exit 1
