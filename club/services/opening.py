"""Carrying a club over from paper: its members from a spreadsheet, each with the saldo the paper
books kept for him.

The spreadsheet is a CSV file as a spreadsheet saves it: UTF-8 with or without a byte order mark,
its fields separated by `,` or `;`, a header row `name,email,role,saldo` (or the Danish
`navn,email,rolle,saldo`; only the name is required). A role is written in English or Danish
(member/medlem, scorer/skriver, admin/klubadministrator); none means a plain member. A saldo is in
kroner as `ore_from_kroner` reads them, with a leading minus when the member owes the club
(`-12,50`); the club owes him a positive one (`7,25`); empty is nothing.

Every row is checked by the members' rules before anything is written (`members.Roster`: names
unique in the club as they look, one address per member, a request to an address that already has
a login), and every refused row is named by its line; then the members are added together
(`members.add_members`), each saldo carried over as `carry_over` does one (`carry_over_many`), a
few statements for the whole file (2,000 rows fit in one request: issue 36). A saldo is a payment
of its own kind (`Payment.Method.OPENING`) between the member's payments account and the club's
opening-balance account, never the till: it shows on the member's statement and in the club's
log as carried over from paper, and is reversed like any payment. The whole file is imported or
none of it.

A table's cups or pot come over the same way, in points, before its first sitting
(`carry_over_table`): each account a `TableOpening` between the table's account and the club's
opening-balance account for points, in the book of the season the table is to play. Which accounts
a table keeps is its game's (the family's `table_accounts`); the replay of the table's sittings
starts from what they hold, so a holding is reversed only while the table has not played.
"""

from __future__ import annotations

import csv
import datetime
import io
import zipfile
from dataclasses import dataclass, field
from decimal import Decimal

import openpyxl
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl.utils.exceptions import InvalidFileException

from ledger import services as ledger
from ledger.models import Posting, Unit

from .. import audit, families, inputs
from ..models import Club, Member, Payment, Season, Sitting, Table, TableOpening
from . import bookkeeping, members, till
from .office import OfficeError, clean_email, refuse
from .payments import MAX_PAYMENT_ORE

MAX_FILE_BYTES = 1024 * 1024  # a club's members fit in a few kilobytes
MAX_ROWS = 2000
# The header's words, English and Danish, to the field they name.
COLUMNS = {
    "name": "name",
    "navn": "name",
    "email": "email",
    "e-mail": "email",
    "role": "role",
    "rolle": "role",
    "saldo": "saldo",
}
# A role as the spreadsheet writes it, in English or Danish, to the role.
ROLES = {
    "": Member.Role.MEMBER,
    "member": Member.Role.MEMBER,
    "medlem": Member.Role.MEMBER,
    "scorer": Member.Role.SCORER,
    "skriver": Member.Role.SCORER,
    "admin": Member.Role.ADMIN,
    "club admin": Member.Role.ADMIN,
    "klubadministrator": Member.Role.ADMIN,
    "administrator": Member.Role.ADMIN,
}


@dataclass(frozen=True)
class SheetRow:
    line: int  # in the file, the header being line 1
    name: str
    email: str
    role: str
    saldo_ore: int  # > 0: the club owes him; < 0: he owes the club


@dataclass(frozen=True)
class RowProblem:
    line: int  # 0: the file as a whole
    message: str


@dataclass
class Carried:
    """What an import did, or would do: each row with its member, and what was refused."""

    rows: list[SheetRow] = field(default_factory=list)
    problems: list[RowProblem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # how the file was read, for the official to check
    updated: set[int] = field(default_factory=set)  # the lines that update a member the club had
    invited: list[Member] = field(default_factory=list)  # the members the import invited
    members: list[Member] = field(default_factory=list)
    imported: bool = False

    @property
    def added(self) -> list[SheetRow]:
        """The rows that add a new member (the others update one the club had)."""
        return [row for row in self.rows if row.line not in self.updated]

    @property
    def total_ore(self) -> int:
        return sum(row.saldo_ore for row in self.rows)


class _Undone(Exception):
    """Leaves the import's transaction so that it rolls back (a preview, or a refused row)."""


# --- reading the spreadsheet ---------------------------------------------------------------------


def read_sheet(data: bytes) -> Carried:
    """The spreadsheet's rows, or what is wrong with it, line by line (nothing is written)."""
    found = Carried()
    if len(data) > MAX_FILE_BYTES:
        found.problems.append(RowProblem(0, _("The file is larger than 1 MB; a club's members fit in far less.")))
        return found
    try:
        lines = _xlsx_lines(data) if data.startswith(XLSX_MAGIC) else _csv_lines(data, found)
    except _Unreadable as unreadable:
        found.problems.append(RowProblem(unreadable.line, str(unreadable)))
        return found
    if not lines or not any(cell.strip() for cell in lines[0][1]):
        found.problems.append(RowProblem(1, _("The first line must name the columns: name,email,role,saldo.")))
        return found
    header = [cell.strip().lower() for cell in lines[0][1]]
    while header and not header[-1]:
        header.pop()  # a spreadsheet's empty columns to the right
    columns = [COLUMNS.get(cell) for cell in header]
    unknown = [cell for cell, column in zip(header, columns, strict=True) if column is None]
    if unknown or "name" not in columns or len(set(columns)) != len(columns):
        found.problems.append(
            RowProblem(
                1,
                _(
                    "The first line must name the columns name,email,role,saldo (or navn,email,rolle,saldo), not %(header)s."
                )
                % {"header": ",".join(header)},
            )
        )
        return found
    for line, cells in lines[1:]:
        if line > MAX_ROWS + 1:
            found.problems.append(RowProblem(line, _("At most %(limit)d members at once.") % {"limit": MAX_ROWS}))
            break
        if not any(cell.strip() for cell in cells):
            continue
        _read_row(found, line, cells, columns)
    if not found.rows and not found.problems:
        found.problems.append(RowProblem(2, _("The file holds no members.")))
    return found


class _Unreadable(Exception):
    """The file is no spreadsheet we can read (its message says what to do): as a whole (line 0),
    or from its `line` on."""

    def __init__(self, message: str, line: int = 0):
        super().__init__(message)
        self.line = line


XLSX_MAGIC = b"PK\x03\x04"  # an XLSX file is a zip archive
MAX_COLUMNS = 20  # the four columns, and room for a spreadsheet's own


def _csv_lines(data: bytes, found: Carried) -> list[tuple[int, list[str]]]:
    """A CSV file's lines as (line number, cells): UTF-8 with or without a byte order mark, else
    Windows-1252 (what Excel saves as "CSV" in Danish), said in `found.notes`; its fields separated
    by `;` or `,`, whichever its first line has more of."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise _Unreadable(_("Save the spreadsheet as CSV (UTF-8 or Windows-1252) or as XLSX.")) from None
        found.notes.append(
            _("Read as Windows-1252, the letters of Excel's CSV in Danish: check æ, ø and å in the preview.")
        )
    if message := inputs.bad_character(text):
        raise _Unreadable(message)
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    lines = []
    try:
        for cells in reader:
            lines.append((reader.line_num, cells))
            if reader.line_num > MAX_ROWS + 1:
                break
    except csv.Error:  # with newline="" and a file without NUL: only a field over csv.field_size_limit()
        raise _Unreadable(
            _("A field is longer than %(limit)d characters: no name, address, role or saldo is.")
            % {"limit": csv.field_size_limit()},
            line=reader.line_num,
        ) from None
    return lines


def _xlsx_lines(data: bytes) -> list[tuple[int, list[str]]]:
    """The first worksheet's rows as (row number, cells as text). A number in kroner is written as
    a Dane types it (-125.5 -> "-125,50"), so `saldo_from_kroner` reads it as from a CSV file."""
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        rows = list(sheet.iter_rows(max_row=MAX_ROWS + 2, max_col=MAX_COLUMNS, values_only=True))
    except (zipfile.BadZipFile, InvalidFileException, KeyError, ValueError, IndexError, OSError):
        raise _Unreadable(
            _("The file is no XLSX spreadsheet that can be read: save it again as XLSX or CSV.")
        ) from None
    lines = [(number, [_cell_text(cell) for cell in row]) for number, row in enumerate(rows, start=1)]
    for _number, cells in lines:
        for cell in cells:
            if message := inputs.bad_character(cell):
                raise _Unreadable(message)
    return lines


# A number cell at least this large is written as it is, not as kroner: far above any saldo, and
# below the 28 digits of Decimal's context, which quantize cannot go past.
MAX_CELL_KRONER = Decimal(10) ** 15


def _cell_text(cell: object) -> str:
    if cell is None:
        return ""
    if isinstance(cell, bool):
        return str(cell)
    if isinstance(cell, int):
        return str(cell)
    if isinstance(cell, float | Decimal):
        amount = Decimal(str(cell))
        if not amount.is_finite() or abs(amount) >= MAX_CELL_KRONER:
            return str(cell)  # no amount of kroner (1e+30): `saldo_from_kroner` says so
        return f"{amount.quantize(Decimal('0.01')):.2f}".replace(".", ",")
    if isinstance(cell, datetime.datetime | datetime.date):
        return cell.isoformat()
    return str(cell)


def _read_row(found: Carried, line: int, cells: list[str], columns: list[str | None]) -> None:
    while len(cells) > len(columns) and not cells[-1].strip():
        cells = cells[:-1]  # a spreadsheet's empty columns to the right
    if len(cells) != len(columns):
        found.problems.append(
            RowProblem(
                line,
                _("%(found)d fields where the header has %(wanted)d.") % {"found": len(cells), "wanted": len(columns)},
            )
        )
        return
    values = {column: cell.strip() for column, cell in zip(columns, cells, strict=True) if column}
    role = ROLES.get(values.get("role", "").lower())
    if role is None:
        found.problems.append(
            RowProblem(line, _('"%(role)s" is no role: write member, scorer or admin.') % {"role": values["role"]})
        )
        return
    try:
        saldo_ore = saldo_from_kroner(values.get("saldo", ""))
    except inputs.AmountRefused as refused:
        found.problems.append(RowProblem(line, str(refused)))
        return
    found.rows.append(SheetRow(line, values["name"], values.get("email", ""), role, saldo_ore))


def saldo_from_kroner(text: str) -> int:
    """A saldo in kroner, as the spreadsheet writes it, in øre: `-12,50` -> -1250 (he owes the
    club), `7,25` -> 725, empty -> 0. Bounded as a payment is."""
    typed = text.strip()
    if not typed:
        return 0
    sign = -1 if typed[0] in "-\u2212" else 1
    ore = inputs.ore_from_kroner(typed[1:] if sign < 0 else typed)
    if ore > MAX_PAYMENT_ORE:
        raise inputs.AmountRefused(_("A saldo from 0,01 to 100.000,00 kr."))
    return sign * ore


# --- importing -----------------------------------------------------------------------------------


def import_members(
    club: Club,
    data: bytes,
    *,
    by=None,
    on: datetime.date | None = None,
    dry_run: bool = False,
    site_url: str = "",
    invite: bool = False,
) -> Carried:
    """Add the spreadsheet's members to the club, each with his saldo carried over on `on`
    (today): every row or none. Every row is checked first, against the club's members read once
    under its lock (`members.Roster`), and every refusal is named, line by line; with none, the
    rows are written: the new members, the first addresses of members added by hand and every
    saldo together, a member whose address changes through `members.edit_member`. With
    `dry_run` everything is written and then undone, so the preview meets every rule the import
    does, the database's own too. With `invite`, every imported member with an address and no
    password yet is invited (`members.invite_all`, links to `site_url`)."""
    carried = read_sheet(data)
    if carried.problems:
        return carried
    on = on or timezone.localdate()
    try:
        with transaction.atomic():
            roster = members.Roster.of(club, [row.email for row in carried.rows])
            plan = _Plan()
            for row in carried.rows:
                try:
                    _plan_row(row, plan, roster)
                except OfficeError as error:
                    carried.problems.append(RowProblem(row.line, str(error)))
            _refuse_posted(plan, carried)
            if not carried.problems:
                _write(club, plan, roster, carried, by=by, on=on, site_url=site_url)
            if carried.problems or dry_run:
                carried.problems.sort(key=lambda problem: problem.line)
                raise _Undone
            if invite:  # each imported member with an address and no password yet, in this transaction
                carried.invited = members.invite_all(club, base_url=site_url, among=carried.members, by=by)
            audit.record(club, audit.Kind.MEMBERS_IMPORTED, by=by, count=len(carried.members))
    except _Undone:
        return carried
    carried.imported = True
    return carried


@dataclass
class _Plan:
    """The rows checked, by line: each adds a member, or updates one the club has."""

    new: dict[int, members.NewMember] = field(default_factory=dict)
    known: dict[int, tuple[int, str]] = field(default_factory=dict)  # his id, and the row's address


def _plan_row(row: SheetRow, plan: _Plan, roster: members.Roster) -> None:
    """Check a row as its import will meet it, against the roster (which takes it in)."""
    email = clean_email(row.email)
    known = roster.known(row.name, email)
    if known is None:
        plan.new[row.line] = roster.admit(name=row.name, email=row.email, role=row.role)
    else:
        roster.readdress(known, email)
        plan.known[row.line] = (known, email)


def _refuse_posted(plan: _Plan, carried: Carried) -> None:
    """Lock the members the club has whose saldo comes over and refuse those who have played or
    paid already, as `carry_over_once` does one: two statements for all of them."""
    saldi = {row.line: row.saldo_ore for row in carried.rows}
    ids = [member_id for line, (member_id, _email) in plan.known.items() if saldi[line]]
    locked = dict(Member.objects.select_for_update(of=("self",)).filter(pk__in=ids).values_list("pk", "name"))
    posted = with_postings(ids)
    for line, (member_id, _email) in list(plan.known.items()):
        if member_id in posted and saldi[line]:
            carried.problems.append(RowProblem(line, str(_posted_already(locked[member_id]))))
            del plan.known[line]


def _write(club: Club, plan: _Plan, roster: members.Roster, carried: Carried, *, by, on, site_url: str) -> None:
    """The checked rows written: the known members' new addresses one by one, the new members and
    every saldo together. A refusal here (another club took an address meanwhile) is named by its
    line, as the check's are."""
    written: dict[int, Member] = {}
    ids = [member_id for member_id, _email in plan.known.values()]
    known = Member.objects.select_related("club", "user").in_bulk(ids)
    first: list[tuple[Member, str]] = []  # members added by hand, given their first address
    for line, (member_id, email) in plan.known.items():
        member = known[member_id]
        if email and not member.email and member.user_id is None:
            first.append((member, email))
        elif email and email != member.email:
            try:
                member = members.edit_member(
                    member, name=member.name, email=email, role=member.role, site_url=site_url, by=by
                )
            except OfficeError as error:
                carried.problems.append(RowProblem(line, str(error)))
                continue
        written[line] = member
    try:
        members.give_first_addresses(first, roster, site_url=site_url, by=by)
        added = members.add_members(club, list(plan.new.values()), site_url=site_url, by=by)
    except members.LoginsTaken as taken:
        lines = {new.email: line for line, new in plan.new.items()}
        lines |= {email: line for line, (_member_id, email) in plan.known.items()}
        carried.problems.extend(RowProblem(lines[address], str(taken)) for address in taken.addresses)
        return
    written |= dict(zip(plan.new, added, strict=True))
    saldi = {row.line: row.saldo_ore for row in carried.rows}
    carry_over_many([(written[line], saldi[line]) for line in sorted(written) if saldi[line]], on=on, by=by)
    carried.updated = set(plan.known)
    carried.members = [written[line] for line in sorted(written)]


@transaction.atomic
def carry_over_once(member: Member, saldo_ore: int, *, on: datetime.date, by=None) -> Payment:
    """His saldo from the paper books (his office page, or the import's row for a member the club
    has already): once, before anything is posted on his accounts. His row is locked, so two
    officials sending it at once carry it over once."""
    member = Member.objects.select_for_update(of=("self",)).get(pk=member.pk)
    if has_postings(member):
        raise _posted_already(member.name)
    return carry_over(member, saldo_ore, on=on, by=by)


def _posted_already(name: str) -> OfficeError:
    return refuse(
        "saldo",
        _(
            "%(name)s has played or paid already: a saldo from paper comes over before the first "
            "posting on the member's account."
        )
        % {"name": name},
    )


def has_postings(member: Member) -> bool:
    """Anything posted on the member's points or payments account."""
    return bool(with_postings([member.pk]))


def with_postings(member_ids: list[int]) -> set[int]:
    """Those of the members with anything posted on their points or payments account: two
    statements for any number."""
    owners: dict[int, int] = {}
    for pk, *accounts in Member.objects.filter(pk__in=member_ids).values_list(
        "pk", "account_id", "payments_account_id"
    ):
        owners |= {account: pk for account in accounts if account is not None}
    posted = Posting.objects.filter(account_id__in=owners).order_by().values_list("account_id", flat=True).distinct()
    return {owners[account] for account in posted}


@transaction.atomic
def carry_over(member: Member, saldo_ore: int, *, on: datetime.date, by=None) -> Payment:
    """The member's saldo from the paper books as a payment of its own kind: a positive one as if
    he had paid it in, a negative one as if it had been paid out to him."""
    actor, by = by, audit.login_of(by)
    payment = _opening_payment(member, saldo_ore, on=on, by=by)
    payment.transaction = till.post(payment, by=by)
    payment.save()
    audit.record(member.club_id, audit.Kind.PAYMENT, by=actor, payment=payment.pk)
    return payment


@transaction.atomic
def carry_over_many(saldi: list[tuple[Member, int]], *, on: datetime.date, by=None) -> list[Payment]:
    """`carry_over` for each (member, saldo) of one club, in a few statements whatever their
    number (an import)."""
    if not saldi:
        return []
    actor, by = by, audit.login_of(by)
    payments = [_opening_payment(member, saldo_ore, on=on, by=by) for member, saldo_ore in saldi]
    for payment, transaction_ in zip(payments, till.post_many(payments, by=by), strict=True):
        payment.transaction = transaction_
    made = Payment.objects.bulk_create(payments)
    audit.record_many(
        saldi[0][0].club_id, [(audit.Kind.PAYMENT, {"payment": payment.pk}) for payment in made], by=actor
    )
    return made


def _opening_payment(member: Member, saldo_ore: int, *, on: datetime.date, by) -> Payment:
    if not 0 < abs(saldo_ore) <= MAX_PAYMENT_ORE:
        raise OfficeError({"saldo": [_("A saldo from 0,01 to 100.000,00 kr.")]})
    return Payment(
        club_id=member.club_id,
        member=member,
        direction=Payment.Direction.IN if saldo_ore > 0 else Payment.Direction.OUT,
        amount_ore=abs(saldo_ore),
        method=Payment.Method.OPENING,
        paid_on=on,
        recorded_by=by,
    )


# --- a table's cups or pot -----------------------------------------------------------------------

MAX_HOLDING_POINTS = 100_000  # a cup or a pot of more points is a typing error


def holding_accounts(season: Season) -> dict[str, str]:
    """The table accounts the season's game keeps, engine name -> the game's word for it."""
    return {
        name: families.table_account_name(name) for name in season.family.rules_family.table_accounts(season.ruleset())
    }


def carry_over_table(
    table: Table, season: Season, holdings: dict[str, int], *, on: datetime.date | None = None, by=None
) -> list[TableOpening]:
    """What the table's cups or pot held on paper, in points, each account a `TableOpening`:
    all of them or none. Only before the table's first sitting, only accounts the season's game
    keeps, and one standing holding per account (reverse a wrong one first)."""
    actor, by = by, audit.login_of(by)
    on = on or timezone.localdate()
    accounts = holding_accounts(season)
    errors: dict[str, list[str]] = {}
    if season.club_id != table.club_id:
        errors["season"] = [_("The table and the season must belong to the same club.")]
    elif not accounts:
        errors["season"] = [_("%(season)s keeps no cups and no pot.") % {"season": season}]
    for name, points in holdings.items():
        if name not in accounts:
            errors.setdefault("account", []).append(
                _("%(season)s keeps no account %(name)s.") % {"season": season, "name": name}
            )
        elif not 0 < points <= MAX_HOLDING_POINTS:
            errors.setdefault("points", []).append(_("From 1 to 100.000 points."))
    if not holdings:
        errors["points"] = [_("Give what at least one of the table's accounts held.")]
    if not inputs.FIRST_YEAR <= on.year <= inputs.LAST_YEAR:
        errors["opened_on"] = [_("Give a real date.")]
    if errors:
        raise OfficeError(errors)
    with transaction.atomic():
        _lock_unplayed(table)
        standing = set(standing_holdings(table))
        for name in holdings:
            if name in standing:
                raise refuse(
                    "account",
                    _("%(table)s has its %(account)s from paper already; reverse it first.")
                    % {"table": table, "account": accounts[name]},
                )
        carried = [_post_holding(table, season, name, points, on=on, by=by) for name, points in holdings.items()]
        for opening in carried:
            opening.save()
            audit.record(table.club_id, audit.Kind.TABLE_OPENING, by=actor, opening=opening.pk)
        return carried


def _lock_unplayed(table: Table) -> None:
    """Lock the table's row (a sitting being started waits for us, and we for it) and refuse a
    table that has played: its sittings' replay starts from what its accounts held."""
    list(Table.objects.select_for_update(no_key=True, of=("self",)).filter(pk=table.pk).values_list("pk"))
    if Sitting.objects.filter(table=table).exists():
        raise refuse(
            "table",
            _("%(table)s has played already: what its cups or pot held on paper comes over before its first sitting.")
            % {"table": table},
        )


def _post_holding(
    table: Table, season: Season, name: str, points: int, *, on: datetime.date, by, reverses: TableOpening | None = None
) -> TableOpening:
    opening = TableOpening(
        club_id=table.club_id,
        table=table,
        season=season,
        account=name,
        points=points,
        opened_on=on,
        recorded_by=by,
        reverses=reverses,
        reason="",
    )
    if reverses is not None and reverses.transaction is not None:
        opening.transaction = ledger.reverse(reverses.transaction, value_date=on, by=by)
        return opening
    own = bookkeeping.table_accounts(table, [name])[name]
    club_side = ledger.account(bookkeeping.club_owner(table.club_id), bookkeeping.OPENING_POINTS, Unit.POINTS)
    opening.transaction = ledger.post(
        reference=f"table:{table.pk} opening {name}",
        lines=[ledger.Line(own.pk, points, rule="opening"), ledger.Line(club_side.pk, -points, rule="opening")],
        value_date=on,
        book=bookkeeping.season_book(season.pk),
        by=by,
    )
    return opening


def standing_holdings(table: Table) -> dict[str, TableOpening]:
    """The table's opening holdings that count: neither reversed nor a reversal, by account."""
    rows = TableOpening.objects.filter(table=table, reverses__isnull=True, reversed_by__isnull=True)
    return {row.account: row for row in rows.order_by("pk")}


def reverse_table_opening(
    opening: TableOpening, *, reason: str, by=None, on: datetime.date | None = None
) -> TableOpening:
    """Undo a wrong opening holding, while its table has not played: the exact opposite, with
    the reason."""
    actor, by = by, audit.login_of(by)
    reason = reason.strip()
    if not reason:
        raise refuse("reason", _("Say why it is reversed."))
    if message := inputs.bad_character(reason):
        raise refuse("reason", message)
    if len(reason) > inputs.MAX_REASON:
        raise refuse("reason", _("At most %(limit)d characters.") % {"limit": inputs.MAX_REASON})
    with transaction.atomic():
        _lock_unplayed(opening.table)
        opening = TableOpening.objects.select_related("table", "season").get(pk=opening.pk)
        if opening.reverses_id is not None:
            raise refuse("opening", _("A reversal is not reversed; carry the holding over again instead."))
        if TableOpening.objects.filter(reverses=opening).exists():
            raise refuse("opening", _("This holding is reversed already."))
        reversal = _post_holding(
            opening.table,
            opening.season,
            opening.account,
            opening.points,
            on=on or timezone.localdate(),
            by=by,
            reverses=opening,
        )
        reversal.reason = reason
        reversal.save()
        audit.record(reversal.club_id, audit.Kind.TABLE_OPENING, by=actor, opening=reversal.pk)
        return reversal
