"""The screens before a network match (issue 25): Play on the network, Host a table, the
host's waiting room, Join a table and the joiner's lobby; opened through ``ui/routes.py``.
A person's connection on its way to the table is ``ui/joining.py`` (no screen)."""
