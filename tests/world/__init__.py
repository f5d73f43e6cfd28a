"""The test world: one way to build what a test plays with.

- `world.records` (the standard library and `rules` only, so the rules tests stay free of
  Django): one deal-record builder per family, `danish_deal` and `hungarian_deal`, the sitting
  record around them (`sitting_record`), and the reader of one deal's event in a replay.
- `world.clubs` (Django): a user, a club and its members, a season, a table, a sitting started
  through the services, and deals played in it.
- `world.fixtures` (a pytest plugin, loaded by tests/conftest.py): the same builders as the fixtures
  every test folder uses: `club`, `members`, `season`, `table`, `today`, `sitting_date`,
  `start_sitting` and `sitting`, and `make_club`, `make_season`, `make_table` for more of each. A
  folder's conftest changes a fixture's scenario (its club's name and members, its season, its
  day), never how the thing is built.
- `world.run_lines` (a pytest plugin, loaded by tests/conftest.py): lines said once at the end of
  a run (`say_at_the_end`, the `summary_lines` fixture), from pytest-xdist's workers too.

This package's own module imports nothing, so `import world.records` loads no Django.
"""
