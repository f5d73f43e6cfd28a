"""Slovenian dates as Slovenski pravopis writes them: "2. 12. 2026", "2. december 2026" (a space after
each dot; Django's own sl formats give "02. december 2026" and "2. dec. 2026", "2. maj. 2026")."""

DATE_FORMAT = "j. F Y"
SHORT_DATE_FORMAT = "j. n. Y"
DATETIME_FORMAT = "j. F Y, H:i"
SHORT_DATETIME_FORMAT = "j. n. Y, H:i"
