"""Italian dates as Italians write them: "5 novembre 2026", no weekday, no leading zero."""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
