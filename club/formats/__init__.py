"""Dates as the reader writes them (FORMAT_MODULE_PATH): Django's own formats, except where noted."""
