"""The one CSV writer of every export. Spreadsheets run a cell that starts with = + - @ (or a tab or
carriage return) as a formula, so such user text is written with a leading apostrophe."""

import csv

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(value):
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    def __init__(self, stream, **options):
        self._writer = csv.writer(stream, **options)

    def writerow(self, row):
        return self._writer.writerow([neutralised(value) for value in row])

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def csv_writer(stream, **options):
    return SafeWriter(stream, **options)
