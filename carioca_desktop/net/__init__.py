"""The network table: a host that runs a play/ session and clients that see one seat each.

No pygame here (tests/test_rules_isolation.py): a screen drives ``TableHost.poll`` and
``NetClient.poll`` from its frames; the command line (``carioca host`` / ``carioca join``)
drives them from a loop. The protocol is described in docs/network.md.
"""
