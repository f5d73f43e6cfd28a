"""Fixtures shared by the whole suite.

pytest-django supplies ``client``, ``admin_client`` and ``db``; add project-wide fixtures here.
"""
