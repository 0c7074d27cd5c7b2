"""The HTML pages, one module per noun; tournaments/urls.py is their one URL table."""
