#!/bin/sh
# A stand-in for the python:3.11-slim base image, for a machine that reaches Debian's packages and PyPI but no image
# registry (how the Dockerfile was verified: README, Docker). Debian bookworm (the official image's base) by
# debootstrap, with Debian's CPython 3.11 and its venv module, imported under the official image's tag. Its shape
# differs in one way the Dockerfile allows for: Python is /usr/bin/python3, not /usr/local/bin/python3.
# Run as root, with docker and debootstrap installed:  sh deploy/standin/python.sh [ROOTFS-FOLDER]
set -eu
root=${1:-/var/tmp/standin/python}
[ -x "$root/usr/bin/python3.11" ] ||
    debootstrap --variant=minbase --include=python3.11,python3.11-venv,ca-certificates bookworm "$root"
# This machine's own certificate authorities (an egress proxy that re-signs TLS), so pip in a build reaches PyPI.
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    chroot "$root" update-ca-certificates >/dev/null
fi
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'ENV PIP_CERT=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["python3"]' \
    - python:3.11-slim
