"""Plain multi-row INSERTs for the few hot paths where building thousands of model instances
costs more than the database work: pairing a 4,096-player round writes 2,048 matches and 4,096
seats, and `bulk_create` spent most of its time instantiating and preparing models
(docs/benchmarks.md). Values go in as the database takes them (`db_value`)."""

from django.db import connection

ROWS_PER_STATEMENT = 500  # 500 rows × 9 columns stays far under SQLite's and PostgreSQL's parameter limits


def db_value(model, field_name, value):
    """A Python value as `field_name`'s column stores it (a datetime as text on SQLite)."""
    return model._meta.get_field(field_name).get_db_prep_save(value, connection)


def insert_rows(model, columns, rows, returning=()):
    """Insert `rows` (tuples in `columns` order) and return the `returning` columns of every row
    inserted, in no promised order: callers match them up by a column they inserted."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    names = ", ".join(quote(model._meta.get_field(name).column) for name in columns)
    placeholder = "(" + ", ".join(["%s"] * len(columns)) + ")"
    tail = (
        f" RETURNING {', '.join(quote(model._meta.get_field(name).column) for name in returning)}" if returning else ""
    )
    inserted = []
    with connection.cursor() as cursor:
        for start in range(0, len(rows), ROWS_PER_STATEMENT):
            chunk = rows[start : start + ROWS_PER_STATEMENT]
            values = ", ".join([placeholder] * len(chunk))
            # Names come from the model's meta, quoted; every value is a parameter.
            statement = f"INSERT INTO {table} ({names}) VALUES {values}{tail}"  # noqa: S608
            cursor.execute(statement, [value for row in chunk for value in row])
            if returning:
                inserted.extend(cursor.fetchall())
    return inserted
