#!/usr/bin/env bash
# The production install exactly as docs/deploy.md describes it: a fresh virtualenv with
# requirements.txt only, DEBUG off, PostgreSQL and Redis; gunicorn, a Celery worker and beat start;
# a player's report is scored end to end and a bulk validation completes (scripts/smoke_check.py).
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${SMOKE_VENV:-/tmp/cardevents-smoke-venv}
PYTHON=${PYTHON:-$(scripts/find_python.sh)}
DB=cardevents_smoke
PORT=${SMOKE_PORT:-8765}
LOGS=$(mktemp -d)
pids=()

cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/pip" install --quiet -r requirements.txt 2>&1 | grep -v "is ignored: it is neither a file nor a directory" || true

psql -h 127.0.0.1 -U postgres -q -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
redis-cli -h 127.0.0.1 -n 13 flushdb >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$DB" REDIS_URL="redis://127.0.0.1:6379/13"
export DEBUG=false SECRET_KEY="smoke-$(date +%s)-not-a-real-secret-but-long-enough-for-the-check"
export ALLOWED_HOSTS=127.0.0.1,localhost SECURE_SSL_REDIRECT=false SWEEP_SECONDS=2 EMAIL_BACKEND=console
export GUNICORN_BIND="127.0.0.1:$PORT" GUNICORN_WORKERS=2

"$VENV/bin/python" manage.py migrate --no-input >"$LOGS/migrate.log"
"$VENV/bin/python" manage.py collectstatic --no-input >"$LOGS/collectstatic.log"
"$VENV/bin/python" manage.py check --deploy --fail-level ERROR
"$VENV/bin/python" manage.py load_sample_data >"$LOGS/sample.log"

"$VENV/bin/gunicorn" -c config/gunicorn.py config.wsgi >"$LOGS/gunicorn.log" 2>&1 & pids+=($!)
"$VENV/bin/celery" -A config worker --loglevel=INFO >"$LOGS/worker.log" 2>&1 & pids+=($!)
"$VENV/bin/celery" -A config beat --loglevel=INFO >"$LOGS/beat.log" 2>&1 & pids+=($!)

if ! SMOKE_LOGS="$LOGS" "$VENV/bin/python" scripts/smoke_check.py "http://127.0.0.1:$PORT"; then
  for log in gunicorn worker beat; do echo "--- $log.log"; tail -n 40 "$LOGS/$log.log"; done
  exit 1
fi
