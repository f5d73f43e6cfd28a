"""WSGI entry point: ``club.wsgi:application``."""

from django.core.wsgi import get_wsgi_application

from club.startup import load_settings

load_settings("tarokbog")
application = get_wsgi_application()
