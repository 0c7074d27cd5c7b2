"""ORM queries compiled once per process, for the few hot paths where Django's SQL compiler costs
more than the database: a player's report reads its match, round, event, seats and entrants in one
query, and compiling it took several times the query's own round trip (docs/benchmarks.md).

The SQL is still the ORM's own: `build(*params)` returns a `values_list()` queryset, compiled on
first use with stand-in parameters that are swapped for the real ones on every run. Only exact
lookups may take the parameters (a lookup that rewrites its value, like `icontains`, is refused)."""

from django.core.exceptions import ImproperlyConfigured
from django.db import connections
from django.db.transaction import TransactionManagementError

_STAND_INS = {int: lambda n: -2_000_000_000 + n, str: lambda n: f"\x1fprepared-parameter-{n}\x1f"}


class PreparedQuery:
    """`rows(*params)`: the rows of `build(*params)`, as tuples in its `values_list` order, with the
    fields' database converters applied. `kinds` gives each parameter's type (int or str)."""

    def __init__(self, build, *kinds):
        self._build = build
        self._kinds = kinds
        self._compiled = {}  # per database alias (SQL differs per backend, FOR UPDATE included)

    def rows(self, *params, using="default"):
        connection = connections[using]
        sql, slots, converters, locks = self._compiled.get(using) or self._compile(using)
        if locks and connection.get_autocommit():  # as Django refuses it: a lock would end at once
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        with server_cursor(connection) as cursor:
            cursor.execute(sql, [params[slot] if isinstance(slot, int) else slot.value for slot in slots])
            rows = cursor.fetchall()
        if not converters:
            return [tuple(row) for row in rows]
        return [_converted(row, converters, connection) for row in rows]

    def _compile(self, using):
        stand_ins = [_STAND_INS[kind](number) for number, kind in enumerate(self._kinds)]
        compiler = self._build(*stand_ins).query.get_compiler(using)
        sql, sql_params = compiler.as_sql()
        slots = [_slot(value, stand_ins) for value in sql_params]
        missing = set(range(len(stand_ins))) - {slot for slot in slots if isinstance(slot, int)}
        if missing:
            raise ImproperlyConfigured(f"prepared query: parameter(s) {sorted(missing)} not used as given")
        fields = [selected[0] for selected in compiler.select[: compiler.col_count]]
        converters = list(compiler.get_converters(fields).items())
        locks = bool(compiler.query.select_for_update and compiler.connection.features.has_select_for_update)
        self._compiled[using] = (sql, slots, converters, locks)
        return self._compiled[using]


def server_cursor(connection):
    """On PostgreSQL, a cursor that binds parameters on the server, so that its statements are
    prepared once per connection and PostgreSQL stops planning them on every run: planning the
    report's query cost it more than running it. Elsewhere, the usual cursor.

    Django turns psycopg's preparing off (`prepare_threshold` None); only cursors that bind on the
    server ever prepare, and Django's own bind on the client, so turning it on here touches
    nothing else. (A pooler in transaction mode must support prepared statements: docs/deploy.md.)"""
    if connection.vendor != "postgresql":
        return connection.cursor()
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.connection.prepare_threshold = 0
    with connection.wrap_database_errors:
        return connection._prepare_cursor(ServerBindingCursor(connection.connection))  # wrapped as cursor() does


class _Fixed:
    """A parameter the query itself fixes (a status, a constant): kept as compiled."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def _slot(value, stand_ins):
    for number, stand_in in enumerate(stand_ins):
        if value == stand_in and type(value) is type(stand_in):
            return number
    if isinstance(value, str) and any(isinstance(s, str) and s in value for s in stand_ins):
        raise ImproperlyConfigured("prepared query: a parameter was rewritten by its lookup; use exact lookups")
    return _Fixed(value)


def _converted(row, converters, connection):
    row = list(row)
    for position, (functions, expression) in converters:
        row[position] = _apply(functions, row[position], expression, connection)
    return tuple(row)


def _apply(functions, value, expression, connection):
    for function in functions:
        value = function(value, expression, connection)
    return value


class Columns:
    """One model's concrete columns in a prepared query's rows, reached by `path` from the
    queried model, and the instance they make (fields in `defer` are loaded only if read)."""

    def __init__(self, model, path="", defer=()):
        self.model = model
        self.attnames = [field.attname for field in model._meta.concrete_fields if field.name not in defer]
        self.lookups = [f"{path}__{name}" if path else name for name in self.attnames]

    def instance(self, values, using="default"):
        return self.model.from_db(using, self.attnames, values)


def lookups(*columns):
    """The `values_list` lookups of several models' columns, in order."""
    return [lookup for each in columns for lookup in each.lookups]


def instances(row, *columns, using="default"):
    """The instances a row holds, one per `Columns`, in the same order."""
    made, start = [], 0
    for each in columns:
        end = start + len(each.attnames)
        made.append(each.instance(row[start:end], using))
        start = end
    return made
