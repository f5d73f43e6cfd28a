"""Slovenian dates as Slovenski pravopis writes them: "2. 12. 2026", "2. december 2026", with a
no-break space after each dot so that a date never breaks across lines (Django's own sl formats
give "02. december 2026" and "2. dec. 2026", "2. maj. 2026")."""

DATE_FORMAT = "j.\u00a0F Y"
SHORT_DATE_FORMAT = "j.\u00a0n.\u00a0Y"
DATETIME_FORMAT = "j.\u00a0F Y, H:i"
SHORT_DATETIME_FORMAT = "j.\u00a0n.\u00a0Y, H:i"
