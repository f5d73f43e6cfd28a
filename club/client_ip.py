"""The client's address: REMOTE_ADDR, unless that is one of settings.TRUSTED_PROXIES.

A client can write any X-Forwarded-For it likes, so the header is read only when the request
comes from a trusted proxy, and from the right: each proxy appends the address it saw, so the
first address (from the right) that is not itself a trusted proxy is the client.

The throttles count a client by `client_key`: an IPv4 address as it is, an IPv6 address by its /64
network, since whoever holds one IPv6 address usually holds the whole /64 and could otherwise be a
fresh client on every request. The audit log keeps the real address (`client_ip`).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _trusted(ip: ipaddress.IPv4Address | ipaddress.IPv6Address | None) -> bool:
    return ip is not None and any(ip in network for network in settings.TRUSTED_PROXIES)


def client_ip(request: HttpRequest) -> str:
    address = request.META.get("REMOTE_ADDR", "")
    if not _trusted(_ip(address)):
        return address
    for hop in reversed(request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")):
        ip = _ip(hop)
        if ip is None:  # the chain is broken here: the proxy's own address is all we know
            return address
        if not _trusted(ip):
            return str(ip)
    return address


# The prefix an ISP hands one line: every address in it is one client to the throttles.
IPV6_CLIENT_PREFIX = 64


def client_key(request: HttpRequest) -> str:
    """The client as the throttles count it: its IPv4 address, or the first address of its IPv6
    /64 network (still an address, so axes can store it); anything unreadable as it is."""
    address = client_ip(request)
    ip = _ip(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{ip}/{IPV6_CLIENT_PREFIX}", strict=False).network_address)
    return address
