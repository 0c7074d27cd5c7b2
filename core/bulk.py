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
    # PostgreSQL types the VALUES by their first row; a column of NULLs would be text, so each value
    # says its type. SQLite takes the values as they come (and a CAST there would change them).
    typed = connection.vendor == "postgresql"
    placeholder = "(" + ", ".join(f"%s::{field.cast_db_type(connection)}" if typed else "%s" for field in fields) + ")"
    settings = ", ".join(f"{name} = {quote('new')}.{name}" for name in names[1:])
    table = quote(model._meta.db_table)
    with connection.cursor() as cursor:
        for start in range(0, len(instances), ROWS_PER_STATEMENT):
            chunk = instances[start : start + ROWS_PER_STATEMENT]
            values = ", ".join([placeholder] * len(chunk))
            params = [
                field.get_db_prep_save(getattr(instance, field.attname), connection)
                for instance in chunk
                for field in fields
            ]
            # Names come from the model's meta, quoted; every value is a parameter.
            cursor.execute(
                f"WITH {quote('new')} ({', '.join(names)}) AS (VALUES {values}) "  # noqa: S608
                f"UPDATE {table} SET {settings} FROM {quote('new')} WHERE {table}.{names[0]} = {quote('new')}.{names[0]}",
                params,
            )
