"""The client address behind a reverse proxy: X-Forwarded-For is believed only from TRUSTED_PROXIES."""

from __future__ import annotations

import ipaddress

import pytest
from django.test import RequestFactory

from club.client_ip import client_ip, client_key

PROXIES = [ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("10.0.0.0/8")]


def request(remote: str, forwarded: str | None = None):
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **headers)


@pytest.mark.parametrize(
    ("remote", "forwarded", "client"),
    [
        ("203.0.113.9", None, "203.0.113.9"),  # no proxy at all
        ("203.0.113.9", "198.51.100.1", "203.0.113.9"),  # a client naming someone else: ignored
        ("127.0.0.1", "198.51.100.1", "198.51.100.1"),  # the local proxy names the client
        # The client wrote a forged first hop; the proxy appended the address it really saw.
        ("127.0.0.1", "192.0.2.66, 198.51.100.1", "198.51.100.1"),
        ("127.0.0.1", "198.51.100.1, 10.1.2.3", "198.51.100.1"),  # two trusted proxies in a row
        ("127.0.0.1", None, "127.0.0.1"),  # a request made on the proxy's machine itself
        ("127.0.0.1", "", "127.0.0.1"),
        ("127.0.0.1", "not-an-address", "127.0.0.1"),  # nothing readable: the proxy's own address
    ],
)
def test_client_ip(settings, remote, forwarded, client):
    settings.TRUSTED_PROXIES = PROXIES

    assert client_ip(request(remote, forwarded)) == client


def test_without_trusted_proxies_the_header_is_never_read(settings):
    settings.TRUSTED_PROXIES = []

    assert client_ip(request("127.0.0.1", "198.51.100.1")) == "127.0.0.1"


@pytest.mark.parametrize(
    ("remote", "key"),
    [
        ("203.0.113.9", "203.0.113.9"),  # IPv4: the address itself
        ("2001:db8:1:2::1", "2001:db8:1:2::"),
        ("2001:db8:1:2:ffff:ffff:ffff:fffe", "2001:db8:1:2::"),  # the same /64: the same client
        ("2001:db8:1:3::1", "2001:db8:1:3::"),  # the next /64: another client
        ("::ffff:203.0.113.9", "203.0.113.9"),  # an IPv4 client seen through an IPv6 socket
        ("", ""),
    ],
)
def test_client_key_counts_an_ipv6_client_by_its_64(settings, remote, key):
    settings.TRUSTED_PROXIES = PROXIES

    assert client_key(request(remote)) == key
    assert client_ip(request(remote)) == remote  # the audit log keeps the real address


def test_client_key_of_a_forwarded_ipv6_client(settings):
    settings.TRUSTED_PROXIES = PROXIES

    assert client_key(request("127.0.0.1", "2001:db8:aa:bb:1:2:3:4")) == "2001:db8:aa:bb::"
