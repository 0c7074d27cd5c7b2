# The two commands: `make run` and `make test`. Everything else is optional.
PORT ?= 8000
VENV ?= .venv
PY := $(VENV)/bin/python
PYTHON ?= $(shell scripts/find_python.sh)
export DEBUG ?= true

.PHONY: run test check lint messages worker beat bench sample clean

$(VENV)/.runtime: requirements.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.dev: requirements-dev.txt requirements.txt $(VENV)/.runtime
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@

run: $(VENV)/.runtime
	$(PY) manage.py migrate --no-input
	$(PY) manage.py load_sample_data
	@echo ""
	@echo "  Site:  http://127.0.0.1:$(PORT)/"
	@echo "  Demo logins (password demo-pass-2026): organiser, alice, bob, charlie"
	@echo "  Admin: http://127.0.0.1:$(PORT)/en/admin/ (user admin, password admin-pass-2026)"
	@echo ""
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

test: $(VENV)/.dev check
	$(PY) -m pytest $(PYTEST_ARGS)

check: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	DEBUG=false SECRET_KEY=ci-only-$$(date +%s)-a-long-random-looking-secret-value-for-checking \
	  ALLOWED_HOSTS=events.example.org EMAIL_BACKEND=console $(PY) manage.py check --deploy --fail-level WARNING
	$(PY) scripts/check_messages.py

lint: $(VENV)/.dev
	$(PY) -m ruff check . && $(PY) -m ruff format --check .

messages: $(VENV)/.dev
	$(PY) manage.py makemessages --all --no-location --no-obsolete --ignore=.venv --ignore=staticfiles
	$(PY) manage.py makemessages --all --no-location --no-obsolete -d djangojs --ignore=.venv --ignore=staticfiles
	$(PY) manage.py compilemessages --ignore=.venv

worker: $(VENV)/.runtime
	$(VENV)/bin/celery -A config worker --loglevel=INFO

beat: $(VENV)/.runtime
	$(VENV)/bin/celery -A config beat --loglevel=INFO

$(VENV)/.bench: requirements-bench.txt $(VENV)/.dev
	$(PY) -m pip install --quiet -r requirements-bench.txt
	@touch $@

bench: $(VENV)/.bench
	$(PY) -m bench $(BENCH)

sample: $(VENV)/.runtime
	$(PY) manage.py load_sample_data

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
