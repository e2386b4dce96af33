#!/usr/bin/env bash
# What the test suite needs besides Python packages, from Debian's packages:
#   - PostgreSQL, for the storage tests (a role and a database for them)
#   - Chromium, for the browser test (Playwright drives Debian's build)
#   - nginx, the router in front of `ratking serve --workers N --sticky`
#   - Node.js, which runs the page's board renderers in tests/boards (and npm, for axe-core)
# Idempotent and quick when all is in place. Writes the PostgreSQL URL to .venv/.postgres.
# Without root (a developer's own machine) it sets up what it can and says what is missing;
# on CI (CI=true) anything missing is an error.
set -uo pipefail
cd "$(dirname "$0")/.."
MARK=.venv/.postgres
URL="postgresql+psycopg://ratking:ratking@127.0.0.1:5432/ratking_test"
rm -f "$MARK"

missing() {
  if [ "${CI:-}" = "true" ]; then
    echo "test-services: $1" >&2
    exit 1
  fi
  echo "test-services: $1 (those tests will be skipped)" >&2
}

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "test-services: installing ${need[*]} from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq "${need[@]}" >/dev/null \
      || missing "could not install ${need[*]}"
  else
    missing "please install: ${need[*]} (needs root)"
  fi
fi

if command -v pg_ctlcluster >/dev/null 2>&1; then
  cluster=$(pg_lsclusters --no-header 2>/dev/null | awk 'NR==1 {print $1" "$2}')
  if [ -z "$cluster" ]; then
    missing "no PostgreSQL cluster found"
    exit 0
  fi
  if ! pg_lsclusters --no-header | awk 'NR==1 {print $4}' | grep -q online; then
    if [ "$(id -u)" = "0" ]; then
      pg_ctlcluster $cluster start || { missing "PostgreSQL did not start"; exit 0; }
    else
      missing "PostgreSQL is not running"
      exit 0
    fi
  fi
  as_postgres() { if [ "$(id -u)" = "0" ]; then su postgres -c "$1"; else sh -c "$1"; fi; }
  as_postgres "psql -q -v ON_ERROR_STOP=1 -c \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ratking') THEN CREATE ROLE ratking LOGIN PASSWORD 'ratking'; END IF; END \\\$\\\$;\"" >/dev/null \
    && { as_postgres "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'ratking_test'\"" | grep -q 1 \
         || as_postgres "createdb -O ratking ratking_test"; } \
    && mkdir -p .venv && echo "$URL" > "$MARK" \
    || missing "could not create the PostgreSQL test role and database"
fi
exit 0
