#!/usr/bin/env bash
# What pip needs from the system to build ratking's dependencies: PyICU (names.py's look-alike
# names) compiles against ICU, so it needs ICU's headers, pkg-config and a C++ compiler.
# Installs them from Debian's packages when missing and run as root; else says what to install.
set -euo pipefail
if pkg-config --exists icu-uc icu-i18n 2>/dev/null && command -v c++ >/dev/null 2>&1; then
  exit 0
fi
need=(libicu-dev pkg-config g++)
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: installing ${need[*]} from Debian's packages (PyICU builds against them)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "system-deps: PyICU needs ICU's headers, pkg-config and a C++ compiler:" \
       "please install ${need[*]} (or your system's equivalents)" >&2
fi
