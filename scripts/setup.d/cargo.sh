#!/usr/bin/env bash
# The Cargo ecosystem's real tests build their fixtures with cargo against
# Debian's crates (cargo.apt). The machine image ships rustup's cargo in
# ~/.cargo/bin; where neither that nor any cargo on PATH exists, Debian's
# cargo is installed instead, so the tests never depend on a hand install.
set -euo pipefail
if command -v cargo >/dev/null || [ -x "$HOME/.cargo/bin/cargo" ]; then
	exit 0
fi
echo "setup: installing Debian's cargo (no cargo on PATH)"
if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends cargo >/dev/null
