"""The HTML pages' forms, one module per noun."""
