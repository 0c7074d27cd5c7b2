"""English times one way everywhere: "6:15 PM". Django's default "6:15 p.m." ends in a period, so a
sentence that ends with a time read "p.m.."; dates stay Django's ("Nov. 27, 2026", "11/27/2026")."""

TIME_FORMAT = "g:i A"
DATETIME_FORMAT = "N j, Y, g:i A"
SHORT_DATETIME_FORMAT = "m/d/Y g:i A"
