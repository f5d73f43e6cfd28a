"""Accounts, transactions and postings: the only record of money.

Postings are written solely through ``ledger.services``; balances are always summed from them.
"""
