#!/bin/sh
# Installs what building and testing vmrepl needs and this machine lacks.
# Debian/Ubuntu: apt-get (with sudo when not root). macOS: the system already has libedit.
set -eu

if [ "$(uname -s)" = Darwin ]; then
    exit 0
fi

missing=""
pkg-config --exists libedit 2>/dev/null || missing="$missing libedit-dev"
# A release build links Foundation's networking statically, which needs libcurl's development files.
pkg-config --exists libcurl 2>/dev/null || missing="$missing libcurl4-openssl-dev"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
# make test keeps its Python packages in a virtual environment, which Debian's python3 makes only with python3-venv.
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing="$missing python3-venv"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
# The tests read JUnit reports with FoundationXML, which loads libxml2.
ldconfig -p 2>/dev/null | grep -q 'libxml2\.so\.2' || missing="$missing libxml2"
command -v mandoc >/dev/null 2>&1 || missing="$missing mandoc"
# The trace page's check opens it in a real browser, headless, through its WebDriver.
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v chromedriver >/dev/null 2>&1 || missing="$missing chromium-driver"

[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: please install:$missing" >&2
    exit 1
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "setup: installing$missing" >&2
$sudo apt-get update -qq >/dev/null 2>&1 || true
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
