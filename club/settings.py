"""Tarokbog settings, read from the environment.

Local development needs no environment at all: DEBUG defaults to on and the database to a
SQLite file in the checkout. Production sets DEBUG=0, SECRET_KEY, ALLOWED_HOSTS and usually
DATABASE_URL; see docs/operations.md, "Settings".
"""

import datetime
import ipaddress
import os
from email.utils import getaddresses
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from whitenoise.compress import Compressor

from club.backups import backup_filename

BASE_DIR = Path(__file__).resolve().parent.parent


# Strict, as healthchecks' envbool: a value the settings cannot read refuses to start, with the
# variable's name, instead of silently meaning something else (DEBUG=flase used to mean off).
# manage.py and club.wsgi print the refusal as one line and exit 2 (club.startup).

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={os.environ[name]!r} is not a yes/no value: use 1 or 0 (or true/false).")


def env_choice(name: str, default: str, choices: list[str]) -> str:
    value = os.environ.get(name, default)
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={value!r}: use one of {', '.join(choices)}.")
    return value


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_networks(name: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    try:
        return [ipaddress.ip_network(item, strict=False) for item in env_list(name)]
    except ValueError as error:
        raise ImproperlyConfigured(f"{name}: {error} (give addresses or networks, comma-separated).") from None


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY when DEBUG is off.")
    SECRET_KEY = "django-insecure-tarokbog-local-development-only"

if not DEBUG and not env_list("ALLOWED_HOSTS"):
    raise ImproperlyConfigured("Set ALLOWED_HOSTS (the site's host names, comma-separated) when DEBUG is off.")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "auditlog",
    "club",
    "ledger",
    # After club, whose send_queued_mail and dbbackup commands (club/management/commands/) take
    # their places.
    "post_office",
    "dbbackup",
]

MIDDLEWARE = [
    # First, so it sees the final answer: a HEAD request gets the headers only (club.serving).
    "club.serving.HeadWithoutBody",
    "django.middleware.security.SecurityMiddleware",
    # Static files answer here, before sessions and the rest; they are compressed in advance.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and JSON gzip-compressed. BREACH: Django's GZipMiddleware pads each response with
    # random bytes (since 4.2) and the CSRF token is masked anew on every response.
    "django.middleware.gzip.GZipMiddleware",
    "csp.middleware.CSPMiddleware",
    # An answer to a signed-in requester is private and never stored; API answers vary with the
    # requester (club.caching).
    "club.caching.PrivateAnswers",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (it reads the language cookie), before common (i18n redirects).
    "django.middleware.locale.LocaleMiddleware",
    # /healthz asked by a monitor on this machine (Host 127.0.0.1, [::1]), before the Host is checked.
    "club.serving.LocalHealthCheck",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in user's chosen language over his browser's (needs the user, so after auth).
    "club.web.language.ChosenLanguage",
    # Who made a change, for the audit log (club.audit).
    "club.audit.AuditMiddleware",
    # The club scope of the request's queries, from its URL (club.scoping): after the audit log's
    # actor is taken, since choosing an API scope authenticates the requester as DRF does.
    "club.scoping.ClubScope",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Turns a login refused by axes' backend into the lockout page.
    "axes.middleware.AxesMiddleware",
    # Last, so its process_exception runs first: a database outage answers 503 (JSON on the API).
    "club.errors.DatabaseOutage",
]

ROOT_URLCONF = "club.urls"
WSGI_APPLICATION = "club.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "libraries": {"tarok": "club.web.templatetags"},
        },
    },
]


def env_database(name: str, default: str) -> dict[str, Any]:
    url = os.environ.get(name, "") or default
    try:
        return dict(dj_database_url.parse(url, conn_max_age=env_int("CONN_MAX_AGE", 60), conn_health_checks=True))
    except ValueError:
        # Only the scheme is named: the rest of the URL may hold a password.
        scheme = url.partition(":")[0]
        raise ImproperlyConfigured(
            f"{name}: the scheme {scheme!r} is unknown; use postgres://USER:PASSWORD@HOST:PORT/NAME or sqlite:///PATH."
        ) from None


DATABASES = {"default": env_database("DATABASE_URL", f"sqlite:///{BASE_DIR / 'tarokbog.sqlite3'}")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The postings index carries its points as a covering column for PostgreSQL's index-only scans
# (ledger.Posting); SQLite builds the index without it, as it should, and need not say so.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    SILENCED_SYSTEM_CHECKS = ["models.W040"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGES = [
    ("da", _("Danish")),
    ("en", _("English")),
    ("hu", _("Hungarian")),
    ("sl", _("Slovenian")),
]
# The default language of pages and of management commands' output and --help.
LANGUAGE_CODE = env_choice("LANGUAGE_CODE", "da", [code for code, _name in LANGUAGES])
LOCALE_PATHS = [BASE_DIR / "locale"]
# Where a language's dates read otherwise than Django's locale has them: English "1 Dec 2026", not
# 12/01/2026 (club/formats/en); Slovenian "2. 12. 2026" (club/formats/sl).
FORMAT_MODULE_PATH = ["club.formats"]
TIME_ZONE = "Europe/Copenhagen"
USE_I18N = True
USE_TZ = True

# Login throttling (club.web.login_lock): axes' backend first, so a locked-out username+address or
# address is refused before the password is even checked. Failures are counted in the database.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "club.web.login_lock.AddressBackend",  # Django's, finding the login by its folded address
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Failures from one client address, whatever usernames they name, that lock the address for the
# cool-off too (club.web.login_lock.PerAddressLimit).
LOGIN_FAILURES_PER_ADDRESS = 20
AXES_HANDLER = "club.web.login_lock.PerAddressLimit"
AXES_RESET_ON_SUCCESS = True
# A try while locked is refused and not counted: the lock ends a cool-off after the failure that
# locked it, and a flood of tries writes nothing (club.web.login_lock).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_USERNAME_CALLABLE = "club.web.login_lock.username"
AXES_CLIENT_IP_CALLABLE = "club.client_ip.client_key"  # an IPv6 client by its /64
AXES_LOCKOUT_CALLABLE = "club.web.login_lock.locked_out"

# Content-Security-Policy: scripts and styles only from our own static files (no inline script,
# style or handler in the templates). The API's Swagger UI and Redoc pages widen it for
# themselves (club/api/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"  # which sends a member on to his club
LOGOUT_REDIRECT_URL = "login"

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # With DEBUG off, `collectstatic` writes hashed names (site.3f2a….css) with .gz and .br beside
    # them; WhiteNoise serves those with a ten-year Cache-Control. While developing, plain names.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# `manage.py dbbackup` writes here (docs/operations.md, "Backups"): the whole database, pg_dump's custom
# format on PostgreSQL, an online copy on SQLite; `--clean` keeps the newest BACKUP_KEEP.
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", BASE_DIR / "backups"))
STORAGES["dbbackup"] = {
    "BACKEND": "django.core.files.storage.FileSystemStorage",
    "OPTIONS": {"location": BACKUP_DIR},
}
DBBACKUP_CLEANUP_KEEP = env_int("BACKUP_KEEP", 30)
# tarokbog-<host>-<time>.psql: after the database, not its alias (club.backups).
DBBACKUP_FILENAME_TEMPLATE = backup_filename
DBBACKUP_SEND_EMAIL = False  # a failed backup exits non-zero: cron mails its output

# Only the hashed copies are kept, and source maps are not compressed: collectstatic stays quick.
WHITENOISE_KEEP_ONLY_HASHED_FILES = True
# While developing (and under pytest, which turns settings.DEBUG off), from the apps' folders.
WHITENOISE_AUTOREFRESH = WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = [*Compressor.SKIP_COMPRESS_EXTENSIONS, "map"]

# A request body's limit (the API answers 413 above it, club/errors.py); the largest honest body,
# a sitting record of a long evening, is far below it. A deal record alone is bounded at 16 KiB.
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "club.api.openapi.ApiSchema",
    # Token first: an anonymous call then gets 401 with "WWW-Authenticate: Token", not 403.
    # `manage.py drf_create_token USER` issues a token; session auth serves the browser.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "club.api.authentication.KeptTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # A ledger: nothing is readable anonymously unless a view says so.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # Every answer is JSON, errors included (club/errors.py); bodies are bounded (club/api/parsers.py).
    "DEFAULT_RENDERER_CLASSES": ["club.api.errors.SafeJSONRenderer"],
    # JSON only: the schema's types (a whole number, true/false) are JSON's; a form would send text.
    "DEFAULT_PARSER_CLASSES": ["club.api.parsers.BoundedJSONParser"],
    "EXCEPTION_HANDLER": "club.errors.api_exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tarokbog API",
    "VERSION": "0.1.0",
    # Swagger UI and Redoc come from drf-spectacular-sidecar's static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Swagger UI would otherwise send the schema's URL to validator.swagger.io.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    # Season.close, Sitting.closed_how and the close request share one choice set: one name.
    "ENUM_NAME_OVERRIDES": {"CloseEnum": "club.models.Season.Close"},
    # Each family's deal record and its parts, built from the rules engine's registry.
    # Field titles dropped: model labels, repeated across types.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "club.api.schemas.add_record_components",
        "club.api.openapi.drop_field_titles",
    ],
}

if not DEBUG:
    # Behind a TLS-terminating proxy, trust its X-Forwarded-Proto, or every request looks like http.
    BEHIND_TLS_PROXY = env_bool("TRUST_X_FORWARDED_PROTO", False)
    if BEHIND_TLS_PROXY:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # Plain http is redirected to https, and cookies are https-only, once a TLS proxy is declared:
    # before that (`make serve` tried on a laptop, http://127.0.0.1:8000/) the site answers over http.
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", BEHIND_TLS_PROXY)
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", BEHIND_TLS_PROXY or SECURE_SSL_REDIRECT)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    # The load balancer asks over plain http.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Addresses of the reverse proxies in front of the site (addresses or networks, comma-separated).
# Only a request that comes from one of them may name the client in X-Forwarded-For; the login
# throttle counts failures per client address (club.client_ip; an IPv6 client by its /64).
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")

# Who gets a mail with the traceback of a server error: ADMINS="Anna <anna@example.org>, …".
# Without ADMINS no mail is sent; errors always go to standard error.
ADMINS = getaddresses(env_list("ADMINS"))
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", "root@localhost")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", SERVER_EMAIL)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)

# Mail leaves through an outbox (django-post-office): every mail is a database row written in the
# transaction of the change that causes it, and `manage.py send_queued_mail` (docs/operations.md, "The mail worker")
# hands it to the delivery backend: SMTP with the EMAIL_* settings above, or the console while
# developing. A mail server that is down leaves the mail queued, never a failed request.
# (Our backend rather than post-office's: its own reads each subject and body as a template.)
EMAIL_BACKEND = "club.services.outbox.QueueBackend"
DELIVERY_BACKENDS = {
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
}
EMAIL_DELIVERY = env_choice("EMAIL_DELIVERY", "console" if DEBUG else "smtp", list(DELIVERY_BACKENDS))
# Statement PDFs wait in the queue as files here until they are sent.
OUTBOX_DIR = Path(os.environ.get("OUTBOX_DIR", BASE_DIR / "outbox"))
STORAGES["outbox"] = {
    "BACKEND": "django.core.files.storage.FileSystemStorage",
    "OPTIONS": {"location": OUTBOX_DIR},
}
POST_OFFICE = {
    "BACKENDS": {"default": DELIVERY_BACKENDS[EMAIL_DELIVERY]},
    "FILE_STORAGE": "outbox",
    # A failed delivery is tried again MAIL_RETRIES times, MAIL_RETRY_MINUTES apart, then marked failed.
    "MAX_RETRIES": env_int("MAIL_RETRIES", 8),
    "RETRY_INTERVAL": datetime.timedelta(minutes=env_int("MAIL_RETRY_MINUTES", 15)),
    # Failures are logged (the office shows the last error); successes only change the status.
    "LOG_LEVEL": 1,
    # One mail at a time, marked sent right after its delivery: a worker killed mid-run sends
    # nothing twice (post-office writes a batch's statuses after the whole batch).
    "BATCH_SIZE": 1,
    "THREADS_PER_PROCESS": 1,
}
# The mail worker's lock (club/management/commands/send_queued_mail.py): beside the outbox, so the
# timer's run and a hand run share it (a systemd unit's PrivateTmp gives each its own /tmp).
MAIL_LOCK_FILE = OUTBOX_DIR / ".send_queued_mail"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "line": {"format": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s"},
    },
    "filters": {
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
        "not_an_outage": {"()": "django.utils.log.CallbackFilter", "callback": "ext://club.log_filters.not_an_outage"},
    },
    "handlers": {
        # Standard error, in production too: a 500 leaves its traceback here (exc_info).
        "stderr": {"class": "logging.StreamHandler", "formatter": "line"},
        "null": {"class": "logging.NullHandler"},
        # Straight to the delivery backend, not the outbox: an error report must not need the
        # database (it may be the error) nor the request's transaction (it is rolled back).
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false", "not_an_outage"],
            "email_backend": DELIVERY_BACKENDS[EMAIL_DELIVERY],
        },
    },
    "root": {"handlers": ["stderr"], "level": env_choice("LOG_LEVEL", "INFO", ["DEBUG", "INFO", "WARNING", "ERROR"])},
    "loggers": {
        # mail_admins sends nothing while ADMINS is empty.
        "django": {"handlers": ["stderr", "mail_admins"], "level": "INFO", "propagate": False},
        # A foreign Host header (scanners send them all day) is answered 400, and gunicorn's access
        # line is all that is written: no traceback, no mail to ADMINS.
        "django.security.DisallowedHost": {"handlers": ["null"], "propagate": False},
        # runserver's own request lines; in production gunicorn writes one access line per request.
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        # Failed logins and lockouts are warnings; axes' INFO lines are bookkeeping.
        "axes": {"level": "WARNING"},
        # dbbackup and dbrestore: one line each, through our handler (the command reuses it rather
        # than adding its own, which printed every line twice).
        "dbbackup.command": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        # The mail worker: one line per run and per failure, through our handler (post-office
        # adds its own unless the logger has one, and every line came out twice).
        "post_office": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        # WeasyPrint logs each step of each PDF at INFO.
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
    },
}
