#!/bin/sh
# A stand-in for the postgres:16 image deploy/compose.yaml names, for a machine that reaches Debian's packages but no
# image registry (how the compose file was verified: README, Scaling out). Debian bookworm by debootstrap with
# Debian's PostgreSQL (15: bookworm's), and an entry point that does what the official image's does for the compose
# file: on an empty /var/lib/postgresql/data, create the cluster with POSTGRES_USER and POSTGRES_PASSWORD (password
# auth over the network, trust on the local socket) and the database POSTGRES_DB; then run the server as postgres.
# Run as root, with docker and debootstrap installed:  sh deploy/standin/postgres.sh [ROOTFS-FOLDER]
set -eu
root=${1:-/var/tmp/standin/postgres}
if [ ! -x "$root/usr/lib/postgresql/15/bin/postgres" ]; then
    mkdir -p "$root/etc/postgresql-common"
    echo "create_main_cluster = false" > "$root/etc/postgresql-common/createcluster.conf"
    debootstrap --variant=minbase --include=postgresql-15 bookworm "$root"
fi
cat > "$root/usr/local/bin/docker-entrypoint.sh" <<'SCRIPT'
#!/bin/sh
set -eu
data=/var/lib/postgresql/data
mkdir -p "$data" /var/run/postgresql
chown postgres:postgres "$data" /var/run/postgresql
chmod 700 "$data"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$data/PG_VERSION" ]; then
    printf '%s' "$POSTGRES_PASSWORD" > /tmp/password
    chown postgres /tmp/password
    as_postgres initdb -D "$data" -U "$POSTGRES_USER" --pwfile=/tmp/password --auth-local=trust \
        --auth-host=scram-sha-256 >/dev/null
    rm /tmp/password
    echo "host all all all scram-sha-256" >> "$data/pg_hba.conf"
    as_postgres pg_ctl -D "$data" -w -o "-c listen_addresses=''" start >/dev/null
    as_postgres createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
    as_postgres pg_ctl -D "$data" -w stop >/dev/null
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$data" -c listen_addresses='*'
SCRIPT
chmod 755 "$root/usr/local/bin/docker-entrypoint.sh"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | docker import \
    --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    - postgres-standin
# As the official image: docker stop sends SIGINT, PostgreSQL's fast shutdown (SIGTERM would wait for every client).
printf 'FROM postgres-standin\nSTOPSIGNAL SIGINT\n' | docker build -q -t postgres:16 -
