"""The client's address: REMOTE_ADDR, unless that is one of settings.TRUSTED_PROXIES.

A client can write any X-Forwarded-For it likes, so the header is read only when the request
comes from a trusted proxy, and from the right: each proxy appends the address it saw, so the
first address (from the right) that is not itself a trusted proxy is the client.
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
