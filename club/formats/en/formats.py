"""English dates as an English reader at a card table writes them: "1 Dec 2026", never 12/01/2026
(which a European reads as the 12th of January). Everything else is Django's English."""

DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
