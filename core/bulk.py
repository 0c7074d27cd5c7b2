"""Plain statements for the few hot paths where the ORM's per-call work costs more than the
database's: pairing a 4,096-player round writes 2,048 matches and 4,096 seats (`bulk_create`
spent most of its time instantiating and preparing models), a scoring batch updates a hundred
tables, and a player's report is a few single-row writes (docs/benchmarks.md). Values go in as
the database takes them (`db_value`).

On PostgreSQL the columns of many rows travel as one array each (`unnest`), so a statement's
text is the same whatever the number of rows: psycopg does not re-parse thousands of placeholders, and the
statement is prepared once per connection (`core.prepared.server_cursor`). SQLite takes
multi-row VALUES, in chunks under its parameter limit."""

from django.db import connection

from .prepared import server_cursor

ROWS_PER_STATEMENT = 500  # SQLite: 500 rows × 9 columns stays far under its parameter limit


def db_value(model, field_name, value):
    """A Python value as `field_name`'s column stores it (a datetime as text on SQLite)."""
    return model._meta.get_field(field_name).get_db_prep_save(value, connection)


def insert_rows(model, columns, rows, returning=()):
    """Insert `rows` (tuples in `columns` order) and return the `returning` columns of every row
    inserted, in no promised order: callers match them up by a column they inserted."""
    if not rows:
        return []
    quote = connection.ops.quote_name
    fields = [model._meta.get_field(name) for name in columns]
    into = f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(field.column) for field in fields)})"
    tail = (
        f" RETURNING {', '.join(quote(model._meta.get_field(name).column) for name in returning)}" if returning else ""
    )
    if connection.vendor == "postgresql" and len(rows) > 1:  # one row goes faster as plain VALUES
        with server_cursor(connection) as cursor:
            # Names come from the model's meta, quoted; every value is a parameter.
            cursor.execute(f"{into} SELECT * FROM {_unnest(fields)}{tail}", _columns(rows, len(fields)))  # noqa: S608
            return cursor.fetchall() if returning else []
    inserted = []
    placeholder = "(" + ", ".join(["%s"] * len(columns)) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), ROWS_PER_STATEMENT):
            chunk = rows[start : start + ROWS_PER_STATEMENT]
            values = ", ".join([placeholder] * len(chunk))
            cursor.execute(f"{into} VALUES {values}{tail}", [value for row in chunk for value in row])
            if returning:
                inserted.extend(cursor.fetchall())
    return inserted


def _unnest(fields):
    """`unnest(%s::bigint[], ...)`: one typed array per column (a column of NULLs has a type too)."""
    return "unnest(" + ", ".join(f"%s::{field.cast_db_type(connection)}[]" for field in fields) + ")"


def _columns(rows, width):
    return [[row[index] for row in rows] for index in range(width)]


def insert_instance(instance):
    """`instance.save()` for a new row, as one plain INSERT: no per-call compiling or signals, for
    the hot path of a result burst. Sets the primary key and `auto_now_add` fields as save does."""
    fields = [field for field in instance._meta.concrete_fields if not field.primary_key]
    values = [field.get_db_prep_save(field.pre_save(instance, add=True), connection) for field in fields]
    model = type(instance)
    [(pk,)] = insert_rows(model, [field.name for field in fields], [values], returning=(model._meta.pk.name,))
    instance.pk = pk
    instance._state.adding, instance._state.db = False, connection.alias
    return instance


def delete_rows(model, **equals):
    """DELETE the rows whose columns equal the given values, as one plain statement: for a hot path
    where the ORM's delete collector costs more than the statement. Nothing may cascade from them."""
    if model._meta.related_objects:
        raise ValueError(f"{model.__name__} has related rows: delete it through the ORM")
    quote = connection.ops.quote_name
    where = " AND ".join(f"{quote(model._meta.get_field(name).column)} = %s" for name in equals)
    with connection.cursor() as cursor:
        # Names come from the model's meta, quoted; every value is a parameter.
        cursor.execute(f"DELETE FROM {quote(model._meta.db_table)} WHERE {where}", list(equals.values()))  # noqa: S608
        return cursor.rowcount


def update_rows(instances, field_names):
    """Write `field_names` of many saved instances, one statement per chunk: `bulk_update` builds a
    CASE expression per row and field, which took most of a scoring batch's time. The values are
    the instances' own (no `auto_now`: set such fields before calling)."""
    if not instances:
        return
    model = type(instances[0])
    quote = connection.ops.quote_name
    fields = [model._meta.pk, *(model._meta.get_field(name) for name in field_names)]
    names = [quote(field.column) for field in fields]
    table, new = quote(model._meta.db_table), quote("new")
    settings = ", ".join(f"{name} = {new}.{name}" for name in names[1:])
    rows = [
        [field.get_db_prep_save(getattr(instance, field.attname), connection) for field in fields]
        for instance in instances
    ]
    where = f"WHERE {table}.{names[0]} = {new}.{names[0]}"
    # Names come from the model's meta, quoted; every value is a parameter.
    if connection.vendor == "postgresql":
        with server_cursor(connection) as cursor:
            source = f"{_unnest(fields)} AS {new} ({', '.join(names)})"
            cursor.execute(f"UPDATE {table} SET {settings} FROM {source} {where}", _columns(rows, len(fields)))  # noqa: S608
        return
    placeholder = "(" + ", ".join(["%s"] * len(fields)) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), ROWS_PER_STATEMENT):
            chunk = rows[start : start + ROWS_PER_STATEMENT]
            values = ", ".join([placeholder] * len(chunk))
            cursor.execute(
                f"WITH {new} ({', '.join(names)}) AS (VALUES {values}) UPDATE {table} SET {settings} FROM {new} {where}",  # noqa: S608
                [value for row in chunk for value in row],
            )
